import type { CategoryType } from "~/lib/category-types";
import { db } from "./db.server";

export const categorySelect = { id: true, name: true, nameEng: true, type: true } as const;

export type CategoryRow = { id: number; name: string; nameEng: string; type: string };

/** Categories of one type (or all), in creation order. */
export function listCategories(type?: CategoryType): Promise<CategoryRow[]> {
  return db.category.findMany({ where: type ? { type } : undefined, select: categorySelect, orderBy: { id: "asc" } });
}

export function getCategory(id: number): Promise<CategoryRow | null> {
  return db.category.findUnique({ where: { id }, select: categorySelect });
}

// ---------------------------------------------------------------------------------------------
// Admin writes (create, update, delete with activity log) go above this line.
// --- public reads ---
