import { db, onPostgres } from "../storage/db.server";
import { getEnv } from "../platform/env.server";

export type RateLimitResult = { allowed: boolean; count: number; remaining: number; resetAt: Date };

/**
 * Fixed-window counter over the RateLimit table: counts one hit for `key` and says whether it is
 * within `limit` hits per `windowMs`. Generic (contact form per address, login attempts ...):
 * callers choose the key, e.g. "contact:203.0.113.7" or "login:admin".
 * The read and the write run in one transaction, so concurrent hits are not lost (SQLite has one
 * writer at a time; PostgreSQL counts in one atomic statement instead, `postgresHit`).
 */
export async function hit(key: string, limit: number, windowMs: number, now = new Date()): Promise<RateLimitResult> {
  const row = onPostgres() ? await postgresHit(key, windowMs, now) : await sqliteHit(key, windowMs, now);
  return { allowed: row.count <= limit, count: row.count, remaining: Math.max(0, limit - row.count), resetAt: row.resetAt };
}

function sqliteHit(key: string, windowMs: number, now: Date): Promise<{ count: number; resetAt: Date }> {
  return db.$transaction(async (tx) => {
    const current = await tx.rateLimit.findUnique({ where: { key }, select: { count: true, resetAt: true } });
    if (!current || current.resetAt.getTime() <= now.getTime()) {
      const resetAt = new Date(now.getTime() + windowMs);
      return tx.rateLimit.upsert({
        where: { key },
        create: { key, count: 1, resetAt },
        update: { count: 1, resetAt },
        select: { count: true, resetAt: true },
      });
    }
    return tx.rateLimit.update({ where: { key }, data: { count: { increment: 1 } }, select: { count: true, resetAt: true } });
  });
}

/**
 * On PostgreSQL two transactions can both find no row (read committed), and Prisma's upsert then
 * sets the count to 1 twice: hits were lost (the parallel burst of tests/domain/login-throttling.test.ts
 * got through). One INSERT ... ON CONFLICT counts atomically: the first hit of a window makes the row,
 * every other one increments it, or starts a new window when the old one is over. resetAt is a UTC
 * `timestamp` (Prisma's DateTime there), so times go in and out as UTC.
 */
async function postgresHit(key: string, windowMs: number, now: Date): Promise<{ count: number; resetAt: Date }> {
  const nowText = now.toISOString();
  const resetText = new Date(now.getTime() + windowMs).toISOString();
  const [row] = await db.$queryRaw<{ count: number; reset_ms: number }[]>`
    INSERT INTO "RateLimit" ("key", "count", "resetAt") VALUES (${key}, 1, ${resetText}::timestamptz AT TIME ZONE 'UTC')
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimit"."resetAt" <= ${nowText}::timestamptz AT TIME ZONE 'UTC' THEN 1 ELSE "RateLimit"."count" + 1 END,
      "resetAt" = CASE WHEN "RateLimit"."resetAt" <= ${nowText}::timestamptz AT TIME ZONE 'UTC' THEN excluded."resetAt" ELSE "RateLimit"."resetAt" END
    RETURNING "count", (EXTRACT(EPOCH FROM "resetAt") * 1000)::float8 AS reset_ms`;
  if (!row) throw new Error(`rate limit ${key}: the upsert returned no row`);
  return { count: Number(row.count), resetAt: new Date(Math.round(Number(row.reset_ms))) };
}

/**
 * Takes back one hit of `key` in its current window: for callers that count an attempt before
 * knowing its outcome (so parallel attempts are all counted) and then learn it must not count,
 * e.g. a sign-in that succeeded.
 */
export async function releaseHit(key: string, now = new Date()): Promise<void> {
  await db.rateLimit.updateMany({ where: { key, count: { gt: 0 }, resetAt: { gt: now } }, data: { count: { decrement: 1 } } });
}

/** Forgets the counter of `key` (e.g. after a successful sign-in). */
export async function resetRateLimit(key: string): Promise<void> {
  await db.rateLimit.deleteMany({ where: { key } });
}

/**
 * Drops windows that are over, so one-off keys (visitor addresses) do not pile up. The janitor runs
 * it every hour; a hit never does, so counting one key never touches another key's row.
 */
export async function purgeExpiredRateLimits(now = new Date()): Promise<number> {
  const { count } = await db.rateLimit.deleteMany({ where: { resetAt: { lte: now } } });
  return count;
}

/**
 * Without a proxy header every visitor is "unknown" and shares one counter: it then works as a
 * site-wide flood guard with a larger allowance instead of blocking everybody at once.
 */
const UNKNOWN_ADDRESS_FACTOR = 10;

/** The allowance of one client address for a per-address `limit`. */
export function limitForAddress(address: string, limit: number): number {
  return address === "unknown" ? limit * UNKNOWN_ADDRESS_FACTOR : limit;
}

/** Header in which server.mjs passes the client address to the app (any value sent by a client is replaced). */
const CLIENT_ADDRESS_HEADER = "x-client-address";

/**
 * The client address of a request, as server.mjs found it: the socket address, or with
 * TRUST_PROXY set, the address the trusted reverse proxy reports (Express's req.ip).
 * Requests built without server.mjs (unit tests) give "unknown".
 */
export function clientAddress(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER)?.trim().slice(0, 64) || "unknown";
}

/**
 * True when a proxy reports the client's address (X-Forwarded-For) but TRUST_PROXY is off: every
 * visitor then has the proxy's address and shares its limits (the request edge logs a warning too).
 */
export function viaUntrustedProxy(request: Request): boolean {
  return !getEnv().trustProxy && request.headers.has("x-forwarded-for");
}
