import type { Prisma } from "~/generated/prisma/client";
import { CONTENT_LIST_KEYS, type ContentKind } from "~/lib/content-types";
import { logActivity, type Actor } from "./activity.server";
import { CATEGORY_FIELDS } from "~/lib/category-fields";
import { MUSIC_FIELDS } from "~/lib/music-fields";
import { NEWS_FIELDS } from "~/lib/news-fields";
import { EVENT_FIELDS } from "~/lib/event-fields";
import { categorySelect, nameInUse, type CategoryRow } from "./categories.server";
import { snapshotColumnsOf } from "./item-fields.server";
import { replaceContent, type ContentDocument } from "./content.server";
import { musicRowFileUrls, musicSelect, type MusicItem } from "./music.server";
import { newsRowFileUrls, newsSelect, type NewsItem } from "./news.server";
import { eventRowFileUrls, eventSelect, type EventItem } from "./events.server";
import { getRevision, recordRevision, revisionOwner } from "./revisions.server";
import { notFound, type SaveFailure, type SaveResult } from "./save-result.server";
import { streamFieldsFor } from "./track-streams.server";
import { takeOutOfTrash, trashEntry, type TrashEntryFull } from "./trash.server";
import { contentChanged } from "../storage/content-version.server";
import { db } from "../storage/db.server";
import { recountFiles, removeUnreferenced } from "../storage/stored-files.server";

/**
 * Restores (issue 24, ADR 027): a revision written back over the live item, or a trash entry
 * recreated with its id and slug. Each is one transaction that writes the rows from the snapshot,
 * moves the stored-file counts from the revision or entry to the rows, and keeps a new revision
 * (a restore can be undone like any save). The files a snapshot names are on disk: its revision or
 * entry counted them until now.
 */

type Tx = Prisma.TransactionClient;

function conflict(message: string): SaveFailure {
  return { ok: false, status: 409, errors: { form: message } };
}

/** Runs a restore's transaction; once committed, deletes the files nothing uses any more. */
async function restoring<T>(write: (tx: Tx) => Promise<SaveFailure | { ok: true; item: T; released: string[] }>): Promise<SaveResult<T>> {
  const result = await db.$transaction(write);
  if (!result.ok) return result;
  await removeUnreferenced(result.released);
  return { ok: true, item: result.item };
}

/** A snapshot's category is gone (deleted, or in the trash): the restore waits for it. */
async function missingCategory(tx: Tx, category: { id: number; name: string }): Promise<SaveFailure | null> {
  if (await tx.category.findUnique({ where: { id: category.id }, select: { id: true } })) return null;
  return conflict(`La categoria "${category.name}" non esiste più: ripristinala dal cestino (o crea la categoria) e riprova.`);
}

/**
 * The publication state a snapshot had (issue 24): a restored draft stays a draft, a scheduled item
 * keeps its time. A snapshot from before publishing existed (no status) was public.
 */
function publicationOf(snap: { status?: string | null; publishAt?: Date | string | null }) {
  return { status: snap.status ?? "published", publishAt: snap.publishAt ? new Date(snap.publishAt) : null };
}

/**
 * Whether a revision's restore brings back its publication state too (issue 35.5). By default it
 * keeps the live one: restoring the text of a first draft must not take a published item off the site.
 */
export type RestorePublication = "keep" | "revision";

/** The snapshot to write back: the revision's, with the live item's publication state unless asked otherwise. */
function withPublication<T extends { status: string; publishAt: Date | null }>(snap: T, live: T, publication: RestorePublication): T {
  return publication === "revision" ? snap : { ...snap, status: live.status, publishAt: live.publishAt };
}

// --- news ---

/** Writes a news snapshot over the live row (`create` false) or as a new row with its id and slug. */
async function writeNews(tx: Tx, id: number, snap: NewsItem, create: boolean): Promise<NewsItem> {
  const data = {
    ...snapshotColumnsOf(NEWS_FIELDS, snap),
    ...publicationOf(snap),
    attachments: { create: snap.attachments.map((f, position) => ({ position, name: f.name, url: f.url })) },
  };
  if (create) return tx.news.create({ data: { ...data, id, slug: snap.slug, createdAt: new Date(snap.createdAt) }, select: newsSelect });
  await tx.newsAttachment.deleteMany({ where: { newsId: id } });
  return tx.news.update({ where: { id }, data, select: newsSelect });
}

