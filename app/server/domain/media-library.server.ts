import { z } from "zod";
import { logActivity, type Actor } from "./activity.server";
import { libraryImage, stringsOf, usesByKey, type ImageUse, type Tx } from "./media-library-images.server";
import { invalid, notFound, parseWith, type SaveFailure, type SaveResult } from "./save-result.server";
import { storeFormFile, UploadError } from "./uploads.server";
import { contentKept } from "./content.server";
import { musicKept, musicSelect } from "./music.server";
import { newsKept, newsSelect } from "./news.server";
import { eventKept, eventSelect } from "./events.server";
import { recordRevision, type RevisionKind } from "./revisions.server";
import { contentChanged } from "../storage/content-version.server";
import { db } from "../storage/db.server";
import { storedKeyOfUrl, urlOfKey } from "../storage/file-store.server";
import { recountFiles, removeUnreferenced, type StagedFile } from "../storage/stored-files.server";

/**
 * The media library (/admin/media, docs/decisions/028-media-library.md): every image the site
 * stores, where it is used, and its alt texts (MediaImage rows). A library row is one use of its
 * stored file (ADR 010), so an image uploaded here stays until it is deleted here; a delete is
 * refused while any news, composition, concert or content item uses it. Pages read the alt texts through
 * imageInfo (storage/images.server.ts).
 */

const ALT_MAX = 300;

/**
 * Makes the library row of a counted image inside `tx` when it has none: the row is one more use
 * of its stored file (so the picture stays while only the library holds it).
 */
async function holdInLibrary(tx: Tx, key: string, fileName: string, staged: readonly StagedFile[] = []): Promise<void> {
  const existing = await tx.mediaImage.findUnique({ where: { key }, select: { key: true } });
  if (existing) return;
  await tx.mediaImage.create({ data: { key, fileName }, select: { key: true } });
  await recountFiles(tx, [], [urlOfKey(key)], staged);
}

/** An image form file checked, re-encoded and staged like every image; a refused file is the form's 4xx. */
async function stageLibraryImage(file: File): Promise<StagedFile | SaveFailure> {
  try {
    return await storeFormFile(file, "image");
  } catch (error) {
    if (error instanceof UploadError) return { ok: false, status: error.status, errors: { file: error.message } };
    throw error;
  }
}

/** Uploads an image into the library (a form post, JavaScript or not): checked, re-encoded and stored like every image. */
export async function uploadLibraryImage(file: File, actor: Actor): Promise<SaveResult<{ key: string }>> {
  const staged = await stageLibraryImage(file);
  if (!("url" in staged)) return staged;
  const fileName = staged.originalName ?? "";
  await db.$transaction(async (tx) => {
    await holdInLibrary(tx, staged.key, fileName, [staged]);
    await contentChanged(tx);
    await logActivity(tx, actor, `Caricata nella libreria l'immagine "${fileName || staged.key}"`);
  });
  return { ok: true, item: { key: staged.key } };
}

const altSchema = z.object({
  altIt: z.string().trim().max(ALT_MAX, `Al massimo ${ALT_MAX} caratteri`),
  altEn: z.string().trim().max(ALT_MAX, `Al massimo ${ALT_MAX} caratteri`),
  decorative: z.boolean(),
});
export type AltInput = z.input<typeof altSchema>;

/** Sets the alt texts and the decorative flag of a library image; every page shows them at once. */
export async function saveImageAlt(key: string, input: AltInput, actor: Actor): Promise<SaveResult<null>> {
  const parsed = parseWith(altSchema, input);
  if (!parsed.ok) return parsed;
  if (!(await libraryImage(key))) return notFound();
  await db.$transaction(async (tx) => {
    if (storedKeyOfUrl(urlOfKey(key))) await holdInLibrary(tx, key, "");
    await tx.mediaImage.upsert({ where: { key }, create: { key, ...parsed.data }, update: parsed.data, select: { key: true } });
    await contentChanged(tx);
    await logActivity(tx, actor, `Modificato il testo alternativo dell'immagine "${key}"`);
  });
  return { ok: true, item: null };
}

/** A delete refused because the image is used: the message names every use, and the uses come back for the page. */
export type DeleteRefusal = { ok: false; status: 404 | 409; errors: { form: string }; uses: ImageUse[] };

class StillUsed extends Error {
  constructor(public uses: ImageUse[]) {
    super("still used");
  }
}

/**
 * Deletes a library image that nothing uses: its row, and its bytes (with their variants) once no
 * row counts them. Refused (409) with the list of its uses otherwise; the check runs inside the
 * transaction, after a write took the database's write lock, so no save can start using it in between.
 */
export async function deleteLibraryImage(key: string, actor: Actor): Promise<{ ok: true } | DeleteRefusal> {
  const image = await libraryImage(key);
  if (!image?.stored) return { ok: false, status: 404, errors: { form: "Immagine non trovata" }, uses: [] };
  let released: string[];
  try {
    released = await db.$transaction(async (tx) => {
      const held = await tx.mediaImage.deleteMany({ where: { key } });
      const uses = (await usesByKey(tx)).get(key) ?? [];
      if (uses.length > 0) throw new StillUsed(uses);
      const unused = await recountFiles(
        tx,
        Array.from({ length: held.count }, () => image.url),
        [],
      );
      await contentChanged(tx);
      await logActivity(tx, actor, `Eliminata dalla libreria l'immagine "${image.fileName || key}"`);
      return unused;
    });
  } catch (error) {
    if (!(error instanceof StillUsed)) throw error;
    const list = error.uses.map((use) => use.label).join("; ");
    return { ok: false, status: 409, errors: { form: `L'immagine è ancora usata e non può essere eliminata. Usata da: ${list}.` }, uses: error.uses };
  }
  await removeUnreferenced(released);
  return { ok: true };
}

