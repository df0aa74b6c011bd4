import { z } from "zod";
import type { Prisma } from "~/generated/prisma/client";
import { CATEGORY_TYPES, type CategoryType } from "~/lib/category-types";
import { logActivity, type Actor, type PageRequest } from "./activity.server";
import { db } from "./db.server";
import { NOT_FOUND_MESSAGE, REQUIRED_MESSAGE } from "~/lib/form-messages";

export const categorySelect = { id: true, name: true, nameEng: true, type: true } as const;

export type CategoryRow = { id: number; name: string; nameEng: string; type: string };

/** Categories of one type (or all), in creation order. */
export function listCategories(type?: CategoryType): Promise<CategoryRow[]> {
  return db.category.findMany({ where: type ? { type } : undefined, select: categorySelect, orderBy: { id: "asc" } });
}

export function getCategory(id: number): Promise<CategoryRow | null> {
  return db.category.findUnique({ where: { id }, select: categorySelect });
}

// --- admin: validation, lists, writes (each write logs its activity in the same transaction) ---


/** The category form and the api/ body use the same field names (SPEC.md 3). */
export const categoryInputSchema = z.object({
  name: z.string().trim().min(1, REQUIRED_MESSAGE).max(200),
  name_eng: z.string().trim().min(1, REQUIRED_MESSAGE).max(200),
  type: z.enum(CATEGORY_TYPES, { error: REQUIRED_MESSAGE }),
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;
export type CategoryValues = { name: string; name_eng: string; type: string };

export type FieldErrorsOf<T extends string> = Partial<Record<T, string>>;

export type ParseResult<T, V> = { ok: true; data: T } | { ok: false; errors: Record<string, string>; values: V };

function firstErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}

export { firstErrors as zodFieldErrors };

function text(value: unknown): string {
  return typeof value === "string" ? value : "";
}

/** Validates a category body (form fields or JSON). */
export function parseCategoryInput(raw: Record<string, unknown>): ParseResult<CategoryInput, CategoryValues> {
  const values = { name: text(raw.name), name_eng: text(raw.name_eng), type: text(raw.type) };
  const parsed = categoryInputSchema.safeParse(values);
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: firstErrors(parsed.error), values };
}

export type AdminCategoryRow = CategoryRow & { newsCount: number; musicCount: number };

export async function listCategoriesPage({ q, skip, take }: PageRequest): Promise<{ rows: AdminCategoryRow[]; total: number }> {
  const where: Prisma.CategoryWhereInput | undefined = q
    ? { OR: [{ name: { contains: q } }, { nameEng: { contains: q } }, { type: { contains: q } }] }
    : undefined;
  const [rows, total] = await Promise.all([
    db.category.findMany({
      where,
      select: { ...categorySelect, _count: { select: { news: true, music: true } } },
      orderBy: { id: "desc" },
      skip,
      take,
    }),
    db.category.count({ where }),
  ]);
  return {
    rows: rows.map(({ _count, ...c }) => ({ ...c, newsCount: _count.news, musicCount: _count.music })),
    total,
  };
}

export async function createCategory(input: CategoryInput, actor: Actor): Promise<CategoryRow> {
  return db.$transaction(async (tx) => {
    const row = await tx.category.create({
      data: { name: input.name, nameEng: input.name_eng, type: input.type },
      select: categorySelect,
    });
    await logActivity(tx, actor, `Creata la categoria "${row.name}"`);
    return row;
  });
}

/** null when the category does not exist. */
export async function updateCategory(id: number, input: CategoryInput, actor: Actor): Promise<CategoryRow | null> {
  return db.$transaction(async (tx) => {
    const existing = await tx.category.findUnique({ where: { id }, select: { id: true } });
    if (!existing) return null;
    const row = await tx.category.update({
      where: { id },
      data: { name: input.name, nameEng: input.name_eng, type: input.type },
      select: categorySelect,
    });
    await logActivity(tx, actor, `Modificata la categoria "${row.name}"`);
    return row;
  });
}

export type DeleteResult = { ok: true } | { ok: false; status: 404 | 409; message: string };

/** Refused while news or music still use the category (never an orphan). */
export async function deleteCategory(id: number, actor: Actor): Promise<DeleteResult> {
  return db.$transaction(async (tx) => {
    const row = await tx.category.findUnique({
      where: { id },
      select: { name: true, _count: { select: { news: true, music: true } } },
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
    await tx.category.delete({ where: { id } });
    await logActivity(tx, actor, `Eliminata la categoria "${row.name}"`);
    return { ok: true };
  });
}

/** The choices of a form's category select: that type's categories, or all when there are none. */
export async function categoryChoices(type: CategoryType): Promise<{ id: number; name: string }[]> {
  const own = await db.category.findMany({ where: { type }, select: { id: true, name: true }, orderBy: { name: "asc" } });
  return own.length > 0 ? own : db.category.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } });
}
