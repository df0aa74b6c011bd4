import { z } from "zod";
import type { Prisma } from "~/generated/prisma/client";
import { externalHref } from "~/lib/paths";
import { uniqueSlug } from "~/lib/slug";
import { pageWindow, type ListRequest } from "~/lib/list-params";
import { logActivity, type Actor } from "./activity.server";
import { NOT_FOUND_MESSAGE, REQUIRED_MESSAGE } from "~/lib/form-messages";
import { zodFieldErrors } from "./categories.server";
import { db } from "./db.server";
import { prismaClientError } from "./http/errors.server";
import { type StagedFile, recountFiles, removeUnreferenced } from "./storage/stored-files.server";
import { withDurations } from "./track-durations.server";
import {
  UploadError,
  discardTempUploads,
  promoteTempUpload,
  resolveFileEntries,
  storeFormFile,
  fileEntriesFromForm,
  imageFromForm,
  type FileEntry,
  type ResolvedFiles,
} from "./uploads.server";

/** What a public page needs of a composition. */
export const musicSelect = {
  id: true,
  slug: true,
  title: true,
  description: true,
  descriptionEng: true,
  img: true,
  link: true,
  videos: true,
  createdAt: true,
  category: { select: { id: true, name: true, nameEng: true } },
  tracks: { select: { name: true, url: true, durationSeconds: true }, orderBy: { position: "asc" } },
} as const;

export type MusicItem = {
  id: number;
  slug: string;
  title: string;
  description: string;
  descriptionEng: string;
  img: string;
  link: string | null;
  videos: string | null;
  createdAt: Date;
  category: { id: number; name: string; nameEng: string };
  tracks: { name: string; url: string; durationSeconds: number | null }[];
};

/** `q` matches the title or the category name; `categoryIds` keeps the compositions of those categories. */
export type MusicFilter = { q?: string; categoryIds?: number[] };

function musicWhere(filter: MusicFilter = {}): Prisma.MusicWhereInput {
  const { q, categoryIds } = filter;
  return {
    ...(categoryIds ? { categoryId: { in: categoryIds } } : {}),
    ...(q ? { OR: [{ title: { contains: q } }, { category: { name: { contains: q } } }] } : {}),
  };
}

/**
 * Compositions newest first, filtered and paged in SQL, in the shape `select` asks for (musicSelect
 * for public pages and api/, adminMusicSelect for the admin lists).
 */
export async function listMusic<S extends Prisma.MusicSelect>(request: ListRequest<MusicFilter>, select: S) {
  const where = musicWhere(request.filter);
  const { skip, take } = pageWindow(request);
  const [rows, total] = await Promise.all([
    db.music.findMany({ where, select, orderBy: [{ createdAt: "desc" }, { id: "desc" }], skip, take }),
    db.music.count({ where }),
  ]);
  return { rows, total };
}

export function getMusicBySlug(slug: string): Promise<MusicItem | null> {
  return db.music.findUnique({ where: { slug }, select: musicSelect });
}

// --- admin: validation, lists, writes (each write logs its activity in the same transaction) ---

const optionalUrl = z
  .string()
  .trim()
  .max(2000)
  // SPEC.md 2.6: "www.example.com/x" is stored as https://www.example.com/x; other schemes are refused below.
  .transform((v) => (v ? (externalHref(v) ?? "#") : v))
  .refine((v) => {
    if (!v) return true;
    try {
      const u = new URL(v);
      return u.protocol === "http:" || u.protocol === "https:";
    } catch {
      return false;
    }
  }, "Indirizzo non valido (deve iniziare con http:// o https://)");

/** The music form and the api/ body use the same field names (SPEC.md 3); mode is "tracks" or "link". */
const musicInputSchema = z.object({
  category: z.coerce.number({ error: REQUIRED_MESSAGE }).int().positive(REQUIRED_MESSAGE),
  title: z.string().trim().min(1, REQUIRED_MESSAGE).max(300),
  description: z.string().trim().max(20_000).default(""),
  description_eng: z.string().trim().max(20_000).default(""),
  mode: z.enum(["tracks", "link"], { error: REQUIRED_MESSAGE }),
  videos: optionalUrl.default(""),
  link: optionalUrl.default(""),
});
export type MusicInput = z.infer<typeof musicInputSchema>;
export type MusicValues = { category: string; title: string; description: string; description_eng: string; mode: string; videos: string; link: string };

export type MusicFormResult<T> = { ok: true; item: T } | { ok: false; status: 400 | 404 | 413 | 415; errors: Record<string, string> };

function text(value: unknown): string {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
}

