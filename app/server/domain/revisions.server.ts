import { diffWords } from "diff";
import { revisionFields, type RevisionFields } from "~/lib/revision-fields";
import type { Prisma } from "~/generated/prisma/client";
import type { Actor } from "./activity.server";
import { getEnv } from "../platform/env.server";
import { db } from "../storage/db.server";
import { storedKeyOfUrl } from "../storage/file-store.server";
import { recountFiles, removeUnreferenced } from "../storage/stored-files.server";

/**
 * Revisions of news items, compositions and content pages (issue 24, ADR 027). Every save and
 * restore writes one in its own transaction: a JSON snapshot of the whole item (both languages,
 * its file lists) and the stored file URLs it references. Those files are counted in StoredFile
 * like a row's columns (ADR 010), so the bytes an old revision needs stay on disk until the
 * revision is pruned. What a restore writes back is each kind's business (item-restore.server.ts).
 */

export type RevisionKind = "news" | "music" | "event" | "content";
type RevisionAction = "create" | "update" | "restore" | "baseline";

/** Always kept per item, whatever their age: the last few edits of an item rarely touched stay undoable. */
export const REVISIONS_ALWAYS_KEPT = 20;

type Tx = Prisma.TransactionClient;

/** The stored files among URLs (other strings, external links, are not counted). */
export function storedUrls(urls: readonly (string | null | undefined)[]): string[] {
  return urls.filter((url): url is string => !!url && !!storedKeyOfUrl(url));
}

export type RevisionWrite = {
  kind: RevisionKind;
  itemKey: string | number;
  snapshot: unknown;
  files: readonly (string | null | undefined)[];
  action: Exclude<RevisionAction, "baseline">;
  restoredFrom?: number;
  /**
   * The item as it was before this save, when it was saved before: written first as a "baseline"
   * revision if the item has none yet (saved before the upgrade), so this save can be undone too.
   */
  before?: { snapshot: unknown; files: readonly (string | null | undefined)[] } | null;
};

async function insertRevision(
  tx: Tx,
  fields: { kind: RevisionKind; itemKey: string; snapshot: unknown; files: string[]; action: RevisionAction; restoredFrom?: number; actor: Actor | null },
) {
  await recountFiles(tx, [], fields.files);
  return tx.revision.create({
    data: {
      kind: fields.kind,
      itemKey: fields.itemKey,
      snapshot: JSON.stringify(fields.snapshot),
      files: JSON.stringify(fields.files),
      action: fields.action,
      restoredFrom: fields.restoredFrom ?? null,
      userId: fields.actor?.id ?? null,
      username: fields.actor?.username ?? "",
    },
    select: { id: true },
  });
}

/** In the transaction of a save: keeps the item's new state as a revision. Answers its id (the activity row links to it). */
export async function recordRevision(tx: Tx, write: RevisionWrite, actor: Actor): Promise<number> {
  const itemKey = String(write.itemKey);
  if (write.before && !(await tx.revision.findFirst({ where: { kind: write.kind, itemKey }, select: { id: true } }))) {
    await insertRevision(tx, {
      kind: write.kind,
      itemKey,
      snapshot: write.before.snapshot,
      files: storedUrls(write.before.files),
      action: "baseline",
      actor: null,
    });
  }
  const { id } = await insertRevision(tx, {
    kind: write.kind,
    itemKey,
    snapshot: write.snapshot,
    files: storedUrls(write.files),
    action: write.action,
    restoredFrom: write.restoredFrom,
    actor,
  });
  return id;
}

export type RevisionRow = {
  id: number;
  kind: RevisionKind;
  itemKey: string;
  action: RevisionAction;
  restoredFrom: number | null;
  username: string;
  createdAt: Date;
  snapshot: unknown;
};

const revisionSelect = { id: true, kind: true, itemKey: true, action: true, restoredFrom: true, username: true, createdAt: true, snapshot: true } as const;

function revisionRow(row: { [K in keyof typeof revisionSelect]: unknown }): RevisionRow {
  return { ...(row as Omit<RevisionRow, "snapshot"> & { snapshot: string }), snapshot: JSON.parse(row.snapshot as string) as unknown };
}

/** The revisions of one item, newest first. */
export async function listRevisions(kind: RevisionKind, itemKey: string | number): Promise<RevisionRow[]> {
  const rows = await db.revision.findMany({ where: { kind, itemKey: String(itemKey) }, select: revisionSelect, orderBy: { id: "desc" } });
  return rows.map(revisionRow);
}

/** One revision of one item (null when it is another item's, or gone). */
export async function getRevision(kind: RevisionKind, itemKey: string | number, id: number): Promise<RevisionRow | null> {
  const row = await db.revision.findFirst({ where: { id, kind, itemKey: String(itemKey) }, select: revisionSelect });
  return row ? revisionRow(row) : null;
}

/** Where a revision belongs (the activity log's link finds its history page with it). */
export function revisionOwner(id: number): Promise<{ kind: string; itemKey: string } | null> {
  return db.revision.findUnique({ where: { id }, select: { kind: true, itemKey: true } });
}

/** In a transaction: forgets every revision of an item (a purged trash entry) and answers the keys no row uses any more. */
export async function dropRevisions(tx: Tx, kind: RevisionKind, itemKey: string | number): Promise<string[]> {
  const rows = await tx.revision.findMany({ where: { kind, itemKey: String(itemKey) }, select: { files: true } });
  await tx.revision.deleteMany({ where: { kind, itemKey: String(itemKey) } });
  return recountFiles(
    tx,
    rows.flatMap((row) => JSON.parse(row.files) as string[]),
    [],
  );
}

