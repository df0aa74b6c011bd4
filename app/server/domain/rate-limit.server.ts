import { db } from "../storage/db.server";
import { getEnv } from "../platform/env.server";

export type RateLimitResult = { allowed: boolean; count: number; remaining: number; resetAt: Date };

/**
 * Fixed-window counter over the RateLimit table: counts one hit for `key` and says whether it is
 * within `limit` hits per `windowMs`. Generic (contact form per address, login attempts ...):
 * callers choose the key, e.g. "contact:203.0.113.7" or "login:admin".
 * The read and the write run in one transaction, so concurrent hits are not lost.
 */
export async function hit(key: string, limit: number, windowMs: number, now = new Date()): Promise<RateLimitResult> {
  const row = await db.$transaction(async (tx) => {
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
  // Now and then drop finished windows, so one-off keys (addresses) do not pile up.
  if (Math.random() < 0.01) await purgeExpiredRateLimits(now);
  return { allowed: row.count <= limit, count: row.count, remaining: Math.max(0, limit - row.count), resetAt: row.resetAt };
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

/** Drops windows that are over; cheap housekeeping any caller may run now and then. */
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