export function musicValuesFrom(raw: Record<string, unknown>): MusicValues {
  return {
    category: text(raw.category),
    title: text(raw.title),
    description: text(raw.description),
    description_eng: text(raw.description_eng),
    mode: text(raw.mode),
    videos: text(raw.videos),
    link: text(raw.link),
  };
}

export function parseMusicInput(raw: Record<string, unknown>): { ok: true; data: MusicInput } | { ok: false; errors: Record<string, string> } {
  const parsed = musicInputSchema.safeParse(musicValuesFrom(raw));
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: zodFieldErrors(parsed.error) };
}

export type MusicFilesInput = {
  image?: File | { temp_name: string } | null;
  /** The whole ordered list: kept current tracks ({url, name}) and temp uploads. null keeps the current list. */
  tracks?: FileEntry[] | null;
  /** New tracks sent in the form post itself (no JavaScript), appended. */
  trackFiles?: File[];
};

/** What the admin lists and the dashboard show of a composition. */
export const adminMusicSelect = { id: true, slug: true, title: true, link: true, createdAt: true, category: { select: { id: true, name: true } } } as const;

/** Where the public page of a saved composition is (SPEC.md 4, after saving). */
export function musicPublicPath(item: { slug: string; link: string | null; category: { name: string } }): string {
  const base = `/compositions/${encodeURIComponent(item.category.name.toLocaleLowerCase("it"))}`;
  return item.link ? base : `${base}/${encodeURIComponent(item.slug)}`;
}

function uploadFailure(error: unknown, field: string): MusicFormResult<never> {
  if (error instanceof UploadError) return { ok: false, status: error.status, errors: { [field]: error.message } };
  throw error;
}

async function storeImage(image: MusicFilesInput["image"]): Promise<{ file: StagedFile; temp?: string } | null> {
  if (!image) return null;
  if (image instanceof File) return { file: await storeFormFile(image, "image") };
  return { file: await promoteTempUpload(image.temp_name, "image"), temp: image.temp_name };
}

/** The stored files a composition row uses (its cover and its tracks), read in the transaction that changes them. */
async function musicFileUrls(tx: Prisma.TransactionClient, id: number): Promise<string[] | null> {
  const row = await tx.music.findUnique({ where: { id }, select: { img: true, tracks: { select: { url: true } } } });
  return row ? [row.img, ...row.tracks.map((t) => t.url)] : null;
}

type Current = { id: number; img: string; tracks: { name: string; url: string; durationSeconds: number | null }[] } | null;

async function saveMusic(current: Current, input: MusicInput, files: MusicFilesInput, actor: Actor): Promise<MusicFormResult<MusicItem>> {
  const errors: Record<string, string> = {};
  const hasNewImage = !!files.image;
  if (!hasNewImage && !current?.img) errors.image = REQUIRED_MESSAGE;
  const keptTracks = files.tracks ?? current?.tracks ?? [];
  const trackCount = input.mode === "tracks" ? keptTracks.length + (files.trackFiles?.length ?? 0) : 0;
  if (input.mode === "tracks" && trackCount === 0 && !input.videos) errors.tracks = "Aggiungi almeno una traccia o un video";
  if (input.mode === "link" && !input.link) errors.link = REQUIRED_MESSAGE;
  if (!(await db.category.findUnique({ where: { id: input.category }, select: { id: true } }))) errors.category = "Categoria inesistente";
  if (Object.keys(errors).length > 0) return { ok: false, status: 400, errors };

  let image: { file: StagedFile; temp?: string } | null;
  try {
    image = await storeImage(files.image);
  } catch (error) {
    return uploadFailure(error, "image");
  }
  let tracks: ResolvedFiles = { files: [], staged: [], usedTemp: [] };
  if (input.mode === "tracks") {
    try {
      tracks = await resolveFileEntries(keptTracks, files.trackFiles ?? [], "track", current?.tracks ?? []);
    } catch (error) {
      // The new image is already stored: a refused save must not leave it behind.
      if (image) await removeUnreferenced([image.file.key]);
      return uploadFailure(error, "tracks");
    }
  }
  const staged = [...(image ? [image.file] : []), ...tracks.staged];
  const trackRows = await withDurations(tracks.files, current?.tracks);
  const data = {
    title: input.title,
    description: input.description,
    descriptionEng: input.description_eng,
    categoryId: input.category,
    img: image?.file.url ?? current?.img ?? "",
    link: input.mode === "link" ? input.link : null,
    videos: input.mode === "tracks" && input.videos ? input.videos : null,
    tracks: { create: trackRows.map((f, position) => ({ position, name: f.name, url: f.url, durationSeconds: f.durationSeconds })) },
  };
  let saved: { item: MusicItem; released: string[] };
  try {
    saved = await db.$transaction(async (tx) => {
      const after = (row: MusicItem) => [row.img, ...row.tracks.map((t) => t.url)];
      if (current) {
        const before = (await musicFileUrls(tx, current.id)) ?? [];
        await tx.musicTrack.deleteMany({ where: { musicId: current.id } });
        const row = await tx.music.update({ where: { id: current.id }, data, select: musicSelect });
        await logActivity(tx, actor, `Modificato il contenuto musicale "${row.title}"`);
        return { item: row, released: await recountFiles(tx, before, after(row), staged) };
      }
      const slug = await uniqueSlug(input.title, async (s) => !!(await tx.music.findUnique({ where: { slug: s }, select: { id: true } })));
      const row = await tx.music.create({ data: { ...data, slug }, select: musicSelect });
      await logActivity(tx, actor, `Creato il contenuto musicale "${row.title}"`);
      return { item: row, released: await recountFiles(tx, [], after(row), staged) };
    });
  } catch (error) {
    // Deleted meanwhile (a DELETE raced this save): the files just stored belong to nothing.
    await removeUnreferenced(staged.map((f) => f.key));
    if (prismaClientError(error)?.status === 404) return { ok: false, status: 404, errors: { form: NOT_FOUND_MESSAGE } };
    throw error;
  }
  await discardTempUploads([...tracks.usedTemp, ...(image?.temp ? [image.temp] : [])]);
  await removeUnreferenced(saved.released);
  return { ok: true, item: saved.item };
}

