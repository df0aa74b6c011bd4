import type { Prisma } from "~/generated/prisma/client";
import type { CategoryType } from "~/lib/category-types";
import { CONTENT_LIST_KEYS, isWorkSubcategory, sameName, type ContentKind } from "~/lib/content-types";
import { logActivity, type Actor } from "./activity.server";
import type { FieldErrors } from "./save-result.server";

/**
 * References between kinds of content survive a rename (issue 34, docs/decisions/039-references-survive-renames.md).
 * Content names a subcategory or a category by its name, as /data/{name}.json and api/content show it
 * (SPEC.md 7). A save that renames one (a subcategory by its id, a category by its id) rewrites every
 * reference in the same transaction: in the live items and in the revisions of the kinds that refer to
 * it, so a restore, of either side, brings the works back under today's names.
 */

type Tx = Prisma.TransactionClient;

/** A field of a kind of content that names something by its name. */
type Reference = { kind: ContentKind; field: string };

/** The art direction works name their subcategory (an item of subCategory). */
const SUBCATEGORY_REFERENCES: readonly Reference[] = [{ kind: "artistic_direction", field: "subcategory" }];

/** What names a category, by the category's type (news and music point at theirs by id). */
const CATEGORY_REFERENCES: Partial<Record<CategoryType, readonly Reference[]>> = {
  // A label is a category of type lable: its picture and text (lable) and its works name it.
  lable: [
    { kind: "lable", field: "category" },
    { kind: "artistic_direction", field: "category" },
  ],
  about: [{ kind: "bio", field: "category" }],
  bio: [{ kind: "bio", field: "category" }],
  credits: [{ kind: "credits", field: "category" }],
  gallery: [{ kind: "gallery", field: "category" }],
};

type Rename = { from: string; to: string };

type Named = { id?: unknown; name?: unknown };

/** The subcategories a save of the subCategory list renames: same id, another name. */
function subcategoryRenames(before: readonly Named[], after: readonly Named[]): (Rename & { index: number })[] {
  return after.flatMap((item, index) => {
    const old = before.find((b) => b.id === item.id);
    return typeof old?.name === "string" && typeof item.name === "string" && old.name !== item.name ? [{ from: old.name, to: item.name, index }] : [];
  });
}

/**
 * The renames a save of `kind` may not make: the art direction's page texts are the items of the
 * subcategories "Lable" and "description" (SPEC.md 2.14), so a rename from or to one of those names
 * would turn the page's text into a work, or works into its text.
 */
export function refusedRenames(kind: ContentKind, before: readonly unknown[], after: readonly unknown[]): FieldErrors {
  if (kind !== "subCategory") return {};
  const errors: FieldErrors = {};
  for (const { from, to, index } of subcategoryRenames(before as Named[], after as Named[])) {
    if (sameName(from, to) || (isWorkSubcategory(from) && isWorkSubcategory(to))) continue;
    errors[`${CONTENT_LIST_KEYS.subCategory}.${index}.name`] =
      `«Lable» e «description» sono nomi riservati: indicano i testi della pagina Direzione artistica, non un gruppo di opere. «${from}» non si può rinominare in «${to}».`;
  }
  return errors;
}

/** `item` with its reference `fields` renamed, or null when none of them names a renamed thing. */
function renamedItem(item: Record<string, unknown>, fields: readonly string[], renames: readonly Rename[]): Record<string, unknown> | null {
  let out: Record<string, unknown> | null = null;
  for (const field of fields) {
    const value = item[field];
    const rename = typeof value === "string" ? renames.find((r) => sameName(r.from, value)) : undefined;
    // One pass over the renames, so two names swapped in one save swap their references too.
    if (rename && rename.to !== value) (out ??= { ...item })[field] = rename.to;
  }
  return out;
}

/** Rewrites the references to renamed things; answers how many live items changed. */
async function renameReferences(tx: Tx, references: readonly Reference[], renames: readonly Rename[]): Promise<number> {
  let changed = 0;
  for (const kind of new Set(references.map((r) => r.kind))) {
    const fields = references.filter((r) => r.kind === kind).map((r) => r.field);
    let kindChanged = 0;
    for (const row of await tx.contentItem.findMany({ where: { kind }, select: { id: true, data: true } })) {
      const item = renamedItem(JSON.parse(row.data) as Record<string, unknown>, fields, renames);
      if (!item) continue;
      await tx.contentItem.update({ where: { id: row.id }, data: { data: JSON.stringify(item) }, select: { id: true } });
      kindChanged += 1;
    }
    if (kindChanged > 0) await tx.contentList.update({ where: { kind }, data: { updatedAt: new Date() }, select: { kind: true } });
    // Its revisions name today's names too: restoring one puts the works under the renamed subcategory or label.
    for (const revision of await tx.revision.findMany({ where: { kind: "content", itemKey: kind }, select: { id: true, snapshot: true } })) {
      const snapshot = JSON.parse(revision.snapshot) as unknown;
      if (!Array.isArray(snapshot)) continue;
      const items = snapshot.map((item: Record<string, unknown>) => renamedItem(item, fields, renames));
      if (items.every((item) => item === null)) continue;
      const rewritten = snapshot.map((item: unknown, index) => items[index] ?? item);
      await tx.revision.update({ where: { id: revision.id }, data: { snapshot: JSON.stringify(rewritten) }, select: { id: true } });
    }
    changed += kindChanged;
  }
  return changed;
}

/**
 * In the transaction of a save of `kind` (replaceContent, a restore too): the things it renamed have
 * their references renamed. Answers what to add to the activity row ("" when nothing was renamed).
 */
export async function followContentRenames(tx: Tx, kind: ContentKind, before: readonly unknown[], after: readonly unknown[]): Promise<string> {
  if (kind !== "subCategory") return "";
  const renames = subcategoryRenames(before as Named[], after as Named[]);
  if (renames.length === 0) return "";
  const changed = await renameReferences(tx, SUBCATEGORY_REFERENCES, renames);
  return `; ${renames.map((r) => `«${r.from}» ora «${r.to}»`).join(", ")}${changed ? ` in ${changed} opere della direzione artistica` : ""}`;
}

/**
 * In the transaction of a category's update (categories.server.ts): a new name is written in the
 * content that names the category, with an activity row saying how many items followed.
 */
export async function followCategoryRename(tx: Tx, before: { name: string; type: CategoryType }, after: { name: string; type: CategoryType }, actor: Actor) {
  const references = CATEGORY_REFERENCES[before.type];
  if (!references || before.type !== after.type || before.name === after.name) return;
  const changed = await renameReferences(tx, references, [{ from: before.name, to: after.name }]);
  if (changed > 0) await logActivity(tx, actor, `Rinominata la categoria "${before.name}" in "${after.name}" anche in ${changed} contenuti`);
}
