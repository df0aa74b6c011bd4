import { z } from "zod";
import type { Prisma } from "~/generated/prisma/client";
import { bodyFieldNames, type BodyValuesOf } from "~/lib/item-fields";
import { MUSIC_FIELDS } from "~/lib/music-fields";
import { uniqueSlug } from "~/lib/slug";
import { pageWindow, type ListRequest } from "~/lib/list-params";
import { REQUIRED_MESSAGE } from "~/lib/form-messages";
import { logActivity, type Actor } from "./activity.server";
import { contentChanged } from "../storage/content-version.server";
import { categoryExists } from "./categories.server";
import { containsIgnoringCase, db } from "../storage/db.server";
import { invalid, parseWith, textFields, type FieldErrors, type Parsed, type SaveResult } from "./save-result.server";
import { deleteWithFiles, saveWithFiles, type FileListInput, type ImageInput } from "./save-with-files.server";
import { withDurations } from "./track-durations.server";
import { streamFieldsFor, type StreamFields } from "./track-streams.server";
import { recordRevision } from "./revisions.server";
import { moveToTrash } from "./trash.server";
import { publicationStateWhere, visibleToVisitors, type PublicationState } from "../storage/publication.server";
import { publicationData } from "./publishing.server";
import { columnsOf, inputSchemaOf, selectOf } from "./item-fields.server";
import { storePerusalScore, type ScoreInput, type StoredScore } from "./perusal-scores.server";
import { UploadError } from "./uploads.server";

/** What a public page needs of a composition: its described columns (lib/music-fields.ts) and its tracks. */
export const musicSelect = {
  id: true,
  slug: true,
  ...selectOf(MUSIC_FIELDS),
  createdAt: true,
  tracks: {
    select: {
      id: true,
      name: true,
      nameEng: true,
      url: true,
      durationSeconds: true,
      streamState: true,
      streamUrl: true,
      peaksUrl: true,
      loudnessLufs: true,
      streamError: true,
    },
    orderBy: { position: "asc" },
  },
} as const satisfies Prisma.MusicSelect;

/** A composition; its `titleEng` is empty when it has no English title (English pages show `title`, lib/i18n.ts `localized`). */
export type MusicItem = Prisma.MusicGetPayload<{ select: typeof musicSelect }>;

/** A track as pages and api/ read it: the master (`url`) and its stream (track-streams.server.ts). */
export type MusicTrackItem = {
  id: number;
  name: string;
  /** Empty: English pages show `name`. */
  nameEng: string;
  url: string;
  durationSeconds: number | null;
} & StreamFields;

/**
 * `q` matches either title or the category name; `categoryIds` keeps the compositions of those
 * categories. Visitors' lists hold only what they may see (storage/publication.server.ts);
 * `audience: "staff"` (admin lists) holds every item, or those in `state`.
 */
export type MusicFilter = { q?: string; categoryIds?: number[]; audience?: "visitors" | "staff"; state?: PublicationState };

function musicWhere(filter: MusicFilter = {}): Prisma.MusicWhereInput {
  const { q, categoryIds, audience = "visitors", state } = filter;
  const visibility = audience === "visitors" ? visibleToVisitors() : state ? publicationStateWhere(state) : {};
  return {
    AND: [
      visibility,
      categoryIds ? { categoryId: { in: categoryIds } } : {},
      q ? { OR: [{ title: containsIgnoringCase(q) }, { titleEng: containsIgnoringCase(q) }, { category: { name: containsIgnoringCase(q) } }] } : {},
    ],
  };
}

/**
 * Compositions newest first, filtered and paged in SQL, in the shape `select` asks for (musicSelect
 * for public pages and api/, adminMusicSelect for the admin lists).
 */
export async function listMusic<S extends Prisma.MusicSelect>(request: ListRequest<MusicFilter>, select: S) {
  const [rows, total] = await Promise.all([findMusic(request, select), db.music.count({ where: musicWhere(request.filter) })]);
  return { rows, total };
}