/** Creates a composition; answers the row (public shape) or field errors. */
export function createMusic(input: MusicInput, files: MusicFilesInput, actor: Actor): Promise<MusicFormResult<MusicItem>> {
  return saveMusic(null, input, files, actor);
}

export async function updateMusic(id: number, input: MusicInput, files: MusicFilesInput, actor: Actor): Promise<MusicFormResult<MusicItem>> {
  const current = await db.music.findUnique({
    where: { id },
    select: { id: true, img: true, tracks: { select: { name: true, url: true, durationSeconds: true }, orderBy: { position: "asc" } } },
  });
  if (!current) return { ok: false, status: 404, errors: { form: NOT_FOUND_MESSAGE } };
  return saveMusic(current, input, files, actor);
}

/** Deletes a composition and the files only it used. false when it does not exist. */
export async function deleteMusic(id: number, actor: Actor): Promise<boolean> {
  const current = await db.music.findUnique({ where: { id }, select: { title: true } });
  if (!current) return false;
  const released = await db.$transaction(async (tx) => {
    const before = await musicFileUrls(tx, id);
    await tx.music.delete({ where: { id } });
    await logActivity(tx, actor, `Eliminato il contenuto musicale "${current.title}"`);
    return recountFiles(tx, before ?? [], []);
  });
  await removeUnreferenced(released);
  return true;
}

/** Reads the files part of the admin music form (enhanced JSON list or plain multipart). */
export function musicFilesFromForm(form: FormData, currentTracks: { url: string; name: string }[]): MusicFilesInput {
  const { entries, files } = fileEntriesFromForm(
    form,
    { jsonName: "tracks_json", keepName: "keep_track", fileInputName: "track_files" },
    currentTracks,
  );
  return { image: imageFromForm(form), tracks: entries, trackFiles: files };
}

export function getMusicForEdit(slug: string) {
  return db.music.findUnique({
    where: { slug },
    select: {
      id: true,
      slug: true,
      title: true,
      description: true,
      descriptionEng: true,
      img: true,
      link: true,
      videos: true,
      categoryId: true,
      tracks: { select: { name: true, url: true }, orderBy: { position: "asc" } },
    },
  });
}


/** Every composition with the fields the site search indexes (search.server.ts), newest first. */
export async function listMusicForSearch() {
  const { rows } = await listMusic(
    {},
    {
      id: true,
      slug: true,
      title: true,
      description: true,
      descriptionEng: true,
      img: true,
      link: true,
      category: { select: { name: true, nameEng: true } },
    },
  );
  return rows;
}

/** Changes when a composition is added, edited or deleted (count and latest update). */
export async function musicChangeMark(): Promise<string> {
  const r = await db.music.aggregate({ _count: { _all: true }, _max: { updatedAt: true } });
  return `${r._count._all}:${r._max.updatedAt?.getTime() ?? 0}`;
}
