import type { z } from "zod";
import type { Prisma } from "~/generated/prisma/client";
import { bodyFieldNames, type BodyValuesOf } from "~/lib/item-fields";
import { NEWS_FIELDS } from "~/lib/news-fields";
import { uniqueSlug } from "~/lib/slug";
import { pageWindow, type ListRequest } from "~/lib/list-params";
import { logActivity, type Actor } from "./activity.server";
import { contentChanged } from "../storage/content-version.server";
import { categoryExists } from "./categories.server";
import { containsIgnoringCase, db } from "../storage/db.server";
import { invalid, parseWith, textFields, type Parsed, type SaveResult } from "./save-result.server";
import { deleteWithFiles, saveWithFiles, type FileListInput, type ImageInput } from "./save-with-files.server";
import { columnsOf, inputSchemaOf, selectOf } from "./item-fields.server";
import { recordRevision } from "./revisions.server";
import { moveToTrash } from "./trash.server";
import { publicationStateWhere, visibleToVisitors, type PublicationState } from "../storage/publication.server";
import { publicationData } from "./publishing.server";

/** What a public page needs of a news item: its described columns (lib/news-fields.ts) and its attachments. */
export const newsSelect = {
  id: true,
  slug: true,
  ...selectOf(NEWS_FIELDS),
  createdAt: true,
  attachments: { select: { name: true, url: true }, orderBy: { position: "asc" } },
} as const satisfies Prisma.NewsSelect;

export type NewsItem = Prisma.NewsGetPayload<{ select: typeof newsSelect }>;

/**
 * `q` matches the title (either language) or the category name. Visitors' lists hold only what
 * they may see (storage/publication.server.ts); `audience: "staff"` (admin lists) holds every
 * item, or those in `state`.
 */
export type NewsFilter = { q?: string; audience?: "visitors" | "staff"; state?: PublicationState };

function newsWhere(filter: NewsFilter = {}): Prisma.NewsWhereInput {
  const { q, audience = "visitors", state } = filter;
  const visibility = audience === "visitors" ? visibleToVisitors() : state ? publicationStateWhere(state) : {};
  return {
    AND: [
      visibility,
      q ? { OR: [{ title: containsIgnoringCase(q) }, { titleEng: containsIgnoringCase(q) }, { category: { name: containsIgnoringCase(q) } }] } : {},
    ],
  };
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
  const [rows, total] = await Promise.all([findNews(request, select), db.news.count({ where: newsWhere(request.filter) })]);
  return { rows, total };
}

/** The rows of listNews without their total: one query instead of two, for pages that show no count. */
export function findNews<S extends Prisma.NewsSelect>(request: ListRequest<NewsFilter> & { order?: keyof typeof NEWS_ORDER }, select: S) {
  const { skip, take } = pageWindow(request);
  return db.news.findMany({ where: newsWhere(request.filter), select, orderBy: NEWS_ORDER[request.order ?? "date"], skip, take });
}

/** A news item by its slug, whatever its status: the public page shows it only when visible or in preview. */
export function getNewsBySlug(slug: string): Promise<NewsItem | null> {
  return db.news.findUnique({ where: { slug }, select: newsSelect });
}

// --- admin: validation, lists, writes (each write logs its activity in the same transaction) ---

/** The news form and the api/ body use the same field names (SPEC.md 3), those of lib/news-fields.ts. */
const NEWS_BODY_FIELDS = bodyFieldNames(NEWS_FIELDS);
export type NewsValues = BodyValuesOf<typeof NEWS_FIELDS>;

export const newsInputSchema = inputSchemaOf(NEWS_FIELDS);
export type NewsInput = z.infer<typeof newsInputSchema>;

/** The text of the news fields of a body (form or JSON), as a refused form shows them again. */
export function newsValuesFrom(raw: Record<string, unknown>): NewsValues {
  return textFields(raw, NEWS_BODY_FIELDS) as NewsValues;
}

export function parseNewsInput(raw: Record<string, unknown>): Parsed<NewsInput> {
  return parseWith(newsInputSchema, newsValuesFrom(raw));
}

/** Files of a news save: a new image or its removal, and the attachments list. */
export type NewsFilesInput = {
  image?: ImageInput | null;
  removeImage?: boolean;
  /** The whole ordered list: kept current files ({url, name}) and temp uploads. null keeps the current list. */
  attachments?: FileListInput["entries"];
  /** New files sent in the form post itself (no JavaScript), appended to the list. */
  attachmentFiles?: File[];
};