/**
 * The janitor's part: revisions older than REVISION_KEEP_DAYS go, except the last
 * REVISIONS_ALWAYS_KEPT of each item; the files only they used are deleted. Answers how many went.
 */
export async function pruneRevisions(now = Date.now()): Promise<number> {
  const cutoff = new Date(now - getEnv().revisionKeepMs);
  const old = await db.revision.findMany({ where: { createdAt: { lt: cutoff } }, select: { id: true, kind: true, itemKey: true } });
  if (old.length === 0) return 0;
  const items = new Map(old.map((row) => [`${row.kind}\u0000${row.itemKey}`, row]));
  const kept = new Set<number>();
  for (const { kind, itemKey } of items.values()) {
    const last = await db.revision.findMany({ where: { kind, itemKey }, select: { id: true }, orderBy: { id: "desc" }, take: REVISIONS_ALWAYS_KEPT });
    for (const row of last) kept.add(row.id);
  }
  const doomed = old.filter((row) => !kept.has(row.id)).map((row) => row.id);
  if (doomed.length === 0) return 0;
  const released = await db.$transaction(async (tx) => {
    const rows = await tx.revision.findMany({ where: { id: { in: doomed } }, select: { files: true } });
    await tx.revision.deleteMany({ where: { id: { in: doomed } } });
    return recountFiles(
      tx,
      rows.flatMap((row) => JSON.parse(row.files) as string[]),
      [],
    );
  });
  await removeUnreferenced(released);
  return doomed.length;
}

// --- what changed: the history page compares each revision with the one before it ---

/** A snapshot's publication state (news and compositions; content pages have none). */
type SnapshotPublication = { status: string; publishAt: string | null };

export type HistoryEntry = Omit<RevisionRow, "snapshot"> & {
  changes: FieldChange[] | null;
  /** What restoring it would change in the current version (the newest revision): null for the newest itself. */
  restoreChanges: FieldChange[] | null;
  publication: SnapshotPublication | null;
};

function publicationOfSnapshot(snapshot: unknown): SnapshotPublication | null {
  if (!snapshot || typeof snapshot !== "object" || Array.isArray(snapshot)) return null;
  const { status, publishAt } = snapshot as { status?: unknown; publishAt?: unknown };
  // A snapshot from before publishing existed (no status) was public (item-restore.server.ts).
  if (status === undefined) return { status: "published", publishAt: null };
  return { status: String(status), publishAt: publishAt ? String(publishAt) : null };
}

/**
 * The history page of an item: its revisions newest first, each with what changed since the one
 * before (null for the oldest kept), what a restore of it would change now, and its publication state.
 */
export async function revisionHistory(kind: RevisionKind, itemKey: string | number): Promise<HistoryEntry[]> {
  const rows = await listRevisions(kind, itemKey);
  const current = rows[0]?.snapshot;
  const fields = revisionFields(kind, String(itemKey));
  return rows.map(({ snapshot, ...row }, index) => {
    const older = rows[index + 1];
    return {
      ...row,
      changes: older ? changesBetween(older.snapshot, snapshot, fields.text) : null,
      restoreChanges: index > 0 ? changesBetween(current, snapshot, fields.text) : null,
      publication: kind === "content" ? null : publicationOfSnapshot(snapshot),
    };
  });
}

/** Fields never shown as a change: ids, timestamps and what the stream job writes by itself. */
const NOT_COMPARED = new Set(["id", "createdAt", "updatedAt", "streamState", "streamUrl", "peaksUrl", "loudnessLufs", "streamError", "durationSeconds"]);

/** A snapshot as field path → text ("title", "attachments.0.url", "bio.2.text_eng"). */
function flattenSnapshot(value: unknown, prefix = "", out: Record<string, string> = {}): Record<string, string> {
  if (Array.isArray(value)) {
    value.forEach((item, index) => flattenSnapshot(item, prefix ? `${prefix}.${index}` : String(index), out));
    if (value.length === 0 && prefix) out[prefix] = "";
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (NOT_COMPARED.has(key)) continue;
      flattenSnapshot(item, prefix ? `${prefix}.${key}` : key, out);
    }
  } else if (prefix) {
    out[prefix] = value === null || value === undefined ? "" : String(value);
  }
  return out;
}

/** A piece of a text difference: kept, added or removed (the history page highlights the last two). */
type TextPart = { value: string; added?: boolean; removed?: boolean };
/**
 * A field that differs: its value before and after as the owner reads it (`readable`), and their
 * word-level difference; `formatOnly` when only what a reader does not see changed (the markup of a rich text).
 */
export type FieldChange = { field: string; before: string; after: string; parts: TextPart[]; formatOnly?: boolean };

/** The fields that differ between two snapshots, in the order of the newer one, each with its word-level difference. */
export function changesBetween(older: unknown, newer: unknown, readable: RevisionFields["text"] = (_path, value) => value): FieldChange[] {
  const a = older === undefined ? {} : flattenSnapshot(older);
  const b = flattenSnapshot(newer);
  const fields = [...Object.keys(b), ...Object.keys(a).filter((key) => !(key in b))];
  const changes: FieldChange[] = [];
  for (const field of fields) {
    if ((a[field] ?? "") === (b[field] ?? "")) continue;
    const before = readable(field, a[field] ?? "");
    const after = readable(field, b[field] ?? "");
    if (before === after) {
      changes.push({ field, before, after, parts: [], formatOnly: true });
      continue;
    }
    const parts = diffWords(before, after).map((part) => ({ value: part.value, added: part.added || undefined, removed: part.removed || undefined }));
    changes.push({ field, before, after, parts });
  }
  return changes;
}
