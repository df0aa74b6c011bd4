import type { Prisma } from "~/generated/prisma/client";
import { isContentKind } from "~/lib/content-types";
import { mapContentRichTexts } from "./content.server";
import { repairNoBreakSpaces } from "./no-break-spaces.server";
import { log } from "../platform/log.server";
import { contentChanged } from "../storage/content-version.server";
import { db } from "../storage/db.server";

/**
 * Repairs of stored data that need a rule of the application, which a migration's SQL cannot apply.
 * The migration that needs one inserts a DataRepair row naming it; the start that follows runs it
 * before serving (boot.server.ts), in one transaction with the row's `doneAt`, so it runs once, on
 * one instance, and a failure leaves the row pending for the next start.
 */

type Tx = Prisma.TransactionClient;

/** How many rows a repair changed, by table (the start's log line). */
type Changed = Record<string, number>;

/** A repair may read every revision of the site: more than the five seconds Prisma gives a transaction. */
const REPAIR_TIMEOUT_MS = 10 * 60_000;

/** Rows read at a time from the tables that can be big (revisions and the trash hold whole snapshots). */
const PAGE = 200;

const REPAIRS: Record<string, (tx: Tx) => Promise<Changed>> = {
  // Issue 35, migration 20261130000000_editor_no_break_spaces: the spaces the old editor stored as &nbsp;.
  "editor-no-break-spaces": (tx) => repairStoredTexts(tx, repairNoBreakSpaces),
};

/** At start, after the migrations: runs the repairs they asked for and that no start ran yet. */
export async function runDataRepairs(): Promise<void> {
  const pending = await db.dataRepair.findMany({ where: { doneAt: null }, select: { name: true }, orderBy: { name: "asc" } });
  for (const { name } of pending) {
    const repair = REPAIRS[name];
    if (!repair) throw new Error(`data repair "${name}" is asked for by a migration but unknown to this release`);
    const changed = await db.$transaction(
      async (tx) => {
        // Instances starting together on one database (PostgreSQL): the first to stamp the row repairs; the
        // others wait for its commit on the row's lock, then find it done.
        const claimed = await tx.dataRepair.updateMany({ where: { name, doneAt: null }, data: { doneAt: new Date() } });
        if (claimed.count === 0) return null;
        const counts = await repair(tx);
        if (Object.values(counts).some((n) => n > 0)) await contentChanged(tx);
        return counts;
      },
      { timeout: REPAIR_TIMEOUT_MS, maxWait: REPAIR_TIMEOUT_MS },
    );
    if (changed) log().info({ repair: name, changed }, "stored data repaired");
  }
}

type Fix = (text: string) => string;

type Described = { description?: unknown; descriptionEng?: unknown };

/** A news item or a composition (a row, or its snapshot) with its descriptions passed through `fix`. */
function fixDescriptions<T extends Described>(item: T, fix: Fix): T {
  const out = { ...item };
  if (typeof out.description === "string") out.description = fix(out.description);
  if (typeof out.descriptionEng === "string") out.descriptionEng = fix(out.descriptionEng);
  return out;
}

/** A revision's or trash entry's snapshot with its rich texts passed through `fix`: a content page's list, or one item. */
function fixSnapshot(kind: string, itemKey: string, snapshot: unknown, fix: Fix): unknown {
  if (kind === "content") {
    if (!isContentKind(itemKey) || !Array.isArray(snapshot)) return snapshot;
    return snapshot.map((item: Record<string, unknown>) => mapContentRichTexts(itemKey, item, fix));
  }
  if (kind === "news" || kind === "music") return snapshot && typeof snapshot === "object" ? fixDescriptions(snapshot as Described, fix) : snapshot;
  return snapshot;
}

/** The rows of a table in id order, read a page at a time (revisions and the trash hold whole snapshots). */
async function* pages<R extends { id: number }>(read: (page: { where: { id: { gt: number } }; orderBy: { id: "asc" }; take: number }) => Promise<R[]>) {
  for (let after = 0; ;) {
    const rows = await read({ where: { id: { gt: after } }, orderBy: { id: "asc" }, take: PAGE });
    if (rows.length === 0) return;
    after = rows.at(-1)!.id;
    yield* rows;
  }
}

/**
 * Each row through `change`, which answers the write of its changed fields: done only when `fix`
 * changed one of its texts. Answers how many rows were written.
 */
async function rewriteRows<R>(rows: AsyncIterable<R>, fix: Fix, change: (row: R, fix: Fix) => () => Promise<unknown>): Promise<number> {
  let written = 0;
  for await (const row of rows) {
    let touched = false;
    const write = change(row, (text) => {
      const fixed = fix(text);
      touched ||= fixed !== text;
      return fixed;
    });
    if (!touched) continue;
    await write();
    written += 1;
  }
  return written;
}

/**
 * Every stored rich text passed through `fix`: the content pages' items (their "richtext" fields), the
 * descriptions of news and compositions, and the same texts in the revisions and the trash, so that
 * restoring an earlier state brings the repaired text back. Rows whose texts `fix` leaves alone are
 * not written.
 */
async function repairStoredTexts(tx: Tx, fix: Fix): Promise<Changed> {
  const select = { id: true } as const;
  const described = { id: true, description: true, descriptionEng: true } as const;
  const snapshots = { id: true, kind: true, snapshot: true } as const;
  type Descriptions = { description: string; descriptionEng: string };
  /** The news items' or compositions' descriptions. */
  const descriptions = <R extends Descriptions & { id: number }>(
    read: Parameters<typeof pages<R>>[0],
    write: (id: number, data: Descriptions) => Promise<unknown>,
  ) =>
    rewriteRows(pages(read), fix, (row, f) => {
      const { description, descriptionEng } = fixDescriptions(row, f);
      return () => write(row.id, { description, descriptionEng });
    });
  return {
    contentItems: await rewriteRows(
      pages((page) => tx.contentItem.findMany({ ...page, select: { id: true, kind: true, data: true } })),
      fix,
      (row, f) => {
        const data = isContentKind(row.kind) ? JSON.stringify(mapContentRichTexts(row.kind, JSON.parse(row.data) as Record<string, unknown>, f)) : row.data;
        return () => tx.contentItem.update({ where: { id: row.id }, data: { data }, select });
      },
    ),
    news: await descriptions(
      (page) => tx.news.findMany({ ...page, select: described }),
      (id, data) => tx.news.update({ where: { id }, data, select }),
    ),
    music: await descriptions(
      (page) => tx.music.findMany({ ...page, select: described }),
      (id, data) => tx.music.update({ where: { id }, data, select }),
    ),
    revisions: await rewriteRows(
      pages((page) => tx.revision.findMany({ ...page, select: { ...snapshots, itemKey: true } })),
      fix,
      (row, f) => {
        const snapshot = JSON.stringify(fixSnapshot(row.kind, row.itemKey, JSON.parse(row.snapshot), f));
        return () => tx.revision.update({ where: { id: row.id }, data: { snapshot }, select });
      },
    ),
    trashEntries: await rewriteRows(
      pages((page) => tx.trashEntry.findMany({ ...page, select: snapshots })),
      fix,
      (row, f) => {
        const snapshot = JSON.stringify(fixSnapshot(row.kind, "", JSON.parse(row.snapshot), f));
        return () => tx.trashEntry.update({ where: { id: row.id }, data: { snapshot }, select });
      },
    ),
  };
}
