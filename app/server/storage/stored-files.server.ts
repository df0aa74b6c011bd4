import type { Prisma } from "~/generated/prisma/client";
import { db, onPostgres } from "./db.server";
import { type FileContent, type StoredFolder, storedKeyOfUrl, urlOfKey } from "./file-store.server";
import { fileStore, uploadRoom } from "./storage.server";

/**
 * Stored files counted in the database (docs/decisions/010-stored-file-references.md). A stored
 * file is content-addressed, so rows share it; `StoredFile.refCount` says how many row columns use
 * it and changes in the same transaction as those rows. The bytes go only once nothing uses them.
 *
 * Two rules make a delete and a save of the same bytes safe together:
 * - a save counts its files inside its transaction and, still inside it (so holding SQLite's write
 *   lock), puts back the bytes of any staged file that is missing (a delete got there first);
 * - bytes are removed only by `removeUnreferenced`, which checks under that same write lock that no
 *   row counts the key any more, and deletes them before letting go of the lock.
 *
 * PostgreSQL has no single write lock: there both lock the content version's row first (`holdWriteLock`).
 */

/**
 * A file stored for a save that has not committed yet: nothing counts it until `recountFiles`.
 * `originalName` is the name of the file staff uploaded, kept with the bytes (the media library shows it).
 */
export type StagedFile = {
  url: string;
  key: string;
  size: number;
  contentType: string;
  content: FileContent;
  folder: StoredFolder;
  extension: string;
  originalName?: string;
};

/** Stores content under its content-addressed key, ready to be counted by the save that uses it. */
export async function stageFile(
  folder: StoredFolder,
  content: FileContent,
  extension: string,
  contentType: string,
  originalName?: string,
): Promise<StagedFile> {
  const { key, size } = await fileStore().put(folder, content, extension);
  return { url: urlOfKey(key), key, size, contentType, content, folder, extension, originalName };
}

type Urls = readonly (string | null | undefined)[];

function countByKey(urls: Urls): Map<string, number> {
  const counts = new Map<string, number>();
  for (const url of urls) {
    const key = storedKeyOfUrl(url);
    if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/**
 * PostgreSQL: the content version's row, locked to the end of the transaction (`FOR UPDATE`). It is
 * the lock every content write takes anyway (contentChanged), so saves, deletes and the removal of
 * bytes take their turns as they do under SQLite's one writer, and a lock of its own per key would
 * only add an order to deadlock on (a save holding the row waiting for a key a delete holds, which
 * waits for the row: seen in tests/domain/stored-files-race.test.ts). SQLite: nothing to do, the
 * transaction's first write holds the database's write lock.
 */
async function holdWriteLock(tx: Prisma.TransactionClient) {
  if (onPostgres()) await tx.$queryRaw`SELECT 1 AS locked FROM "ContentVersion" WHERE "id" = 1 FOR UPDATE`;
}

/**
 * Inside the transaction that writes the rows: `before` are the stored URLs the rows used (read in
 * this transaction), `after` those they use now; each use counts once. Answers the keys nothing
 * uses any more: pass them to `removeUnreferenced` once the transaction has committed.
 */
export async function recountFiles(tx: Prisma.TransactionClient, before: Urls, after: Urls, staged: readonly StagedFile[] = []): Promise<string[]> {
  const delta = countByKey(after);
  for (const [key, n] of countByKey(before)) delta.set(key, (delta.get(key) ?? 0) - n);
  const stagedByKey = new Map(staged.map((file) => [file.key, file]));
  await holdWriteLock(tx);
  const released: string[] = [];
  for (const [key, change] of delta) {
    if (change > 0) {
      const file = stagedByKey.get(key);
      // A staged file knows its type: the row may have been made moments before in this same
      // transaction by a use that did not (a revision counted before the row's own recount).
      const { count } = await tx.storedFile.updateMany({
        where: { key },
        data: { refCount: { increment: change }, ...(file ? { size: file.size, contentType: file.contentType } : {}) },
      });
      // No row yet (the write lock is held: none can appear meanwhile). Only then is the store asked
      // for the size of bytes that were not staged: the file store's I/O stays out of the common case.
      if (count === 0) {
        const size = file?.size ?? (await fileStore().stat(key))?.size ?? null;
        await tx.storedFile.create({
          data: { key, size, contentType: file?.contentType ?? "application/octet-stream", refCount: change, originalName: file?.originalName || null },
          select: { key: true },
        });
      } else if (file?.originalName) {
        // The first name these bytes were uploaded under stays theirs.
        await tx.storedFile.updateMany({ where: { key, originalName: null }, data: { originalName: file.originalName } });
      }
    } else if (change < 0) {
      const row = await tx.storedFile.update({ where: { key }, data: { refCount: { increment: change } }, select: { refCount: true } }).catch(() => null);
      if (!row || row.refCount <= 0) released.push(key);
    }
  }
  // The write lock is held from the first write above: a delete that removed these bytes before
  // this save counted them has finished, and none can start until this transaction ends.
  for (const [key, file] of stagedByKey) {
    if ((delta.get(key) ?? 0) > 0 && !(await fileStore().exists(key))) await fileStore().put(file.folder, file.content, file.extension);
  }
  return released;
}

/**
 * Deletes the bytes of keys that no row uses: files released by a committed save or delete, files
 * staged for a save that was refused, orphans found by the janitor. Each key is checked and deleted
 * under the database write lock, so no save can start counting it in between; one transaction per key,
 * so the lock is held for one delete at a time (an object store's delete takes tens of milliseconds:
 * the janitor's hundred orphans in one transaction outlived Prisma's 5 s limit and held every save back).
 * Answers the keys whose bytes were removed.
 */
export async function removeUnreferenced(keys: Iterable<string>): Promise<string[]> {
  const removed: string[] = [];
  for (const key of new Set(keys)) {
    const gone = await db.$transaction(async (tx) => {
      await holdWriteLock(tx);
      // A write first: it takes the lock (SQLite's deferred transaction) before the check.
      await tx.$executeRaw`DELETE FROM "StoredFile" WHERE "key" = ${key} AND "refCount" <= 0`;
      if (await tx.storedFile.findUnique({ where: { key }, select: { key: true } })) return false;
      await fileStore().delete(key);
      return true;
    });
    if (gone) removed.push(key);
  }
  return removed;
}

export type UploadsUsage = { files: number; bytes: number; freeBytes: number; floorBytes: number };

/** What the stored files take (those some row uses) and what is left on their disk: the admin dashboard shows it. */
export async function uploadsUsage(): Promise<UploadsUsage> {
  const [totals, room] = await Promise.all([
    db.storedFile.aggregate({ where: { refCount: { gt: 0 } }, _count: { key: true }, _sum: { size: true } }),
    uploadRoom(0),
  ]);
  return { files: totals._count.key, bytes: totals._sum.size ?? 0, freeBytes: room.freeBytes, floorBytes: room.floorBytes };
}