/** The rows of listMusic without their total: one query instead of two, for pages that show no count. */
export function findMusic<S extends Prisma.MusicSelect>(request: ListRequest<MusicFilter>, select: S) {
  const { skip, take } = pageWindow(request);
  return db.music.findMany({ where: musicWhere(request.filter), select, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip, take });
}

/** A composition by its slug, whatever its status: the public page shows it only when visible or in preview. */
export function getMusicBySlug(slug: string): Promise<MusicItem | null> {
  return db.music.findUnique({ where: { slug }, select: musicSelect });
}

// --- admin: validation, lists, writes (each write logs its activity in the same transaction) ---

/** The music form and the api/ body use the same field names (SPEC.md 3), those of lib/music-fields.ts. */
const MUSIC_BODY_FIELDS = bodyFieldNames(MUSIC_FIELDS);
export type MusicValues = BodyValuesOf<typeof MUSIC_FIELDS>;

export const musicInputSchema = inputSchemaOf(MUSIC_FIELDS);
export type MusicInput = z.infer<typeof musicInputSchema>;

/** The text of the music fields of a body (form or JSON), as a refused form shows them again. */
export function musicValuesFrom(raw: Record<string, unknown>): MusicValues {
  return textFields(raw, MUSIC_BODY_FIELDS) as MusicValues;
}

export function parseMusicInput(raw: Record<string, unknown>): Parsed<MusicInput> {
  return parseWith(musicInputSchema, musicValuesFrom(raw));
}

/** Files of a music save: a new cover and the tracks list. */
export type MusicFilesInput = {
  image?: ImageInput | null;
  /** The whole ordered list: kept current tracks ({url, name}) and temp uploads. null keeps the current list. */
  tracks?: FileListInput["entries"];
  /** New tracks sent in the form post itself (no JavaScript), appended. */
  trackFiles?: File[];
  /** Issue 36: a new perusal score; null removes the current one, absent keeps it. */
  score?: ScoreInput | null;
};

/** What the admin lists and the dashboard show of a composition. */
export const adminMusicSelect = {
  id: true,
  slug: true,
  title: true,
  link: true,
  status: true,
  publishAt: true,
  createdAt: true,
  category: { select: { id: true, name: true } },
} as const;

export const musicRowFileUrls = (row: MusicItem) => [row.img, row.score, row.scoreOriginal, ...row.tracks.flatMap((t) => [t.url, t.streamUrl, t.peaksUrl])];

/** A composition as its revision and its trash entry keep it (ADR 027): the whole public shape (streams too) and its files. */
export const musicKept = (row: MusicItem) => ({ snapshot: row, files: musicRowFileUrls(row) });

/** The saved composition a save changes (null: a new one). */
export type MusicCurrent = {
  id: number;
  img: string;
  tracks: { name: string; nameEng: string; url: string; durationSeconds: number | null }[];
  status: string;
  publishAt: Date | null;
};

/** What a composition needs besides a valid body: a cover, a track or video (or a link), an existing category. */
async function musicErrors(current: MusicCurrent | null, input: MusicInput, files: MusicFilesInput): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  if (!files.image && !current?.img) errors.image = REQUIRED_MESSAGE;
  const trackCount = (files.tracks ?? current?.tracks ?? []).length + (files.trackFiles?.length ?? 0);
  if (input.mode === "tracks" && trackCount === 0 && !input.videos) errors.tracks = "Aggiungi almeno una traccia o un video";
  if (input.mode === "link" && !input.link) errors.link = REQUIRED_MESSAGE;
  if (!(await categoryExists(input.category))) errors.category = "Categoria inesistente";
  return errors;
}

/**
 * Creates (`current` null) or updates a composition; answers the row (public shape) or field
 * errors. Files no longer used are deleted after the save.
 */
