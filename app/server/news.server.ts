import { z } from "zod";
import type { Prisma } from "~/generated/prisma/client";
import { todayIso } from "~/lib/format";
import { uniqueSlug } from "~/lib/slug";
import { pageWindow, type ListRequest } from "~/lib/list-params";
import { logActivity, type Actor } from "./activity.server";
import { NOT_FOUND_MESSAGE, REQUIRED_MESSAGE } from "~/lib/form-messages";
import { zodFieldErrors } from "./categories.server";
import { db } from "./db.server";
import { prismaClientError } from "./http/errors.server";
import { sanitizeNewsHtml } from "./sanitize.server";
import { type StagedFile, recountFiles, removeUnreferenced } from "./storage/stored-files.server";
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

/** What a public page needs of a news item. */
export const newsSelect = {
  id: true,
  slug: true,
  title: true,
  titleEng: true,
  description: true,
  descriptionEng: true,
  date: true,
  image: true,
  createdAt: true,
  category: { select: { id: true, name: true, nameEng: true } },
  attachments: { select: { name: true, url: true }, orderBy: { position: "asc" } },
} as const;

export type NewsItem = {
  id: number;
  slug: string;
  title: string;
  titleEng: string;
  description: string;
  descriptionEng: string;
  date: string;
  image: string | null;
  createdAt: Date;
  category: { id: number; name: string; nameEng: string };
  attachments: { name: string; url: string }[];
};

/** `q` matches the title (either language) or the category name. */
export type NewsFilter = { q?: string };

function newsWhere(filter: NewsFilter = {}): Prisma.NewsWhereInput {
  const { q } = filter;
  return q ? { OR: [{ title: { contains: q } }, { titleEng: { contains: q } }, { category: { name: { contains: q } } }] } : {};
}

const NEWS_ORDER = {
  /** Public pages, api/ and the feed: by the news date, then by creation. */
  date: [{ date: "desc" }, { createdAt: "desc" }, { id: "desc" }],
  /** The admin list and dashboard: the latest written first. */
  created: [{ createdAt: "desc" }, { id: "desc" }],
} satisfies Record<string, Prisma.NewsOrderByWithRelationInput[]>;

/**
 * News filtered and paged in SQL, in the shape `select` asks for (newsSelect for public pages and
 * api/, adminNewsSelect for the admin lists); newest news date first unless `order` is "created".
 */
export async function listNews<S extends Prisma.NewsSelect>(request: ListRequest<NewsFilter> & { order?: keyof typeof NEWS_ORDER }, select: S) {
  const where = newsWhere(request.filter);
  const { skip, take } = pageWindow(request);
  const [rows, total] = await Promise.all([
    db.news.findMany({ where, select, orderBy: NEWS_ORDER[request.order ?? "date"], skip, take }),
    db.news.count({ where }),
  ]);
  return { rows, total };
}

export function getNewsBySlug(slug: string): Promise<NewsItem | null> {
  return db.news.findUnique({ where: { slug }, select: newsSelect });
}

// --- admin: validation, lists, writes (each write logs its activity in the same transaction) ---

function isRealDate(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The news form and the api/ body use the same field names (SPEC.md 3). */
export const newsInputSchema = z.object({
  category: z.coerce.number({ error: REQUIRED_MESSAGE }).int().positive(REQUIRED_MESSAGE),
  title: z.string().trim().min(1, REQUIRED_MESSAGE).max(300),
  title_eng: z.string().trim().min(1, REQUIRED_MESSAGE).max(300),
  description: z.string().max(200_000).default(""),
  description_eng: z.string().max(200_000).default(""),
  date: z
    .string()
    .trim()
    .transform((v) => v || todayIso())
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isRealDate(v), "Data non valida (AAAA-MM-GG)"),
});
export type NewsInput = z.infer<typeof newsInputSchema>;
export type NewsValues = { category: string; title: string; title_eng: string; description: string; description_eng: string; date: string };

export type FormResult<T> = { ok: true; item: T } | { ok: false; status: 400 | 404 | 413 | 415; errors: Record<string, string> };

function text(value: unknown): string {
  return typeof value === "string" ? value : typeof value === "number" ? String(value) : "";
}

export function newsValuesFrom(raw: Record<string, unknown>): NewsValues {
  return {
    category: text(raw.category),
    title: text(raw.title),
    title_eng: text(raw.title_eng),
    description: text(raw.description),
    description_eng: text(raw.description_eng),
    date: text(raw.date),
  };
}

