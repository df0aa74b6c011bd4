import fs from "node:fs";
import path from "node:path";
import type { z } from "zod";
import { CONTENT_KINDS, CONTENT_LIST_KEYS, contentDocumentSchema, type ContentItemOf, type ContentKind } from "~/lib/content-types";
import { CONTENT_FORMS, contentKindLabel, inputNames, itemSummary, pathLabel, type ContentField } from "~/lib/content-fields";
import { cleanRichTextInput } from "./sanitize.server";
import { followContentRenames, refusedRenames } from "./content-references.server";
import { logActivity, type Actor } from "./activity.server";
import { invalid, notFound, type FieldErrors, type SaveResult } from "./save-result.server";
import { storeFormFile, UploadError } from "./uploads.server";
import { recordRevision } from "./revisions.server";
import { getEnv } from "../platform/env.server";
import { log } from "../platform/log.server";
import { contentChanged } from "../storage/content-version.server";
import { db } from "../storage/db.server";
import { untilContentChanged } from "../storage/read-cache.server";
import { fileStore } from "../storage/storage.server";
import { keyOfUrl, storedKeyOfUrl } from "../storage/file-store.server";
import { recountFiles, removeUnreferenced, type StagedFile } from "../storage/stored-files.server";

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

/** An item with each of its rich texts (fields of type "richtext", nested lists included) passed through `change`. */
function mapRichTexts(fields: readonly ContentField[], item: Record<string, unknown>, change: (text: string) => string): Record<string, unknown> {
  const out = { ...item };
  for (const field of fields) {
    const value = out[field.name];
    if (field.type === "list") {
      if (Array.isArray(value)) out[field.name] = value.map((row: Record<string, unknown>) => mapRichTexts(field.fields, row, change));
    } else if (field.type === "richtext") {
      for (const name of inputNames(field)) if (typeof out[name] === "string") out[name] = change(out[name]);
    }
  }
  return out;
}

/** An item of `kind` as stored, with each of its rich texts passed through `change` (a repair of stored texts). */
export function mapContentRichTexts(kind: ContentKind, item: Record<string, unknown>, change: (text: string) => string): Record<string, unknown> {
  return mapRichTexts(CONTENT_FORMS[kind].fields, item, change);
}

/** Checks a whole document of one kind with its schema: the items to store, or the errors by field path. */
function parseContentDocument<K extends ContentKind>(kind: K, body: unknown): { ok: true; items: ContentItemOf<K>[] } | { ok: false; errors: FieldErrors } {
  const parsed = contentDocumentSchema(kind).safeParse(body);
  if (!parsed.success) return { ok: false, errors: pathErrors(parsed.error) };
  const items = parsed.data[CONTENT_LIST_KEYS[kind]] as Record<string, unknown>[];
  return { ok: true, items: items.map((item) => mapContentRichTexts(kind, item, cleanRichTextInput)) as ContentItemOf<K>[] };
}

/** The pictures an item names (its "image" fields, nested lists included): each with its path in the item ("src", "content.2.src"). */
function picturesOf(fields: readonly ContentField[], item: Record<string, unknown>, prefix = ""): { path: string; url: string }[] {
  return fields.flatMap((field) => {
    const value = item[field.name];
    if (field.type === "list") {
      return Array.isArray(value)
        ? value.flatMap((row: Record<string, unknown>, index) => picturesOf(field.fields, row, `${prefix}${field.name}.${index}.`))
        : [];
    }
    return field.type === "image" && typeof value === "string" && value ? [{ path: `${prefix}${field.name}`, url: value }] : [];
  });
}

/**
 * The pictures a save brings in that the store does not hold (issue 35: a picture is a stored file):
 * an error by field path ("slider_hero.3.img") for each. Those the list already shows are not checked
 * again, so a picture missing since an earlier release does not stop an unrelated edit.
 */
async function missingPictures(kind: ContentKind, items: readonly Record<string, unknown>[]): Promise<FieldErrors> {
  const fields = CONTENT_FORMS[kind].fields;
  const shown = new Set((await contentList(kind)).flatMap((item) => picturesOf(fields, item as Record<string, unknown>).map((p) => p.url)));
  const errors: FieldErrors = {};
  for (const [index, item] of items.entries()) {
    for (const { path: field, url } of picturesOf(fields, item)) {
      if (shown.has(url)) continue;
      const key = keyOfUrl(url);
      if (!key || !(await fileStore().exists(key))) {
        errors[`${CONTENT_LIST_KEYS[kind]}.${index}.${field}`] = "Immagine non trovata: scegli un file caricato o caricane uno";
      }
    }
  }
  return errors;
}

type Tx = Parameters<Parameters<typeof db.$transaction>[0]>[0];