/** Brings a news item back to one of its revisions. 404 when the item or the revision is not there. */
export async function restoreNewsRevision(
  id: number,
  revisionId: number,
  actor: Actor,
  publication: RestorePublication = "keep",
): Promise<SaveResult<NewsItem>> {
  const revision = await getRevision("news", id, revisionId);
  if (!revision) return notFound();
  const snap = revision.snapshot as NewsItem;
  return restoring(async (tx) => {
    const live = await tx.news.findUnique({ where: { id }, select: newsSelect });
    if (!live) return conflict("La notizia non c'è più: ripristinala prima dal cestino.");
    const refused = await missingCategory(tx, snap.category);
    if (refused) return refused;
    const row = await writeNews(tx, id, withPublication(snap, live, publication), false);
    const released = await recountFiles(tx, newsRowFileUrls(live), newsRowFileUrls(row));
    await contentChanged(tx);
    const files = newsRowFileUrls(row);
    const kept = await recordRevision(tx, { kind: "news", itemKey: id, snapshot: row, files, action: "restore", restoredFrom: revisionId }, actor);
    await logActivity(tx, actor, `Ripristinata la notizia "${row.title}" alla revisione #${revisionId}`, kept);
    return { ok: true, item: row, released };
  });
}

// --- music ---

/**
 * Writes a composition snapshot over the live row or as a new row. A track whose stream was ready
 * keeps it (the revision or entry counted its files); any other gets the stream a row of the same
 * master has, or a transcode job (streamFieldsFor), as a save does.
 */
async function writeMusic(tx: Tx, id: number, snap: MusicItem, create: boolean): Promise<MusicItem> {
  const streams = await streamFieldsFor(
    tx,
    snap.tracks.filter((t) => !(t.streamState === "ready" && t.streamUrl)).map((t) => t.url),
  );
  const tracks = {
    create: snap.tracks.map((t, position) => {
      const ready = t.streamState === "ready" && t.streamUrl;
      const stream = ready
        ? { streamState: t.streamState, streamUrl: t.streamUrl, peaksUrl: t.peaksUrl, loudnessLufs: t.loudnessLufs, streamError: t.streamError }
        : streams.get(t.url);
      return { position, name: t.name, nameEng: t.nameEng ?? "", url: t.url, durationSeconds: t.durationSeconds, ...stream };
    }),
  };
  const data = {
    ...snapshotColumnsOf(MUSIC_FIELDS, snap),
    ...publicationOf(snap),
    tracks,
  };
  if (create) return tx.music.create({ data: { ...data, id, slug: snap.slug, createdAt: new Date(snap.createdAt) }, select: musicSelect });
  await tx.musicTrack.deleteMany({ where: { musicId: id } });
  return tx.music.update({ where: { id }, data, select: musicSelect });
}

/** Brings a composition back to one of its revisions. 404 when the composition or the revision is not there. */
export async function restoreMusicRevision(
  id: number,
  revisionId: number,
  actor: Actor,
  publication: RestorePublication = "keep",
): Promise<SaveResult<MusicItem>> {
  const revision = await getRevision("music", id, revisionId);
  if (!revision) return notFound();
  const snap = revision.snapshot as MusicItem;
  return restoring(async (tx) => {
    const live = await tx.music.findUnique({ where: { id }, select: musicSelect });
    if (!live) return conflict("Il contenuto musicale non c'è più: ripristinalo prima dal cestino.");
    const refused = await missingCategory(tx, snap.category);
    if (refused) return refused;
    const row = await writeMusic(tx, id, withPublication(snap, live, publication), false);
    const released = await recountFiles(tx, musicRowFileUrls(live), musicRowFileUrls(row));
    await contentChanged(tx);
    const files = musicRowFileUrls(row);
    const kept = await recordRevision(tx, { kind: "music", itemKey: id, snapshot: row, files, action: "restore", restoredFrom: revisionId }, actor);
    await logActivity(tx, actor, `Ripristinato il contenuto musicale "${row.title}" alla revisione #${revisionId}`, kept);
    return { ok: true, item: row, released };
  });
}

// --- concerts ---

