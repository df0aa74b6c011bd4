import type Database from "better-sqlite3";
import pg from "pg";
import type { Prisma } from "~/generated/prisma/client";
import { getEnv } from "../platform/env.server";
import { log } from "../platform/log.server";
import { onPostgres, postgresReader, readerConnection } from "./db.server";
import { NEXT_PUBLICATION_POSTGRES, nextPublicationAfter } from "./publication.server";

/**
 * Freshness of everything derived from the content in the database, in one rule:
 *
 *   Every content write calls `contentChanged(tx)` inside its own transaction; every cache of
 *   content keeps the `contentVersion()` it was built under and is rebuilt when it moved.
 *
 * The version is one row in the database, so a rolled-back write does not move it, a committed one
 * always does, and every server process sharing the database sees it on its next read. The caches
 * that follow it: the page cache (http/page-cache.server.ts), the read cache of renders
 * (read-cache.server.ts) and the search index (search.server.ts). Sign-in, sessions, captchas and
 * the activity log are not content: they leave the caches alone. A write made outside the app (a
 * script, SQL by hand) must move the version too (`UPDATE "ContentVersion" SET version = version + 1
 * WHERE id = 1`; the row is made by its migration), or be followed by a restart.
 *
 * Time moves the content too: a scheduled news item or composition becomes visible when its
 * publication time passes, with no write (issue 24, publication.server.ts). So the version a cache
 * compares is the stored one plus the number of scheduled times this process has seen pass: both
 * only grow, so any change gives a new number, and a cache rebuilt then shows the item.
 *
 * What is not in the database follows its own file: the content JSON files by their modification
 * time (content.server.ts), stored pictures by their URL, which names their bytes (images.server.ts).
 *
 * On PostgreSQL no read is synchronous: the stored version and the next publication time are read
 * before each request (`refreshContentVersion`, awaited by the page cache's middleware, which every
 * page and data request passes), at once when another instance's write is notified (LISTEN/NOTIFY,
 * `startContentVersionListener`) and every second in the background (CONTENT_POLL_S: the fallback);
 * `contentVersion()` answers from the last read. A write of this process moves it at once too
 * (`contentChanged` counts it here: a count that only grows, so any change still gives a new number).
 */
const ROW_ID = 1;
/** The PostgreSQL channel `contentChanged` notifies on, with the new stored version as the payload. */
const CHANNEL = "content_changed";

/** Content writes of this process (PostgreSQL: they move its version before the next read of the stored one). */
let writesHere = 0;

export async function contentChanged(tx: Prisma.TransactionClient): Promise<void> {
  const { version } = await tx.contentVersion.upsert({
    where: { id: ROW_ID },
    create: { id: ROW_ID, version: 1 },
    update: { version: { increment: 1 } },
    select: { version: true },
  });
  if (onPostgres()) {
    writesHere += 1;
    // Delivered at commit, to every instance's listener (startContentVersionListener); a rolled-back
    // write notifies nobody.
    await tx.$executeRawUnsafe(`SELECT pg_notify('${CHANNEL}', $1)`, String(version));
  }
}

let read: { connection: Database.Database; statement: Database.Statement } | undefined;

/** The next scheduled publication known for the stored version, and how many have passed in this process. */
let schedule: { storedVersion: number; nextAt: number | null } | undefined;
let publicationsPassed = 0;

/**
 * The current content version (0 before the first content write). A few microseconds (a statement
 * on a connection of its own), so a cache can check it on every use; the next publication time is
 * read again only when the stored version moved or that time passed. Throws when the database
 * cannot be read: a cache then keeps nothing.
 */
export function contentVersion(): number {
  if (onPostgres()) return postgresContentVersion();
  const connection = readerConnection();
  if (read?.connection !== connection) {
    read = { connection, statement: connection.prepare(`SELECT version FROM "ContentVersion" WHERE id = ${ROW_ID}`).pluck() };
    schedule = undefined;
  }
  const storedVersion = (read.statement.get() as number | undefined) ?? 0;
  const now = Date.now();
  if (schedule?.storedVersion !== storedVersion) {
    schedule = { storedVersion, nextAt: nextPublicationAfter(connection, now) };
  } else if (schedule.nextAt !== null && now >= schedule.nextAt) {
    publicationsPassed += 1;
    schedule.nextAt = nextPublicationAfter(connection, now);
  }
  return storedVersion + publicationsPassed;
}

/** The last read of the stored version on PostgreSQL, or why it failed. */
let stored: { version: number; nextAt: number | null } | { error: unknown } | undefined;
let refreshing: Promise<void> | undefined;
let poll: NodeJS.Timeout | undefined;

