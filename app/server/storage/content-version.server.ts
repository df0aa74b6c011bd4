import type Database from "better-sqlite3";
import type { Prisma } from "~/generated/prisma/client";
import { readerConnection } from "./db.server";
import { nextPublicationAfter } from "./publication.server";

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
 */
const ROW_ID = 1;

export async function contentChanged(tx: Prisma.TransactionClient): Promise<void> {
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