/**
 * Writes a concert snapshot over the live row or as a new row with its id and slug. Its programme
 * keeps the compositions that still exist; the calendars' SEQUENCE keeps growing (a restore is an edit).
 */
async function writeEvent(tx: Tx, id: number, snap: EventItem, create: boolean): Promise<EventItem> {
  const ids = snap.works.map((w) => w.music.id);
  const live = new Set((await tx.music.findMany({ where: { id: { in: ids } }, select: { id: true } })).map((m) => m.id));
  const works = {
    create: snap.works.filter((w) => live.has(w.music.id)).map((w, position) => ({ position, premiere: w.premiere, music: { connect: { id: w.music.id } } })),
  };
  const data = { ...snapshotColumnsOf(EVENT_FIELDS, snap), startsAt: new Date(snap.startsAt), ...publicationOf(snap), works };
  if (create) {
    const kept = { id, slug: snap.slug, sequence: snap.sequence + 1, createdAt: new Date(snap.createdAt) };
    return tx.event.create({ data: { ...data, ...kept }, select: eventSelect });
  }
  await tx.eventWork.deleteMany({ where: { eventId: id } });
  return tx.event.update({ where: { id }, data: { ...data, sequence: { increment: 1 } }, select: eventSelect });
}

/** Brings a concert back to one of its revisions. 404 when the concert or the revision is not there. */
export async function restoreEventRevision(
  id: number,
  revisionId: number,
  actor: Actor,
  publication: RestorePublication = "keep",
): Promise<SaveResult<EventItem>> {
  const revision = await getRevision("event", id, revisionId);
  if (!revision) return notFound();
  const snap = revision.snapshot as EventItem;
  return restoring(async (tx) => {
    const live = await tx.event.findUnique({ where: { id }, select: eventSelect });
    if (!live) return conflict("Il concerto non c'è più: ripristinalo prima dal cestino.");
    const row = await writeEvent(tx, id, withPublication(snap, live, publication), false);
    const released = await recountFiles(tx, eventRowFileUrls(live), eventRowFileUrls(row));
    await contentChanged(tx);
    const files = eventRowFileUrls(row);
    const kept = await recordRevision(tx, { kind: "event", itemKey: id, snapshot: row, files, action: "restore", restoredFrom: revisionId }, actor);
    await logActivity(tx, actor, `Ripristinato il concerto "${row.title}" alla revisione #${revisionId}`, kept);
    return { ok: true, item: row, released };
  });
}

// --- content pages ---

/** Brings a content page (the whole list of its kind) back to one of its revisions: a save like any other. */
export async function restoreContentRevision<K extends ContentKind>(kind: K, revisionId: number, actor: Actor): Promise<SaveResult<ContentDocument<K>>> {
  const revision = await getRevision("content", kind, revisionId);
  if (!revision) return notFound();
  return replaceContent(kind, { [CONTENT_LIST_KEYS[kind]]: revision.snapshot }, actor, [], revisionId);
}

// --- the trash ---

export type RestoredItem =
  { kind: "news"; item: NewsItem } | { kind: "music"; item: MusicItem } | { kind: "event"; item: EventItem } | { kind: "category"; item: CategoryRow };

async function recreateNews(tx: Tx, entry: TrashEntryFull, actor: Actor): Promise<SaveFailure | RestoredItem> {
  const snap = entry.snapshot as NewsItem;
  const taken = await tx.news.findFirst({ where: { OR: [{ id: entry.itemId }, { slug: snap.slug }] }, select: { title: true } });
  if (taken) return conflict(`L'indirizzo "${snap.slug}" è già usato dalla notizia "${taken.title}": eliminala o spostala nel cestino, poi riprova.`);
  const refused = await missingCategory(tx, snap.category);
  if (refused) return refused;
  const row = await writeNews(tx, entry.itemId, snap, true);
  await recountFiles(tx, [], newsRowFileUrls(row));
  const files = newsRowFileUrls(row);
  const kept = await recordRevision(tx, { kind: "news", itemKey: row.id, snapshot: row, files, action: "restore" }, actor);
  await logActivity(tx, actor, `Ripristinata dal cestino la notizia "${row.title}"`, kept);
  return { kind: "news", item: row };
}