/**
 * PostgreSQL: reads the stored version and the next publication time (one query on the reader pool);
 * null on SQLite, where `contentVersion()` reads them itself. Concurrent callers share one read.
 */
export function refreshContentVersion(): Promise<void> | null {
  if (!onPostgres()) return null;
  if (!poll) {
    poll = setInterval(() => void refreshContentVersion(), getEnv().contentPollMs);
    poll.unref();
  }
  refreshing ??= postgresReader()
    .query<{ version: number | null; next_at: number | null }>(
      `SELECT (SELECT version FROM "ContentVersion" WHERE id = ${ROW_ID}) AS version, (${NEXT_PUBLICATION_POSTGRES}) AS next_at`,
      [new Date().toISOString()],
    )
    .then(
      ({ rows: [row] }) => {
        stored = { version: row?.version ?? 0, nextAt: row?.next_at ?? null };
      },
      (error: unknown) => {
        stored = { error };
      },
    )
    .finally(() => {
      refreshing = undefined;
    });
  return refreshing;
}

function postgresContentVersion(): number {
  if (!stored) {
    // Before the first read (a script, a test calling the domain): start reading, count from 0.
    void refreshContentVersion();
    return writesHere + publicationsPassed;
  }
  if ("error" in stored) throw stored.error;
  const now = Date.now();
  if (schedule?.storedVersion !== stored.version) {
    schedule = { storedVersion: stored.version, nextAt: stored.nextAt };
  } else if (schedule.nextAt !== null && now >= schedule.nextAt) {
    publicationsPassed += 1;
    // The read after this one brings the publication after it.
    schedule.nextAt = stored.nextAt !== null && stored.nextAt > now ? stored.nextAt : null;
  } else if (schedule.nextAt === null && stored.nextAt !== null) {
    schedule.nextAt = stored.nextAt;
  }
  return stored.version + writesHere + publicationsPassed;
}

/**
 * PostgreSQL: one connection of this process LISTENs on the channel `contentChanged` notifies, and a
 * notification reads the stored version at once (after a read already under way, which may have
 * started before the write committed). So the page cache, read cache and search index of every
 * instance follow another instance's write within milliseconds; the poll (CONTENT_POLL_S) stays as
 * the fallback. A lost connection is logged once at warn and made again with a growing wait (half a
 * second, doubling, at most 30 s); the version is read again as soon as it is back, for what was
 * missed meanwhile.
 */
type Listener = { client?: pg.Client; retry?: NodeJS.Timeout; failures: number; stopped: boolean };
let listener: Listener | undefined;
const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/** Started by boot() on PostgreSQL (nothing on SQLite); stopped by stopContentVersionPoll. */
export async function startContentVersionListener(): Promise<void> {
  if (!onPostgres() || listener) return;
  listener = { failures: 0, stopped: false };
  await listen(listener);
}

function refreshAfterNotification() {
  void Promise.resolve(refreshing).then(() => refreshContentVersion());
}

async function listen(state: Listener): Promise<void> {
  const { databaseUrl, instanceId } = getEnv();
  const client = new pg.Client({
    connectionString: databaseUrl,
    application_name: `site content listener ${instanceId}`.slice(0, 63),
    keepAlive: true,
  });
  client.on("notification", (message) => {
    if (message.channel === CHANNEL) refreshAfterNotification();
  });
  // A connection the server closes is an 'error' event: without a listener it would end the process.
  client.on("error", (error) => lost(state, client, error));
  client.on("end", () => lost(state, client, new Error("connection ended")));
  try {
    state.client = client;
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
  } catch (error) {
    lost(state, client, error);
    return;
  }
  if (state.stopped) return void client.end().catch(() => {});
  if (state.failures > 0) {
    log().info({ failures: state.failures }, "content listener reconnected");
    state.failures = 0;
    void refreshContentVersion();
  }
}

function lost(state: Listener, client: pg.Client, error: unknown) {
  if (state.client !== client) return;
  state.client = undefined;
  void client.end().catch(() => {});
  if (state.stopped) return;
  if (state.failures === 0) log().warn({ err: error }, "content listener lost: reconnecting (the content version is still polled)");
  const wait = Math.min(RECONNECT_FIRST_MS * 2 ** state.failures, RECONNECT_MAX_MS);
  state.failures += 1;
  state.retry = setTimeout(() => void listen(state), wait);
  state.retry.unref();
}

/** Stops the background read and the listener (the server's shutdown, a test's end). */
export function stopContentVersionPoll() {
  clearInterval(poll);
  poll = undefined;
  stored = undefined;
  if (listener) {
    listener.stopped = true;
    clearTimeout(listener.retry);
    void listener.client?.end().catch(() => {});
    listener = undefined;
  }
}