export async function saveMusic(current: MusicCurrent | null, input: MusicInput, files: MusicFilesInput, actor: Actor): Promise<SaveResult<MusicItem>> {
  const errors = await musicErrors(current, input, files);
  if (Object.keys(errors).length > 0) return invalid(errors);
  let score: StoredScore | null;
  try {
    score = files.score ? await storePerusalScore(files.score) : null;
  } catch (error) {
    if (error instanceof UploadError) return { ok: false, status: error.status, errors: { score: error.message } };
    throw error;
  }
  // A new score replaces the saved one, null takes it away, absent keeps it (its three columns go together).
  const scoreColumns = score
    ? { score: score.stamped.url, scorePages: score.pages, scoreOriginal: score.original.url }
    : files.score === null
      ? { score: null, scorePages: null, scoreOriginal: null }
      : {};
  const extra = score ? { staged: [score.stamped, score.original], temps: score.temp ? [score.temp] : [] } : undefined;
  const tracks =
    input.mode === "tracks"
      ? { entries: files.tracks, files: files.trackFiles, purpose: "track" as const, current: current?.tracks ?? [], field: "tracks" }
      : null;
  return saveWithFiles({ image: { input: files.image, field: "image" }, list: tracks, extra }, async (stored) => {
    const trackRows = await withDurations(stored.list, current?.tracks);
    const data = {
      ...publicationData(input, current),
      ...columnsOf(MUSIC_FIELDS, input),
      img: stored.image ?? current?.img ?? "",
      ...scoreColumns,
      // Only the chosen mode's own fields are kept (SPEC.md 2.17).
      link: input.mode === "link" ? input.link : null,
      videos: input.mode === "tracks" && input.videos ? input.videos : null,
    };
    return async (tx) => {
      // Read in the transaction, before the current rows go: a kept track keeps its stream.
      const streams = await streamFieldsFor(
        tx,
        trackRows.map((f) => f.url),
      );
      // A kept track that came without an English name (an old api client, the form without JavaScript) keeps its own.
      const savedEnglish = new Map((current?.tracks ?? []).map((t) => [t.url, t.nameEng]));
      const tracks = {
        create: trackRows.map((f, position) => ({
          position,
          name: f.name,
          nameEng: f.nameEng ?? savedEnglish.get(f.url) ?? "",
          url: f.url,
          durationSeconds: f.durationSeconds,
          ...streams.get(f.url),
        })),
      };
      if (current) {
        const previous = await tx.music.findUnique({ where: { id: current.id }, select: musicSelect });
        const before = previous ? musicRowFileUrls(previous) : [];
        await tx.musicTrack.deleteMany({ where: { musicId: current.id } });
        const row = await tx.music.update({ where: { id: current.id }, data: { ...data, tracks }, select: musicSelect });
        await contentChanged(tx);
        const revision = await recordRevision(
          tx,
          { kind: "music", itemKey: row.id, ...musicKept(row), action: "update", before: previous && musicKept(previous) },
          actor,
        );
        await logActivity(tx, actor, `Modificato il contenuto musicale "${row.title}"`, revision);
        return { item: row, before, after: musicRowFileUrls(row) };
      }
      const slug = await uniqueSlug(input.title, async (s) => !!(await tx.music.findUnique({ where: { slug: s }, select: { id: true } })));
      const row = await tx.music.create({ data: { ...data, tracks, slug }, select: musicSelect });
      await contentChanged(tx);
      const revision = await recordRevision(tx, { kind: "music", itemKey: row.id, ...musicKept(row), action: "create" }, actor);
      await logActivity(tx, actor, `Creato il contenuto musicale "${row.title}"`, revision);
      return { item: row, before: [], after: musicRowFileUrls(row) };
    };
  });
}

/**
 * Moves a composition to the trash (trash.server.ts): the row and its tracks go, their snapshot and
 * files stay there for a restore. false when it does not exist.
 */
export async function deleteMusic(id: number, actor: Actor): Promise<boolean> {
  const current = await db.music.findUnique({ where: { id }, select: { title: true } });
  if (!current) return false;
  await deleteWithFiles(async (tx) => {
    const row = await tx.music.findUnique({ where: { id }, select: musicSelect });
    if (!row) return [];
    const before = musicRowFileUrls(row);
    await moveToTrash(tx, { kind: "music", itemId: id, title: row.title, ...musicKept(row) }, actor);
    await tx.music.delete({ where: { id } });
    await contentChanged(tx);
    await logActivity(tx, actor, `Eliminato il contenuto musicale "${current.title}"`);
    return before;
  });
  return true;
}

