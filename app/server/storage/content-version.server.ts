import type Database from "better-sqlite3";
import type { Prisma } from "~/generated/prisma/client";
import { getEnv } from "../platform/env.server";
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
 * page and data request passes) and every second in the background (jobs, other instances' writes);
 * `contentVersion()` answers from the last read. A write of this process moves it at once too
 * (`contentChanged` counts it here: a count that only grows, so any change still gives a new number).
 */
const ROW_ID = 1;

/** Content writes of this process (PostgreSQL: they move its version before the next read of the stored one). */
let writesHere = 0;

export async function contentChanged(tx: Prisma.TransactionClient): Promise<void> {
  if (onPostgres()) writesHere += 1;
  await tx.contentVersion.upsert({
    where: { id: ROW_ID },
    create: { id: ROW_ID, version: 1 },
    update: { version: { increment: 1 } },
    select: { version: true },
  });
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

/** Stops the background read (the server's shutdown, a test's end). */
export function stopContentVersionPoll() {
  clearInterval(poll);
  poll = undefined;
  stored = undefined;
}