/** Every string of an item, nested lists included: the stored pictures it uses are among them. */
function stringsOf(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, out);
  else if (value && typeof value === "object") for (const v of Object.values(value)) stringsOf(v, out);
  return out;
}

/** A content page as its revision keeps it (ADR 027), read in `tx`: the whole list in order, and its strings (the files among them). */
export async function contentKept(tx: Tx, kind: string): Promise<{ snapshot: unknown[]; files: string[] }> {
  const rows = await tx.contentItem.findMany({ where: { kind }, select: { data: true }, orderBy: { position: "asc" } });
  const snapshot = rows.map((row) => JSON.parse(row.data) as unknown);
  return { snapshot, files: stringsOf(snapshot) };
}

/**
 * Replaces a kind's rows by `items` (in this order) and marks the kind as changed now. The stored
 * files the items use (an image uploaded in the admin form: /media/images/...) are counted like
 * those of news and music (ADR 010), so the janitor keeps them; answers the keys no row uses any
 * more, for `removeUnreferenced` once the transaction has committed.
 */
async function writeList(tx: Tx, kind: ContentKind, items: readonly unknown[], staged: readonly StagedFile[] = []): Promise<string[]> {
  const updatedAt = new Date();
  const before = (await tx.contentItem.findMany({ where: { kind }, select: { data: true } })).flatMap((row) => stringsOf(JSON.parse(row.data)));
  await tx.contentList.upsert({ where: { kind }, create: { kind, updatedAt }, update: { updatedAt }, select: { kind: true } });
  await tx.contentItem.deleteMany({ where: { kind } });
  if (items.length > 0) await tx.contentItem.createMany({ data: items.map((item, position) => ({ kind, position, data: JSON.stringify(item) })) });
  return recountFiles(tx, before.filter(storedKeyOfUrl), stringsOf(items).filter(storedKeyOfUrl), staged);
}

/**
 * Replaces the whole list of one kind (PUT api/content/{name}/, and the admin forms): the body is
 * the document as /data/{name}.json shows it. Checked with the kind's schema (400 with a message per
 * field path), then written with its activity row and the content version in one transaction, so
 * every page, the page cache and the search index show it on their next read. `staged` are the
 * images the admin form stored for this save: removed again when it is refused. Every save keeps a
 * revision of the whole list (revisions.server.ts); `restoredFrom` names the revision a restore
 * brings back.
 */
export async function replaceContent<K extends ContentKind>(
  kind: K,
  body: unknown,
  actor: Actor,
  staged: readonly StagedFile[] = [],
  restoredFrom?: number,
): Promise<SaveResult<ContentDocument<K>>> {
  const parsed = parseContentDocument(kind, body);
  const errors = parsed.ok
    ? { ...refusedRenames(kind, await contentList(kind), parsed.items), ...(await missingPictures(kind, parsed.items as Record<string, unknown>[])) }
    : parsed.errors;
  if (!parsed.ok || Object.keys(errors).length > 0) {
    await removeUnreferenced(staged.map((file) => file.key));
    return invalid(errors);
  }
  const released = await db.$transaction(async (tx) => {
    const previous = await contentKept(tx, kind);
    const unused = await writeList(tx, kind, parsed.items, staged);
    // A renamed subcategory: the works that name it follow (content-references.server.ts).
    const renamed = await followContentRenames(tx, kind, previous.snapshot, parsed.items);
    await contentChanged(tx);
    const revision = await recordRevision(
      tx,
      {
        kind: "content",
        itemKey: kind,
        snapshot: parsed.items,
        files: stringsOf(parsed.items),
        action: restoredFrom ? "restore" : "update",
        restoredFrom,
        before: previous,
      },
      actor,
    );
    const what = `"${contentKindLabel(kind)}" (${parsed.items.length} elementi${renamed})`;
    await logActivity(
      tx,
      actor,
      restoredFrom ? `Ripristinati i contenuti ${what} alla revisione #${restoredFrom}` : `Modificati i contenuti ${what}`,
      revision,
    );
    return unused;
  });
  await removeUnreferenced(released);
  return { ok: true, item: { [CONTENT_LIST_KEYS[kind]]: parsed.items } };
}

// --- one item at a time: the admin pages /admin/content/{name} (each a whole-list replaceContent) ---

type Item = Record<string, unknown> & { id: number };

/** The next free id of a list (items, or the rows of a nested list). */
function nextId(list: readonly { id?: unknown }[]): number {
  return list.reduce((max, item) => (typeof item.id === "number" && item.id > max ? item.id : max), 0) + 1;
}

/** Sets the value at a field path ("src", "content.2.src") of an item. */
function setAtPath(item: Record<string, unknown>, path: string, value: string) {
  const parts = path.split(".");
  let target: unknown = item;
  for (const part of parts.slice(0, -1)) target = (target as Record<string, unknown>)[part];
  (target as Record<string, unknown>)[parts.at(-1)!] = value;
}

