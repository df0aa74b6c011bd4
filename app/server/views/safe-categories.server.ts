import type { CategoryType } from "~/lib/category-types";
import { type CategoryRow, categoriesOfType } from "../domain/categories.server";
import { log } from "../platform/log.server";
import { markDegraded } from "../platform/request-scope.server";

/**
 * Categories of one type for pages whose content comes from the static files: when the database
 * cannot answer, the page still renders from the files alone (in file order) instead of failing,
 * marked degraded: not stored by any cache, so the next visitor gets the whole page again.
 */
export async function categoriesOrNone(type: CategoryType): Promise<readonly CategoryRow[]> {
  try {
    return await categoriesOfType(type);
  } catch (error) {
    log().error({ err: error, type }, "categories unreadable: the page shows the content files only");
    markDegraded();
    return [];
  }
}