/** What the admin lists and the dashboard show of a news item. */
export const adminNewsSelect = {
  id: true,
  slug: true,
  title: true,
  date: true,
  status: true,
  publishAt: true,
  createdAt: true,
  category: { select: { id: true, name: true } },
} as const;

export const newsRowFileUrls = (row: NewsItem) => [row.image, ...row.attachments.map((a) => a.url)];

/** A news row as its revision and its trash entry keep it (ADR 027): the whole public shape and its files. */
export const newsKept = (row: NewsItem) => ({ snapshot: row, files: newsRowFileUrls(row) });

/** The columns of a news row as a save writes them (the HTML cleaned by the one allowlist). */
function newsRowData(input: NewsInput, current: NewsCurrent | null, image: string | null, attachments: { name: string; url: string }[]) {
  return {
    ...publicationData(input, current),
    ...columnsOf(NEWS_FIELDS, input),
    image,
    attachments: { create: attachments.map((f, position) => ({ position, name: f.name, url: f.url })) },
  };
}

/** The saved news item a save changes (null: a new one). */
export type NewsCurrent = { id: number; image: string | null; attachments: { name: string; url: string }[]; status: string; publishAt: Date | null };

/**
 * Creates (`current` null) or updates a news item; answers the row (public shape) or field errors.
 * Files no longer used are deleted after the save.
 */
export async function saveNews(current: NewsCurrent | null, input: NewsInput, files: NewsFilesInput, actor: Actor): Promise<SaveResult<NewsItem>> {
  if (!(await categoryExists(input.category))) return invalid({ category: "Categoria inesistente" });
  const attachments = {
    entries: files.attachments,
    files: files.attachmentFiles,
    purpose: "attachment" as const,
    current: current?.attachments ?? [],
    field: "attachments",
  };
  return saveWithFiles({ image: { input: files.image, field: "image" }, list: attachments }, async (stored) => {
    const data = newsRowData(input, current, stored.image ?? (files.removeImage ? null : (current?.image ?? null)), stored.list);
    return async (tx) => {
      if (current) {
        const previous = await tx.news.findUnique({ where: { id: current.id }, select: newsSelect });
        const before = previous ? newsRowFileUrls(previous) : [];
        await tx.newsAttachment.deleteMany({ where: { newsId: current.id } });
        const row = await tx.news.update({ where: { id: current.id }, data, select: newsSelect });
        await contentChanged(tx);
        const revision = await recordRevision(
          tx,
          { kind: "news", itemKey: row.id, ...newsKept(row), action: "update", before: previous && newsKept(previous) },
          actor,
        );
        await logActivity(tx, actor, `Modificata la notizia "${row.title}"`, revision);
        return { item: row, before, after: newsRowFileUrls(row) };
      }
      const slug = await uniqueSlug(input.title, async (s) => !!(await tx.news.findUnique({ where: { slug: s }, select: { id: true } })));
      const row = await tx.news.create({ data: { ...data, slug }, select: newsSelect });
      await contentChanged(tx);
      const revision = await recordRevision(tx, { kind: "news", itemKey: row.id, ...newsKept(row), action: "create" }, actor);
      await logActivity(tx, actor, `Creata la notizia "${row.title}"`, revision);
      return { item: row, before: [], after: newsRowFileUrls(row) };
    };
  });
}

/**
 * Moves a news item to the trash (trash.server.ts): the row goes, its snapshot and files stay there
 * for a restore. false when it does not exist.
 */
export async function deleteNews(id: number, actor: Actor): Promise<boolean> {
  const current = await db.news.findUnique({ where: { id }, select: { title: true } });
  if (!current) return false;
  await deleteWithFiles(async (tx) => {
    const row = await tx.news.findUnique({ where: { id }, select: newsSelect });
    if (!row) return [];
    await moveToTrash(tx, { kind: "news", itemId: id, title: row.title, ...newsKept(row) }, actor);
    await tx.news.delete({ where: { id } });
    await contentChanged(tx);
    await logActivity(tx, actor, `Eliminata la notizia "${current.title}"`);
    return newsRowFileUrls(row);
  });
  return true;
}