/**
 * The errors of the whole document ("bio.3.title") as the fields of the one item at `index` ("title").
 * An error of another item (a value saved before the rule that refuses it, issue 35) names that item
 * and field, so staff know what to correct first.
 */
function itemErrors(kind: ContentKind, index: number, errors: FieldErrors, items: readonly Item[]): FieldErrors {
  const list = `${CONTENT_LIST_KEYS[kind]}.`;
  const out: FieldErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    const [, at, field] = /^(\d+)\.(.+)$/.exec(path.startsWith(list) ? path.slice(list.length) : "") ?? [];
    const other = at === undefined ? undefined : items[Number(at)];
    if (Number(at) === index && field) out[field] ??= message;
    else if (other && field) {
      const form = CONTENT_FORMS[kind];
      out.form ??= `Un altro elemento dell'elenco, «${itemSummary(form, other)}», ha un valore non valido in «${pathLabel(form.fields, field) ?? field}»: ${message}. Correggilo prima di salvare questo.`;
    } else out.form ??= message;
  }
  return out;
}

/** An image chosen in the admin form: the field path it fills ("src", "content.2.src") and the file. */
export type ContentImage = { path: string; file: File };

/**
 * Creates (`id` null) or changes one item of a kind from the admin form: the images chosen are
 * stored and their addresses put in their fields, new nested rows get ids, and the whole list is
 * saved with replaceContent (the kind's schema decides; its errors come back by the item's field
 * path: "title", "artists.0.name"). Answers the item's id.
 */
export async function saveContentItem(
  kind: ContentKind,
  id: number | null,
  input: Record<string, unknown>,
  images: readonly ContentImage[],
  actor: Actor,
): Promise<SaveResult<{ id: number }>> {
  const list = (await contentList(kind)) as readonly Item[];
  const index = id === null ? list.length : list.findIndex((item) => item.id === id);
  if (index < 0) return notFound();
  const item: Item = { ...input, id: id ?? nextId(list) };
  for (const value of Object.values(item)) {
    if (Array.isArray(value)) {
      const rows = value as { id?: unknown }[];
      for (const row of rows) if ("id" in row && row.id === null) row.id = nextId(rows);
    }
  }
  const staged: StagedFile[] = [];
  for (const image of images) {
    try {
      const file = await storeFormFile(image.file, "image");
      staged.push(file);
      setAtPath(item, image.path, file.url);
    } catch (error) {
      await removeUnreferenced(staged.map((file) => file.key));
      if (error instanceof UploadError) return { ok: false, status: error.status, errors: { [image.path]: error.message } };
      throw error;
    }
  }
  const items = [...list];
  items[index] = item;
  const saved = await replaceContent(kind, { [CONTENT_LIST_KEYS[kind]]: items }, actor, staged);
  if (!saved.ok) return { ...saved, errors: itemErrors(kind, index, saved.errors, items) };
  return { ok: true, item: { id: item.id } };
}

/** Removes one item of a kind (the admin's delete, after its confirmation); false when there is none. */
export async function deleteContentItem(kind: ContentKind, id: number, actor: Actor): Promise<boolean> {
  const list = (await contentList(kind)) as readonly Item[];
  if (!list.some((item) => item.id === id)) return false;
  const saved = await replaceContent(kind, { [CONTENT_LIST_KEYS[kind]]: list.filter((item) => item.id !== id) }, actor);
  return saved.ok;
}

/**
 * Puts the items of a kind in the order of `ids` (the admin's drag and drop), or moves one item a
 * place up or down (its buttons). Refused (409) when `ids` are not exactly the items' ids: the
 * list changed since the page was loaded.
 */
export async function orderContent(kind: ContentKind, order: { ids: number[] } | { id: number; move: "up" | "down" }, actor: Actor): Promise<SaveResult<null>> {
  const list = (await contentList(kind)) as readonly Item[];
  let ids = list.map((item) => item.id);
  if ("ids" in order) {
    const same = order.ids.length === ids.length && [...order.ids].sort((a, b) => a - b).join() === [...ids].sort((a, b) => a - b).join();
    if (!same) return { ok: false, status: 409, errors: { form: "L'elenco è cambiato nel frattempo: ricarica la pagina e riprova." } };
    ids = order.ids;
  } else {
    const from = ids.indexOf(order.id);
    if (from < 0) return notFound();
    const to = order.move === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= ids.length) return { ok: true, item: null };
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  }
  const byId = new Map(list.map((item) => [item.id, item]));
  const saved = await replaceContent(kind, { [CONTENT_LIST_KEYS[kind]]: ids.map((id) => byId.get(id)) }, actor);
  return saved.ok ? { ok: true, item: null } : saved;
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
    // Nothing to release: nothing was counted for a kind not yet imported.
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