export function parseNewsInput(raw: Record<string, unknown>): { ok: true; data: NewsInput } | { ok: false; errors: Record<string, string> } {
  const parsed = newsInputSchema.safeParse(newsValuesFrom(raw));
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: zodFieldErrors(parsed.error) };
}

/** Files of a news save: a new image (form file or temp upload) or removal, and the attachments list. */
export type NewsFilesInput = {
  image?: File | { temp_name: string } | null;
  removeImage?: boolean;
  /** The whole ordered list: kept current files ({url, name}) and temp uploads. null keeps the current list. */
  attachments?: FileEntry[] | null;
  /** New files sent in the form post itself (no JavaScript), appended to the list. */
  attachmentFiles?: File[];
};

/** What the admin lists and the dashboard show of a news item. */
export const adminNewsSelect = { id: true, slug: true, title: true, date: true, createdAt: true, category: { select: { id: true, name: true } } } as const;

async function storeNewsImage(image: NewsFilesInput["image"]): Promise<{ file: StagedFile; temp?: string } | null> {
  if (!image) return null;
  if (image instanceof File) return { file: await storeFormFile(image, "image") };
  return { file: await promoteTempUpload(image.temp_name, "image"), temp: image.temp_name };
}

/** The stored files a news row uses (its image and attachments), read in the transaction that changes them. */
async function newsFileUrls(tx: Prisma.TransactionClient, id: number): Promise<(string | null)[] | null> {
  const row = await tx.news.findUnique({ where: { id }, select: { image: true, attachments: { select: { url: true } } } });
  return row ? [row.image, ...row.attachments.map((a) => a.url)] : null;
}

const newsRowFileUrls = (row: NewsItem) => [row.image, ...row.attachments.map((a) => a.url)];

function uploadFailure(error: unknown, field: string): FormResult<never> {
  if (error instanceof UploadError) return { ok: false, status: error.status, errors: { [field]: error.message } };
  throw error;
}

async function categoryExists(id: number) {
  return !!(await db.category.findUnique({ where: { id }, select: { id: true } }));
}

type StoredNewsFiles = {
  image: { file: StagedFile; temp?: string } | null;
  attachments: ResolvedFiles;
};

const stagedOf = ({ image, attachments }: StoredNewsFiles) => [...(image ? [image.file] : []), ...attachments.staged];

/**
 * Stores the new image and resolves the attachment list (null keeps `existing`) before the row is
 * written; a refused file answers field errors and leaves nothing stored behind.
 */
async function storeNewsFiles(files: NewsFilesInput, existing: { name: string; url: string }[]): Promise<StoredNewsFiles | FormResult<never>> {
  let image: StoredNewsFiles["image"];
  try {
    image = await storeNewsImage(files.image);
  } catch (error) {
    return uploadFailure(error, "image");
  }
  try {
    const entries = files.attachments ?? existing;
    return { image, attachments: await resolveFileEntries(entries, files.attachmentFiles ?? [], "attachment", existing) };
  } catch (error) {
    if (image) await removeUnreferenced([image.file.key]);
    return uploadFailure(error, "attachments");
  }
}

/** The columns of a news row as a save writes them (the HTML cleaned by the one allowlist). */
function newsRowData(input: NewsInput, image: string | null, attachments: { name: string; url: string }[]) {
  return {
    title: input.title,
    titleEng: input.title_eng,
    description: sanitizeNewsHtml(input.description),
    descriptionEng: sanitizeNewsHtml(input.description_eng),
    date: input.date,
    image,
    categoryId: input.category,
    attachments: { create: attachments.map((f, position) => ({ position, name: f.name, url: f.url })) },
  };
}

/** Creates a news item; answers the row (public shape) or field errors. */
export async function createNews(input: NewsInput, files: NewsFilesInput, actor: Actor): Promise<FormResult<NewsItem>> {
  if (!(await categoryExists(input.category))) return { ok: false, status: 400, errors: { category: "Categoria inesistente" } };
  const stored = await storeNewsFiles(files, []);
  if ("ok" in stored) return stored;
  const { image, attachments } = stored;
  let item: NewsItem;
  try {
    item = await db.$transaction(async (tx) => {
      const slug = await uniqueSlug(input.title, async (s) => !!(await tx.news.findUnique({ where: { slug: s }, select: { id: true } })));
      const row = await tx.news.create({
        data: { slug, ...newsRowData(input, image?.file.url ?? null, attachments.files) },
        select: newsSelect,
      });
      await logActivity(tx, actor, `Creata la notizia "${row.title}"`);
      await recountFiles(tx, [], newsRowFileUrls(row), stagedOf(stored));
      return row;
    });
  } catch (error) {
    await removeUnreferenced(stagedOf(stored).map((f) => f.key));
    throw error;
  }
  await discardTempUploads([...attachments.usedTemp, ...(image?.temp ? [image.temp] : [])]);
  return { ok: true, item };
}