/** An item a replace rewrites, and how to read it as its revision keeps it. */
type RewrittenItem = { kind: RevisionKind; itemKey: string | number; read: () => Promise<{ snapshot: unknown; files: readonly (string | null)[] }> };

/** The news items, compositions, concerts and content pages that name `url`, read in `tx`. */
async function itemsNaming(tx: Tx, url: string): Promise<RewrittenItem[]> {
  const [news, music, events, kinds] = await Promise.all([
    tx.news.findMany({ where: { OR: [{ image: url }, { attachments: { some: { url } } }] }, select: { id: true }, orderBy: { id: "asc" } }),
    tx.music.findMany({ where: { img: url }, select: { id: true }, orderBy: { id: "asc" } }),
    tx.event.findMany({ where: { image: url }, select: { id: true }, orderBy: { id: "asc" } }),
    tx.contentItem.findMany({ where: { data: { contains: JSON.stringify(url) } }, select: { kind: true }, distinct: ["kind"], orderBy: { kind: "asc" } }),
  ]);
  return [
    ...news.map(({ id }): RewrittenItem => ({
      kind: "news",
      itemKey: id,
      read: async () => newsKept(await tx.news.findUniqueOrThrow({ where: { id }, select: newsSelect })),
    })),
    ...music.map(({ id }): RewrittenItem => ({
      kind: "music",
      itemKey: id,
      read: async () => musicKept(await tx.music.findUniqueOrThrow({ where: { id }, select: musicSelect })),
    })),
    ...events.map(({ id }): RewrittenItem => ({
      kind: "event",
      itemKey: id,
      read: async () => eventKept(await tx.event.findUniqueOrThrow({ where: { id }, select: eventSelect })),
    })),
    ...kinds.map(({ kind }): RewrittenItem => ({ kind: "content", itemKey: kind, read: () => contentKept(tx, kind) })),
  ];
}

/**
 * Replaces a library image by new bytes: content-addressed keys never change bytes, so the new file
 * gets its own key and every reference to the old one (compositions, news, attachments, concerts, content
 * items, the library row with its alt texts) moves to it in one transaction; the old bytes go once
 * nothing counts them. The replace is a save of every item it rewrites, so each gets a revision
 * (ADR 027) and the one before the replace still brings the old picture back (its revision counts it).
 */
export async function replaceLibraryImage(key: string, file: File, actor: Actor): Promise<SaveResult<{ key: string }>> {
  const image = await libraryImage(key);
  if (!image?.stored) return notFound();
  const staged = await stageLibraryImage(file);
  if (!("url" in staged)) return staged;
  if (staged.key === key) return invalid({ file: "È la stessa immagine: scegli un file diverso." });
  const [oldUrl, newUrl] = [image.url, staged.url];
  const released = await db.$transaction(async (tx) => {
    const rewritten = await itemsNaming(tx, oldUrl);
    const kept = [];
    for (const item of rewritten) kept.push(await item.read());
    let moved = 0;
    moved += (await tx.music.updateMany({ where: { img: oldUrl }, data: { img: newUrl } })).count;
    moved += (await tx.news.updateMany({ where: { image: oldUrl }, data: { image: newUrl } })).count;
    moved += (await tx.newsAttachment.updateMany({ where: { url: oldUrl }, data: { url: newUrl } })).count;
    moved += (await tx.event.updateMany({ where: { image: oldUrl }, data: { image: newUrl } })).count;
    for (const row of await tx.contentItem.findMany({ where: { data: { contains: JSON.stringify(oldUrl) } }, select: { id: true, data: true } })) {
      const occurrences = stringsOf(JSON.parse(row.data)).filter((value) => value === oldUrl).length;
      const data = JSON.stringify(JSON.parse(row.data, (_k, value: unknown) => (value === oldUrl ? newUrl : value)));
      await tx.contentItem.update({ where: { id: row.id }, data: { data }, select: { id: true } });
      moved += occurrences;
    }
    const row = await tx.mediaImage.findUnique({ where: { key }, select: { altIt: true, altEn: true, decorative: true, fileName: true } });
    // The same bytes may already be in the library: its row (one use) is replaced by the moved one.
    const alreadyHeld = (await tx.mediaImage.count({ where: { key: staged.key } })) > 0;
    await tx.mediaImage.deleteMany({ where: { key: { in: [key, staged.key] } } });
    const fileName = staged.originalName ?? "";
    await tx.mediaImage.create({
      data: { key: staged.key, altIt: row?.altIt ?? "", altEn: row?.altEn ?? "", decorative: row?.decorative ?? false, fileName },
      select: { key: true },
    });
    const before = [...Array.from({ length: moved + (row ? 1 : 0) }, () => oldUrl), ...(alreadyHeld ? [newUrl] : [])];
    const unused = await recountFiles(
      tx,
      before,
      Array.from({ length: moved + 1 }, () => newUrl),
      [staged],
    );
    await contentChanged(tx);
    for (const [index, item] of rewritten.entries()) {
      await recordRevision(tx, { kind: item.kind, itemKey: item.itemKey, ...(await item.read()), action: "update", before: kept[index] }, actor);
    }
    await logActivity(tx, actor, `Sostituita l'immagine "${image.fileName || key}" con "${fileName || staged.key}"`);
    return unused;
  });
  await removeUnreferenced(released);
  return { ok: true, item: { key: staged.key } };
}
