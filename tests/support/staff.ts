// For in-process tests: a staff user and a category to save items under, made the way the admin does.
import { createCategory } from "~/server/domain/categories.server";
import { upsertStaffUser } from "~/server/domain/users.server";

export async function staffWithCategory(username: string, category: Parameters<typeof createCategory>[0]) {
  const actor = await upsertStaffUser(username, `${username}-password-1`);
  const saved = await createCategory(category, actor);
  if (!saved.ok) throw new Error("fixture category not saved");
  return { actor, categoryId: saved.item.id };
}
