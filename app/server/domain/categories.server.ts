import type { z } from "zod";
import { Prisma } from "~/generated/prisma/client";
import { CATEGORY_FIELDS } from "~/lib/category-fields";
import { CATEGORY_TYPES, categoryTypeLabel, type CategoryType } from "~/lib/category-types";
import { bodyFieldNames, type BodyValuesOf } from "~/lib/item-fields";
import { pageWindow, type ListPage, type ListRequest } from "~/lib/list-params";
import { categoryKey } from "~/lib/paths";
import { logActivity, type Actor } from "./activity.server";
import { followCategoryRename } from "./content-references.server";
import { contentChanged } from "../storage/content-version.server";
import { containsIgnoringCase, db } from "../storage/db.server";
import { untilContentChanged } from "../storage/read-cache.server";
import { NOT_FOUND_MESSAGE } from "~/lib/form-messages";
import { columnsOf, inputSchemaOf, selectOf } from "./item-fields.server";
import { notFound, parseWith, textFields, type Parsed, type SaveResult } from "./save-result.server";
import { moveToTrash } from "./trash.server";

/** A category: its id and its described columns (lib/category-fields.ts). */
export const categorySelect = { id: true, ...selectOf(CATEGORY_FIELDS) } as const satisfies Prisma.CategorySelect;

export type CategoryRow = Prisma.CategoryGetPayload<{ select: typeof categorySelect }>;

/** `q` matches the name, the English name or the type key. */
export type CategoryFilter = { type?: CategoryType; q?: string };

function categoryWhere(filter: CategoryFilter = {}): Prisma.CategoryWhereInput {
  const { type, q } = filter;
  return {
    ...(type ? { type } : {}),
    // The type column is an enum, so its text is matched by the keys that contain q.
    ...(q
      ? {
          OR: [
            { name: containsIgnoringCase(q) },
            { nameEng: containsIgnoringCase(q) },
            { type: { in: CATEGORY_TYPES.filter((t) => t.includes(q.toLowerCase())) } },
          ],
        }
      : {}),
  };
}

/**
 * Categories filtered and paged in SQL: in creation order (public pages, api/), or newest first
 * (`order: "newest"`, the admin list).
 */
export async function listCategories(request: ListRequest<CategoryFilter> & { order?: "oldest" | "newest" } = {}): Promise<ListPage<CategoryRow>> {
  const where = categoryWhere(request.filter);
  const { skip, take } = pageWindow(request);
  const [rows, total] = await Promise.all([
    db.category.findMany({ where, select: categorySelect, orderBy: { id: request.order === "newest" ? "desc" : "asc" }, skip, take }),
    db.category.count({ where }),
  ]);
  return { rows, total };
}

/**
 * Every category (of one type, when given), in creation order, without counting them (public pages
 * show no total). Kept until the content changes (shared: do not mutate).
 */
export function categoriesOfType(type?: CategoryType): Promise<readonly CategoryRow[]> {
  return untilContentChanged(`categories:${type ?? "all"}`, () =>
    db.category.findMany({ where: categoryWhere({ type }), select: categorySelect, orderBy: { id: "asc" } }),
  );
}

export function getCategory(id: number): Promise<CategoryRow | null> {
  return db.category.findUnique({ where: { id }, select: categorySelect });
}

export async function categoryExists(id: number): Promise<boolean> {
  return !!(await db.category.findUnique({ where: { id }, select: { id: true } }));
}

/**
 * The category of one type a public URL segment names ("colonne%20sonore", "Colonne-Sonore":
 * case, spaces and hyphens ignored, as categoryKey says), or null. Names are unique by that key
 * per type (createCategory, updateCategory), so at most one matches. SQLite folds only ASCII case,
 * so the few names of the type are compared here rather than in SQL.
 */
export async function findCategoryByName(type: CategoryType, segment: string): Promise<CategoryRow | null> {
  const wanted = categoryKey(segment);
  return (await categoriesOfType(type)).find((c) => categoryKey(c.name) === wanted) ?? null;
}

/** Ids of the categories of any type with this name (case, spaces and hyphens ignored). */
export async function categoryIdsNamed(name: string): Promise<number[]> {
  const wanted = categoryKey(name);
  const all = await db.category.findMany({ select: { id: true, name: true } });
  return all.filter((c) => categoryKey(c.name) === wanted).map((c) => c.id);
}

// --- admin: validation, lists, writes (each write logs its activity in the same transaction) ---

/** The category form and the api/ body use the same field names (SPEC.md 3), those of lib/category-fields.ts. */
const CATEGORY_BODY_FIELDS = bodyFieldNames(CATEGORY_FIELDS);
export type CategoryValues = BodyValuesOf<typeof CATEGORY_FIELDS>;

export const categoryInputSchema = inputSchemaOf(CATEGORY_FIELDS);
export type CategoryInput = z.infer<typeof categoryInputSchema>;

