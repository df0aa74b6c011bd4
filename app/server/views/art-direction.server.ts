import { type SubCategory, artDirectionPageText, isWorkSubcategory, sameName } from "~/lib/content-types";
import { artDirectionPath, contentHref } from "~/lib/paths";
import { type Lang, localized } from "~/lib/i18n";
import type { ImageInfo } from "~/lib/images";
import type { WorkCard } from "~/lib/work-card";
import { categoriesOrNone } from "./safe-categories.server";
import { contentList } from "../domain/content.server";
import { imageInfo } from "../storage/images.server";

type LabelCard = {
  id: number;
  name: string;
  description: string;
  image: ImageInfo | null;
  /** An internal path (/art-direction/{category}) or an external catalogue opened in a new tab. */
  href: string;
  external: boolean;
};

type LabelGroup = { category: string; labels: LabelCard[] };

export type ArtDirectionOverview = { intro: { title: string; description: string } | null; groups: LabelGroup[] };

export type ArtDirectionCategoryPage = {
  category: string;
  intro: string | null;
  groups: { subcategory: string; title: string; items: WorkCard[] }[];
};

/**
 * /art-direction: the introduction (the item of subcategory "Lable", which holds the page's own
 * text) and the label images grouped by the categories of type lable, in category order.
 */
export async function artDirectionOverview(lang: Lang): Promise<ArtDirectionOverview> {
  const [items, labels] = await Promise.all([contentList("artistic_direction"), contentList("lable")]);
  const introItem = items.find((i) => artDirectionPageText(i.subcategory) === "overview");
  const categories = await categoriesOrNone("lable");
  const names = categories.map((c) => c.name);
  // Labels whose category is not (yet) a lable category still show, after the known ones.
  for (const label of labels) if (!names.some((n) => sameName(n, label.category))) names.push(label.category);
  const groups: LabelGroup[] = [];
  for (const name of names) {
    const inGroup = labels.filter((l) => sameName(l.category, name));
    if (inGroup.length === 0) continue;
    const category = categories.find((c) => sameName(c.name, name));
    groups.push({
      category: category ? localized(category, "name", lang) : name,
      labels: await Promise.all(
        inGroup.map(async (label) => {
          const outside = contentHref(label.link, lang);
          return {
            id: label.id,
            name: label.category,
            description: localized(label, "description", lang),
            image: await imageInfo(label.url),
            href: outside ?? artDirectionPath(label.category, lang),
            external: Boolean(outside && !outside.startsWith("/")),
          };
        }),
      ),
    });
  }
  return {
    intro: introItem ? { title: localized(introItem, "title", lang), description: localized(introItem, "description", lang) } : null,
    groups,
  };
}

/**
 * /art-direction/{category}: works of one label grouped by subcategory (in the order of
 * subCategory.json, only non-empty groups, never "Lable"/"description"), newest year first.
 * Null when no label has that name (case-insensitive).
 */
export async function artDirectionCategory(param: string, lang: Lang): Promise<ArtDirectionCategoryPage | null> {
  let wanted: string;
  try {
    wanted = decodeURIComponent(param);
  } catch {
    return null;
  }
  const items = await contentList("artistic_direction");
  const known = [
    ...(await categoriesOrNone("lable")).map((c) => c.name),
    ...(await contentList("lable")).map((l) => l.category),
    ...items.map((i) => i.category),
  ];
  const category = known.find((name) => sameName(name, wanted));
  if (!category) return null;
  const ofCategory = items.filter((i) => sameName(i.category, category));
  const description = ofCategory.find((i) => artDirectionPageText(i.subcategory) === "label-page");
  const works = ofCategory.filter((i) => isWorkSubcategory(i.subcategory));
  const subcategories: SubCategory[] = (await contentList("subCategory")).filter((s) => isWorkSubcategory(s.name));
  // Subcategories used by items but missing from subCategory.json still get a group.
  for (const work of works) {
    if (!subcategories.some((s) => sameName(s.name, work.subcategory))) subcategories.push({ id: -1, name: work.subcategory, name_eng: work.subcategory });
  }
  const groups: ArtDirectionCategoryPage["groups"] = [];
  for (const sub of subcategories) {
    const inGroup = works.filter((w) => sameName(w.subcategory, sub.name)).sort((a, b) => (Number(b.year) || 0) - (Number(a.year) || 0) || a.id - b.id);
    if (inGroup.length === 0) continue;
    groups.push({
      subcategory: sub.name,
      title: localized(sub, "name", lang),
      items: await Promise.all(
        inGroup.map(async (w) => ({
          id: w.id,
          year: Number(w.year) || 0,
          title: localized(w, "title", lang),
          description: localized(w, "description", lang),
          image: await imageInfo(w.url),
          href: contentHref(w.link, lang),
          // SPEC 2.9: an artist pill is a link only when the artist has one.
          artists: (w.artists ?? []).map((a) => ({ id: a.id, name: a.name, href: contentHref(a.link, lang) })),
          producer: localized(w, "producer", lang),
        })),
      ),
    });
  }
  return { category, intro: description ? localized(description, "description", lang) : null, groups };
}