async function recreateMusic(tx: Tx, entry: TrashEntryFull, actor: Actor): Promise<SaveFailure | RestoredItem> {
  const snap = entry.snapshot as MusicItem;
  const taken = await tx.music.findFirst({ where: { OR: [{ id: entry.itemId }, { slug: snap.slug }] }, select: { title: true } });
  if (taken) return conflict(`L'indirizzo "${snap.slug}" è già usato dal contenuto musicale "${taken.title}": eliminalo o spostalo nel cestino, poi riprova.`);
  const refused = await missingCategory(tx, snap.category);
  if (refused) return refused;
  const row = await writeMusic(tx, entry.itemId, snap, true);
  await recountFiles(tx, [], musicRowFileUrls(row));
  const files = musicRowFileUrls(row);
  const kept = await recordRevision(tx, { kind: "music", itemKey: row.id, snapshot: row, files, action: "restore" }, actor);
  await logActivity(tx, actor, `Ripristinato dal cestino il contenuto musicale "${row.title}"`, kept);
  return { kind: "music", item: row };
}

async function recreateEvent(tx: Tx, entry: TrashEntryFull, actor: Actor): Promise<SaveFailure | RestoredItem> {
  const snap = entry.snapshot as EventItem;
  const taken = await tx.event.findFirst({ where: { OR: [{ id: entry.itemId }, { slug: snap.slug }] }, select: { title: true } });
  if (taken) return conflict(`L'indirizzo "${snap.slug}" è già usato dal concerto "${taken.title}": eliminalo o spostalo nel cestino, poi riprova.`);
  const row = await writeEvent(tx, entry.itemId, snap, true);
  await recountFiles(tx, [], eventRowFileUrls(row));
  const files = eventRowFileUrls(row);
  const kept = await recordRevision(tx, { kind: "event", itemKey: row.id, snapshot: row, files, action: "restore" }, actor);
  await logActivity(tx, actor, `Ripristinato dal cestino il concerto "${row.title}"`, kept);
  return { kind: "event", item: row };
}

async function recreateCategory(tx: Tx, entry: TrashEntryFull, actor: Actor): Promise<SaveFailure | RestoredItem> {
  const snap = entry.snapshot as CategoryRow;
  if (await nameInUse(tx, { name: snap.name, name_eng: snap.nameEng, type: snap.type })) {
    return conflict(`Esiste già una categoria "${snap.name}" dello stesso tipo: rinominala, poi riprova.`);
  }
  if (await tx.category.findUnique({ where: { id: entry.itemId }, select: { id: true } })) return conflict("Una categoria usa già lo stesso identificativo.");
  const row = await tx.category.create({
    data: { id: entry.itemId, ...snapshotColumnsOf(CATEGORY_FIELDS, snap) },
    select: categorySelect,
  });
  await logActivity(tx, actor, `Ripristinata dal cestino la categoria "${row.name}"`);
  return { kind: "category", item: row };
}

const RECREATE = { news: recreateNews, music: recreateMusic, event: recreateEvent, category: recreateCategory };

/** Takes an entry out of the trash: the item is live again with its id, slug and files. 404 when the entry is gone; 409 with the reason when it cannot come back yet. */
export async function restoreFromTrash(entryId: number, actor: Actor): Promise<SaveResult<RestoredItem>> {
  return restoring(async (tx) => {
    const entry = await trashEntry(tx, entryId);
    if (!entry) return notFound();
    const restored = await RECREATE[entry.kind](tx, entry, actor);
    if ("ok" in restored) return restored;
    const released = await takeOutOfTrash(tx, entry);
    await contentChanged(tx);
    return { ok: true, item: restored, released };
  });
}

/**
 * What a revision belongs to, as the admin addresses it (the activity log's link): a live news item
 * or composition by its slug, a content page by its name; null when the item is in the trash or gone.
 */
export async function revisionSubject(id: number): Promise<{ kind: "news" | "music" | "content"; key: string } | null> {
  const owner = await revisionOwner(id);
  if (!owner) return null;
  if (owner.kind === "content") return { kind: "content", key: owner.itemKey };
  const where = { id: Number(owner.itemKey) };
  const live =
    owner.kind === "news" ? await db.news.findUnique({ where, select: { slug: true } }) : await db.music.findUnique({ where, select: { slug: true } });
  return live && (owner.kind === "news" || owner.kind === "music") ? { kind: owner.kind, key: live.slug } : null;
}