// --- admin: one track at a time (issue 25: order and names, each a native form post of its own) ---

/** Why a track change was refused: the track is not (or no longer) one of this composition's. */
const TRACK_NOT_FOUND = "Traccia non trovata: ricarica la pagina";

const trackNameSchema = z.object({
  name: z.string().trim().min(1, REQUIRED_MESSAGE).max(200),
  // Optional: empty shows the Italian name on English pages.
  name_eng: z.string().trim().max(200).default(""),
});

/** Why an order of tracks was refused: not exactly the composition's tracks (a page older than the last save). */
const TRACK_ORDER_STALE = "L'elenco delle tracce è cambiato nel frattempo: ricarica la pagina";

/**
 * The one write of a composition's track order (the up/down buttons and a drag and drop): `reorder`
 * answers the new order of the track ids, or an error when the request does not fit the saved tracks.
 */
async function writeTrackOrder(musicId: number, actor: Actor, reorder: (ids: number[]) => number[] | string): Promise<SaveResult<null>> {
  return db.$transaction(async (tx) => {
    const tracks = await tx.musicTrack.findMany({ where: { musicId }, select: { id: true }, orderBy: [{ position: "asc" }, { id: "asc" }] });
    const current = tracks.map((t) => t.id);
    const order = reorder(current);
    if (typeof order === "string") return invalid({ tracks: order });
    if (order.join() === current.join()) return { ok: true as const, item: null };
    // Positions are rewritten 0..n-1, so a list with gaps or ties (older saves) comes out tidy.
    for (const [position, id] of order.entries()) await tx.musicTrack.update({ where: { id }, data: { position } });
    const music = await tx.music.findUniqueOrThrow({ where: { id: musicId }, select: { title: true } });
    await contentChanged(tx);
    await logActivity(tx, actor, `Modificato l'ordine delle tracce di "${music.title}"`);
    return { ok: true as const, item: null };
  });
}

/**
 * Moves a track one place up (-1) or down (+1) in its composition's list; refused (400) when the
 * track is not the composition's (a page older than the last save). At either end nothing moves.
 */
export function moveTrack(musicId: number, trackId: number, step: -1 | 1, actor: Actor): Promise<SaveResult<null>> {
  return writeTrackOrder(musicId, actor, (ids) => {
    const from = ids.indexOf(trackId);
    if (from === -1) return TRACK_NOT_FOUND;
    const to = from + step;
    if (to < 0 || to >= ids.length) return ids;
    const order = [...ids];
    [order[from], order[to]] = [order[to] as number, order[from] as number];
    return order;
  });
}

/** Puts a composition's tracks in the order given (every track id once, as a drag and drop leaves them). */
export function orderTracks(musicId: number, wanted: number[], actor: Actor): Promise<SaveResult<null>> {
  return writeTrackOrder(musicId, actor, (ids) =>
    wanted.length === ids.length && new Set(wanted).size === ids.length && wanted.every((id) => ids.includes(id)) ? wanted : TRACK_ORDER_STALE,
  );
}

/** Renames a track in both languages (the form's `name` and `name_eng`). */
export async function renameTrack(musicId: number, trackId: number, raw: Record<string, unknown>, actor: Actor): Promise<SaveResult<null>> {
  const parsed = parseWith(trackNameSchema, textFields(raw, ["name", "name_eng"] as const));
  if (!parsed.ok) return parsed;
  return db.$transaction(async (tx) => {
    const track = await tx.musicTrack.findFirst({ where: { id: trackId, musicId }, select: { id: true, music: { select: { title: true } } } });
    if (!track) return invalid({ tracks: TRACK_NOT_FOUND });
    await tx.musicTrack.update({ where: { id: trackId }, data: { name: parsed.data.name, nameEng: parsed.data.name_eng } });
    await contentChanged(tx);
    await logActivity(tx, actor, `Rinominata una traccia di "${track.music.title}"`);
    return { ok: true as const, item: null };
  });
}
