import type { CategoryType } from "~/lib/category-types";
import { type CategoryRow, categoriesOfType } from "./categories.server";
import { log } from "./http/log.server";

/**
 * Categories of one type for pages whose content comes from the static files: when the database
 * cannot answer, the page still renders from the files alone (in file order) instead of failing.
 */
export async function categoriesOrNone(type: CategoryType): Promise<readonly CategoryRow[]> {
  try {
    return await categoriesOfType(type);
  } catch (error) {
    log().error({ err: error, type }, "Categorie non disponibili: la pagina usa solo i file");
    return [];
  }
}