/** The text of the category fields of a body (form or JSON), as a refused form shows them again. */
export function categoryValuesFrom(raw: Record<string, unknown>): CategoryValues {
  return textFields(raw, CATEGORY_BODY_FIELDS) as CategoryValues;
}

/** Validates a category body (form fields or JSON). */
export function parseCategoryInput(raw: Record<string, unknown>): Parsed<CategoryInput> {
  return parseWith(categoryInputSchema, categoryValuesFrom(raw));
}

type CategorySaveResult = SaveResult<CategoryRow>;

function nameTaken(input: CategoryInput): CategorySaveResult {
  return {
    ok: false,
    status: 409,
    errors: { name: `Esiste già una categoria "${input.name}" di tipo ${categoryTypeLabel(input.type)} (maiuscole, spazi e trattini non contano).` },
  };
}

/**
 * Another category of the same type whose name differs only by case, spaces or hyphens: public URLs
 * could not tell the two apart. Checked inside the write's transaction; the unique index on
 * (type, lower(name)) stops a concurrent write that slips past (P2002, answered the same way).
 */
export async function nameInUse(tx: Prisma.TransactionClient, input: CategoryInput, exceptId?: number): Promise<boolean> {
  const sameType = await tx.category.findMany({ where: { type: input.type, NOT: exceptId ? { id: exceptId } : undefined }, select: { name: true } });
  const wanted = categoryKey(input.name);
  return sameType.some((c) => categoryKey(c.name) === wanted);
}

function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
}

export async function createCategory(input: CategoryInput, actor: Actor): Promise<CategorySaveResult> {
  try {
    return await db.$transaction(async (tx): Promise<CategorySaveResult> => {
      if (await nameInUse(tx, input)) return nameTaken(input);
      const row = await tx.category.create({
        data: columnsOf(CATEGORY_FIELDS, input),
        select: categorySelect,
      });
      await contentChanged(tx);
      await logActivity(tx, actor, `Creata la categoria "${row.name}"`);
      return { ok: true, item: row };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return nameTaken(input);
    throw error;
  }
}

export async function updateCategory(id: number, input: CategoryInput, actor: Actor): Promise<CategorySaveResult> {
  try {
    return await db.$transaction(async (tx): Promise<CategorySaveResult> => {
      const existing = await tx.category.findUnique({ where: { id }, select: { id: true, name: true, type: true } });
      if (!existing) return notFound();
      if (await nameInUse(tx, input, id)) return nameTaken(input);
      const row = await tx.category.update({
        where: { id },
        data: columnsOf(CATEGORY_FIELDS, input),
        select: categorySelect,
      });
      // The content that names it (a label's works, a biography section's texts...) follows a new name.
      await followCategoryRename(tx, existing, row, actor);
      await contentChanged(tx);
      await logActivity(tx, actor, `Modificata la categoria "${row.name}"`);
      return { ok: true, item: row };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return nameTaken(input);
    throw error;
  }
}

export type DeleteResult = { ok: true } | { ok: false; status: 404 | 409; message: string };

/** Refused while news or music still use the category (never an orphan); else it goes to the trash (trash.server.ts). */
export async function deleteCategory(id: number, actor: Actor): Promise<DeleteResult> {
  return db.$transaction(async (tx) => {
    const row = await tx.category.findUnique({
      where: { id },
      select: { ...categorySelect, _count: { select: { news: true, music: true } } },
    });
    if (!row) return { ok: false, status: 404, message: NOT_FOUND_MESSAGE };
    if (row._count.news + row._count.music > 0) {
      const parts = [
        row._count.news ? `${row._count.news} ${row._count.news === 1 ? "notizia" : "notizie"}` : "",
        row._count.music ? `${row._count.music} ${row._count.music === 1 ? "contenuto musicale" : "contenuti musicali"}` : "",
      ].filter(Boolean);
      return {
        ok: false,
        status: 409,
        message: `Impossibile eliminare la categoria "${row.name}": è ancora usata da ${parts.join(" e ")}. Sposta o elimina prima quei contenuti.`,
      };
    }
    const { _count, ...snapshot } = row;
    await moveToTrash(tx, { kind: "category", itemId: id, title: row.name, snapshot, files: [] }, actor);
    await tx.category.delete({ where: { id } });
    await contentChanged(tx);
    await logActivity(tx, actor, `Eliminata la categoria "${row.name}"`);
    return { ok: true };
  });
}

/** The choices of a form's category select: that type's categories, or all when there are none. */
export async function categoryChoices(type: CategoryType): Promise<{ id: number; name: string }[]> {
  const own = await db.category.findMany({ where: { type }, select: { id: true, name: true }, orderBy: { name: "asc" } });
  return own.length > 0 ? own : db.category.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } });
}
