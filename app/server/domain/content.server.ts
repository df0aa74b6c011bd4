import fs from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { CONTENT_KINDS, CONTENT_LIST_KEYS, contentDocumentSchema, type ContentItemOf, type ContentKind, contentKindLabel } from "~/lib/content-types";
import { logActivity, type Actor } from "./activity.server";
import { invalid, type FieldErrors, type SaveResult } from "./save-result.server";
import { getEnv } from "../platform/env.server";
import { log } from "../platform/log.server";
import { contentChanged } from "../storage/content-version.server";
import { db } from "../storage/db.server";
import { untilContentChanged } from "../storage/read-cache.server";
import { fileStore } from "../storage/storage.server";

/**
 * The editable content of SPEC.md 7 (hero slides, follow links, home tiles, album descriptions,
 * biography, art direction and its subcategories, labels, credits, gallery, portfolio, privacy, legal
 * notes, cookie policy): one ContentList row per kind and one ContentItem row per item, in order,
 * each item the output of its kind's zod schema (app/lib/content-types.ts, ADR 022). Pages, search,
 * /data/{name}.json and api/content/{name}/ all read these rows; the JSON files of earlier releases
 * are read once, by the import at the first start after the upgrade.
 */

export type ContentDocument<K extends ContentKind = ContentKind> = Record<string, ContentItemOf<K>[]>;

/** The items of one kind in order, kept until the content next changes (shared: do not mutate). */
export function contentList<K extends ContentKind>(kind: K): Promise<readonly ContentItemOf<K>[]> {
  return untilContentChanged(`content:${kind}`, async () => {
    const rows = await db.contentItem.findMany({ where: { kind }, select: { data: true }, orderBy: { position: "asc" } });
    return rows.map((row) => JSON.parse(row.data) as ContentItemOf<K>);
  });
}

/** `{ <key>: [items] }`, as /data/{name}.json and GET api/content/{name}/ answer it (SPEC.md 7). */
export async function contentDocument<K extends ContentKind>(kind: K): Promise<ContentDocument<K>> {
  return { [CONTENT_LIST_KEYS[kind]]: [...(await contentList(kind))] };
}

/**
 * The text of /data/{name}.json: two-space indented with a final newline, the form of the files
 * earlier releases served byte for byte, so a client comparing answers sees no change.
 */
export function contentDocumentText(kind: ContentKind): Promise<string> {
  return untilContentChanged(`content-text:${kind}`, async () => `${JSON.stringify(await contentDocument(kind), null, 2)}\n`);
}

/** When each kind last changed (the sitemap's lastmod of the pages it feeds); the epoch for a kind never imported. */
export function contentUpdatedAt(): Promise<Record<ContentKind, Date>> {
  return untilContentChanged("content:updatedAt", async () => {
    const rows = await db.contentList.findMany({ select: { kind: true, updatedAt: true } });
    const dates = Object.fromEntries(CONTENT_KINDS.map((kind) => [kind, new Date(0)])) as Record<ContentKind, Date>;
    for (const row of rows) if (row.kind in dates) dates[row.kind as ContentKind] = row.updatedAt;
    return dates;
  });
}

/** One message per field path ("bio.0.title_eng"), the first issue of each. */
function pathErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join(".") : "form";
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Checks a whole document of one kind with its schema: the items to store, or the errors by field path. */
function parseContentDocument<K extends ContentKind>(kind: K, body: unknown): { ok: true; items: ContentItemOf<K>[] } | { ok: false; errors: FieldErrors } {
  const parsed = contentDocumentSchema(kind).safeParse(body);
  if (!parsed.success) return { ok: false, errors: pathErrors(parsed.error) };
  return { ok: true, items: parsed.data[CONTENT_LIST_KEYS[kind]] as ContentItemOf<K>[] };
}

type Tx = Parameters<Parameters<typeof db.$transaction>[0]>[0];

/** Replaces a kind's rows by `items` (in this order) and marks the kind as changed now. */
async function writeList(tx: Tx, kind: ContentKind, items: readonly unknown[]) {
  const updatedAt = new Date();
  await tx.contentList.upsert({ where: { kind }, create: { kind, updatedAt }, update: { updatedAt }, select: { kind: true } });
  await tx.contentItem.deleteMany({ where: { kind } });
  if (items.length > 0) await tx.contentItem.createMany({ data: items.map((item, position) => ({ kind, position, data: JSON.stringify(item) })) });
}

/**
 * Replaces the whole list of one kind (PUT api/content/{name}/, and the admin forms): the body is
 * the document as /data/{name}.json shows it. Checked with the kind's schema (400 with a message per
 * field path), then written with its activity row and the content version in one transaction, so
 * every page, the page cache and the search index show it on their next read.
 */