/** Updates a news item (looked up by id); files no longer used are deleted after the save. */
export async function updateNews(id: number, input: NewsInput, files: NewsFilesInput, actor: Actor): Promise<FormResult<NewsItem>> {
  const current = await db.news.findUnique({
    where: { id },
    select: { id: true, image: true, attachments: { select: { name: true, url: true }, orderBy: { position: "asc" } } },
  });
  if (!current) return { ok: false, status: 404, errors: { form: NOT_FOUND_MESSAGE } };
  if (!(await categoryExists(input.category))) return { ok: false, status: 400, errors: { category: "Categoria inesistente" } };
  const stored = await storeNewsFiles(files, current.attachments);
  if ("ok" in stored) return stored;
  const { image, attachments } = stored;
  const nextImage = image ? image.file.url : files.removeImage ? null : current.image;
  let saved: { item: NewsItem; released: string[] };
  try {
    saved = await db.$transaction(async (tx) => {
      const before = (await newsFileUrls(tx, id)) ?? [];
      await tx.newsAttachment.deleteMany({ where: { newsId: id } });
      const row = await tx.news.update({
        where: { id },
        data: newsRowData(input, nextImage, attachments.files),
        select: newsSelect,
      });
      await logActivity(tx, actor, `Modificata la notizia "${row.title}"`);
      return { item: row, released: await recountFiles(tx, before, newsRowFileUrls(row), stagedOf(stored)) };
    });
  } catch (error) {
    // Deleted meanwhile (a DELETE raced this save): the files just stored belong to nothing.
    await removeUnreferenced(stagedOf(stored).map((f) => f.key));
    if (prismaClientError(error)?.status === 404) return { ok: false, status: 404, errors: { form: NOT_FOUND_MESSAGE } };
    throw error;
  }
  await discardTempUploads([...attachments.usedTemp, ...(image?.temp ? [image.temp] : [])]);
  await removeUnreferenced(saved.released);
  return { ok: true, item: saved.item };
}

/** Deletes a news item and the files only it used. false when it does not exist. */
export async function deleteNews(id: number, actor: Actor): Promise<boolean> {
  const current = await db.news.findUnique({
    where: { id },
    select: { title: true },
  });
  if (!current) return false;
  const released = await db.$transaction(async (tx) => {
    const before = await newsFileUrls(tx, id);
    await tx.news.delete({ where: { id } });
    await logActivity(tx, actor, `Eliminata la notizia "${current.title}"`);
    return recountFiles(tx, before ?? [], []);
  });
  await removeUnreferenced(released);
  return true;
}

/** Reads the files part of the admin news form (enhanced JSON list or plain multipart). */
export function newsFilesFromForm(form: FormData, currentAttachments: { url: string; name: string }[]): NewsFilesInput {
  const { entries, files } = fileEntriesFromForm(
    form,
    { jsonName: "attachments_json", keepName: "keep_attachment", fileInputName: "attachment_files" },
    currentAttachments,
  );
  return { image: imageFromForm(form), removeImage: form.get("remove_image") === "1", attachments: entries, attachmentFiles: files };
}

/** What the admin edit page needs. */
export function getNewsForEdit(slug: string) {
  return db.news.findUnique({
    where: { slug },
    select: {
      id: true,
      slug: true,
      title: true,
      titleEng: true,
      description: true,
      descriptionEng: true,
      date: true,
      image: true,
      categoryId: true,
      attachments: { select: { name: true, url: true }, orderBy: { position: "asc" } },
    },
  });
}


/** Every news item with the fields the site search indexes (search.server.ts), newest first. */
export async function listNewsForSearch() {
  const { rows } = await listNews(
    {},
    {
      id: true,
      slug: true,
      title: true,
      titleEng: true,
      description: true,
      descriptionEng: true,
      image: true,
      category: { select: { name: true, nameEng: true } },
    },
  );
  return rows;
}

/** Changes when a news item is added, edited or deleted (count and latest update). */
export async function newsChangeMark(): Promise<string> {
  const r = await db.news.aggregate({ _count: { _all: true }, _max: { updatedAt: true } });
  return `${r._count._all}:${r._max.updatedAt?.getTime() ?? 0}`;
}
