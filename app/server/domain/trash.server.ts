import type { Prisma } from "~/generated/prisma/client";
import { logActivity, type Actor } from "./activity.server";
import { dropRevisions, storedUrls } from "./revisions.server";
import { db } from "../storage/db.server";
import { recountFiles, removeUnreferenced } from "../storage/stored-files.server";

/**
 * The trash (issue 24, ADR 027): deleting a news item, a composition or a category moves its
 * snapshot here and removes the live row, so every public read (pages, feed, sitemap, search,
 * api/) loses it at once with no filter of its own. The entry's stored files stay counted until it
 * is restored (item-restore.server.ts) or purged: by staff ("Elimina definitivamente") or by the
 * janitor TRASH_KEEP_DAYS after the delete.
 */

export type TrashKind = "news" | "music" | "event" | "category";

export const TRASH_KEEP_DAYS = 30;
const TRASH_KEEP_MS = TRASH_KEEP_DAYS * 86_400_000;

type Tx = Prisma.TransactionClient;

/** In the transaction of a delete, before the live row goes: keeps its snapshot and counts its files. */
export async function moveToTrash(
  tx: Tx,
  entry: { kind: TrashKind; itemId: number; title: string; snapshot: unknown; files: readonly (string | null | undefined)[] },
  actor: Actor,
): Promise<void> {
  const files = storedUrls(entry.files);
  await recountFiles(tx, [], files);
  await tx.trashEntry.create({
    data: {
      kind: entry.kind,
      itemId: entry.itemId,
      title: entry.title,
      snapshot: JSON.stringify(entry.snapshot),
      files: JSON.stringify(files),
      userId: actor.id,
      username: actor.username,
    },
    select: { id: true },
  });
}

export type TrashRow = { id: number; kind: TrashKind; itemId: number; title: string; username: string; deletedAt: Date; purgeAt: Date };

/** Everything in the trash, the latest deleted first. */
export async function listTrash(): Promise<TrashRow[]> {
  const rows = await db.trashEntry.findMany({
    select: { id: true, kind: true, itemId: true, title: true, username: true, deletedAt: true },
    orderBy: [{ deletedAt: "desc" }, { id: "desc" }],
  });
  return rows.map((row) => ({ ...row, kind: row.kind as TrashKind, purgeAt: new Date(row.deletedAt.getTime() + TRASH_KEEP_MS) }));
}

export type TrashEntryFull = { id: number; kind: TrashKind; itemId: number; title: string; snapshot: unknown; files: string[] };

const fullSelect = { id: true, kind: true, itemId: true, title: true, snapshot: true, files: true } as const;

function fullEntry(row: { id: number; kind: string; itemId: number; title: string; snapshot: string; files: string }): TrashEntryFull {
  return { ...row, kind: row.kind as TrashKind, snapshot: JSON.parse(row.snapshot) as unknown, files: JSON.parse(row.files) as string[] };
}

/** One entry by its own id, in a transaction (a restore reads and removes it in the same one). */
export async function trashEntry(tx: Tx, id: number): Promise<TrashEntryFull | null> {
  const row = await tx.trashEntry.findUnique({ where: { id }, select: fullSelect });
  return row ? fullEntry(row) : null;
}

/** The latest entry of a deleted item, by the id it had (POST api/{news|music}/{id}/restore/). */
export async function trashEntryOfItem(kind: TrashKind, itemId: number): Promise<{ id: number } | null> {
  return db.trashEntry.findFirst({ where: { kind, itemId }, select: { id: true }, orderBy: { id: "desc" } });
}

/**
 * In a restore's transaction, once the item is live again: the entry goes and its files are no
 * longer counted by it (the live rows count them now, so nothing is released).
 */
export async function takeOutOfTrash(tx: Tx, entry: TrashEntryFull): Promise<string[]> {
  await tx.trashEntry.delete({ where: { id: entry.id } });
  return recountFiles(tx, entry.files, []);
}

/** Removes entries for good with the item's revisions; deletes the files nothing else uses. Answers the entries purged. */
async function purgeEntries(where: Prisma.TrashEntryWhereInput, actor: Actor | null): Promise<number> {
  const released = await db.$transaction(async (tx) => {
    const entries = (await tx.trashEntry.findMany({ where, select: fullSelect })).map(fullEntry);
    const keys: string[] = [];
    for (const entry of entries) {
      await tx.trashEntry.delete({ where: { id: entry.id } });
      keys.push(...(await recountFiles(tx, entry.files, [])));
      // The item is gone for good: its history with it (a category has none).
      if (entry.kind !== "category") keys.push(...(await dropRevisions(tx, entry.kind, entry.itemId)));
      if (actor) await logActivity(tx, actor, `Eliminato definitivamente dal cestino "${entry.title}"`);
    }
    return { count: entries.length, keys };
  });
  await removeUnreferenced(released.keys);
  return released.count;
}

/** Staff's "Elimina definitivamente": false when the entry is not (any more) in the trash. */
export async function purgeTrashEntry(id: number, actor: Actor): Promise<boolean> {
  return (await purgeEntries({ id }, actor)) > 0;
}

/** The janitor's part: entries deleted more than TRASH_KEEP_DAYS ago. */
export function purgeExpiredTrash(now = Date.now()): Promise<number> {
  return purgeEntries({ deletedAt: { lt: new Date(now - TRASH_KEEP_MS) } }, null);
}