export async function replaceContent<K extends ContentKind>(kind: K, body: unknown, actor: Actor): Promise<SaveResult<ContentDocument<K>>> {
  const parsed = parseContentDocument(kind, body);
  if (!parsed.ok) return invalid(parsed.errors);
  await db.$transaction(async (tx) => {
    await writeList(tx, kind, parsed.items);
    await contentChanged(tx);
    await logActivity(tx, actor, `Modificati i contenuti "${contentKindLabel(kind)}" (${parsed.items.length} elementi)`);
  });
  return { ok: true, item: { [CONTENT_LIST_KEYS[kind]]: parsed.items } };
}

// --- the import of the JSON files of earlier releases ---

/** The shipped files (in the image; the demo content of a fresh install). */
function shippedContentDir(): string {
  return path.resolve("content", "data");
}

/** The operator's edited copies of earlier releases: DATA_DIR/content/<name>.json won over the shipped file. */
function contentOverrideDir(): string {
  return path.join(getEnv().dataDir, "content");
}

/** A content file that cannot be imported: the start stops and says which file and which fields. */
class ContentImportError extends Error {
  constructor(
    public file: string,
    public errors: FieldErrors,
  ) {
    super(
      `${file} cannot be imported into the database: ${Object.entries(errors)
        .map(([field, message]) => `${field}: ${message}`)
        .join("; ")}. Fix the file and start again (nothing was imported).`,
    );
    this.name = "ContentImportError";
  }
}

function readContentFile(kind: ContentKind): { file: string; items: unknown[] } | null {
  for (const dir of [contentOverrideDir(), shippedContentDir()]) {
    const file = path.join(dir, `${kind}.json`);
    if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) continue;
    let body: unknown;
    try {
      body = JSON.parse(fs.readFileSync(file, "utf8"));
    } catch (error) {
      throw new ContentImportError(file, { form: `not valid JSON (${error instanceof Error ? error.message : String(error)})` });
    }
    const parsed = parseContentDocument(kind, body);
    if (!parsed.ok) throw new ContentImportError(file, parsed.errors);
    return { file, items: parsed.items };
  }
  return null;
}

/**
 * At start (boot.server.ts), after the migrations and their backup: every kind not yet in the
 * database is imported from DATA_DIR/content/<name>.json when the operator edited it, else from the
 * shipped content/data/<name>.json (on a fresh install, the demo content). All kinds in one
 * transaction, so a file that fails its schema imports nothing and the start stops naming it; a kind
 * already imported is never read again, so the files are not read at run time and the staff's edits
 * (even an emptied list) stay. Answers the kinds imported.
 */
export async function importContentFiles(): Promise<ContentKind[]> {
  const done = new Set((await db.contentList.findMany({ select: { kind: true } })).map((row) => row.kind));
  const pending = CONTENT_KINDS.filter((kind) => !done.has(kind));
  if (pending.length === 0) return [];
  const files = pending.map((kind) => ({ kind, read: readContentFile(kind) }));
  const imported = await db.$transaction(async (tx) => {
    // Another process sharing the database may have imported meanwhile: only what is still missing.
    const now = new Set((await tx.contentList.findMany({ select: { kind: true } })).map((row) => row.kind));
    const todo = files.filter((f) => !now.has(f.kind));
    for (const { kind, read } of todo) await writeList(tx, kind, read?.items ?? []);
    if (todo.length > 0) await contentChanged(tx);
    return todo;
  });
  if (imported.length > 0) {
    log().info(
      {
        kinds: imported.map((f) => f.kind),
        fromDataDir: imported.filter((f) => f.read?.file.startsWith(contentOverrideDir())).map((f) => f.kind),
      },
      "content files imported into the database",
    );
  }
  return imported.map((f) => f.kind);
}

/**
 * The pictures the content references (/media/content/*.jpg) that the uploads folder does not hold:
 * they are generated, not committed, and drawn at start (app/demo/seed.server.ts).
 */
export async function missingContentImages(): Promise<string[]> {
  const names = new Set<string>();
  for (const { data } of await db.contentItem.findMany({ select: { data: true } })) {
    for (const match of data.matchAll(/\/media\/content\/([a-z0-9][a-z0-9_-]*\.jpg)/gi)) {
      if (match[1]) names.add(match[1]);
    }
  }
  const missing: string[] = [];
  for (const name of names) if (!(await fileStore().exists(`content/${name}`))) missing.push(name);
  return missing;
}

/** True when the database holds no content yet (a fresh data folder). */
export async function isDatabaseEmpty(): Promise<boolean> {
  const [categories, music, news] = await Promise.all([db.category.count(), db.music.count(), db.news.count()]);
  return categories + music + news === 0;
}
