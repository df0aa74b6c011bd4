import type { CategoryType } from "~/lib/category-types";
import { type CategoryRow, categoriesOfType } from "./categories.server";

/**
 * Categories of one type for pages whose content comes from the static files: when the database
 * cannot answer, the page still renders from the files alone (in file order) instead of failing.
 */
export async function categoriesOrNone(type: CategoryType): Promise<readonly CategoryRow[]> {
  try {
    return await categoriesOfType(type);
  } catch (error) {
    console.error(`Categorie "${type}" non disponibili:`, error);
    return [];
  }
}
