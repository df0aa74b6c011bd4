import { type GalleryItem, sameName } from "~/lib/content-types";
import { contentHref } from "~/lib/paths";
import { type Lang, localized } from "~/lib/i18n";
import type { GalleryCard, GalleryPicture, GallerySection } from "~/lib/gallery-card";
import type { ImageInfo } from "~/lib/images";
import { categoriesOrNone } from "./safe-categories.server";
import { contentList } from "../domain/content.server";
import { imageInfo } from "../storage/images.server";
import { sanitizeRichHtml } from "../domain/sanitize.server";

/** Names in the order of the categories of `type`, then any other name the content uses. */
async function orderedCategoryNames(type: "credits" | "gallery", used: string[]) {
  const categories = await categoriesOrNone(type);
  const names = categories.map((c) => ({ name: c.name, category: c as { name: string; nameEng: string } | null }));
  for (const name of used) if (!names.some((n) => sameName(n.name, name))) names.push({ name, category: null });
  return names;
}

type CreditPerson = { id: number; name: string; occupation: string; text: string; image: ImageInfo | null };
export type CreditSection = { category: string; title: string; people: CreditPerson[] };

/** Credits (SPEC.md 2.10): one section per category of type credits, titled by the entries' title. */
export async function creditsPage(lang: Lang): Promise<CreditSection[]> {
  const credits = await contentList("credits");
  const names = await orderedCategoryNames(
    "credits",
    credits.map((c) => c.category),
  );
  const sections: CreditSection[] = [];
  for (const { name, category } of names) {
    const people = credits.filter((c) => sameName(c.category, name));
    const [first] = people;
    if (!first) continue;
    const title = localized(first, "title", lang) || (category ? localized(category, "name", lang) : name);
    sections.push({
      category: name,
      title,
      people: await Promise.all(
        people.map(async (p) => ({
          id: p.id,
          name: p.name,
          occupation: localized(p, "occupation", lang),
          text: sanitizeRichHtml(localized(p, "text", lang)),
          image: await imageInfo(p.src),
        })),
      ),
    });
  }
  return sections;
}

async function galleryCard(item: GalleryItem, lang: Lang): Promise<GalleryCard> {
  const images: GalleryPicture[] = [];
  for (const picture of item.content ?? []) {
    const image = await imageInfo(picture.src);
    if (image) images.push({ title: localized(picture, "title", lang), description: localized(picture, "description", lang), image });
  }
  return {
    id: item.id,
    title: localized(item, "title", lang),
    description: localized(item, "description", lang),
    cover: (await imageInfo(item.src)) ?? images[0]?.image ?? null,
    images,
  };
}

/** Gallery (SPEC.md 2.11): gallery categories with their cards and each card's pictures. */
export async function galleryPage(lang: Lang): Promise<GallerySection[]> {
  const gallery = await contentList("gallery");
  const names = await orderedCategoryNames(
    "gallery",
    gallery.map((g) => g.category),
  );
  const sections: GallerySection[] = [];
  for (const { name, category } of names) {
    const items = gallery.filter((g) => sameName(g.category, name));
    if (items.length === 0) continue;
    sections.push({
      category: name,
      title: category ? localized(category, "name", lang) : name,
      items: await Promise.all(items.map((item) => galleryCard(item, lang))),
    });
  }
  return sections;
}

/** One gallery card with its pictures (the page without JavaScript), by id; null when unknown. */
export async function galleryItem(param: string, lang: Lang): Promise<GalleryCard | null> {
  const id = Number.parseInt(param, 10);
  if (!Number.isInteger(id) || String(id) !== param.split("-")[0]) return null;
  const item = (await contentList("gallery")).find((g) => g.id === id);
  return item ? galleryCard(item, lang) : null;
}

export type PortfolioSection = { category: string; titles: { id: number; title: string }[] };

/** Portfolio (SPEC.md 2.12): entries grouped by category, in order of first appearance. */
export async function portfolioPage(lang: Lang): Promise<PortfolioSection[]> {
  const sections: PortfolioSection[] = [];
  for (const item of await contentList("portfolio")) {
    const category = localized(item, "category", lang);
    let section = sections.find((s) => s.category === category);
    if (!section) sections.push((section = { category, titles: [] }));
    section.titles.push({ id: item.id, title: localized(item, "title", lang) });
  }
  return sections;
}

export type PrivacyBlock = { id: number; title: string; sections: { id: number; subtitle: string; description: string }[] };

export async function privacyPage(lang: Lang): Promise<PrivacyBlock[]> {
  return (await contentList("privacy_policy")).map((block) => ({
    id: block.id,
    title: localized(block, "upperTitle", lang),
    sections: (block.body ?? []).map((s) => ({
      id: s.id,
      subtitle: localized(s, "subTitle", lang),
      description: sanitizeRichHtml(localized(s, "description", lang)),
    })),
  }));
}

export async function legalNotesPage(lang: Lang): Promise<{ id: number; description: string }[]> {
  return (await contentList("legal_notes")).map((n) => ({ id: n.id, description: sanitizeRichHtml(localized(n, "description", lang)) }));
}

export async function cookiePolicyPage(lang: Lang): Promise<{ id: number; subtitle: string; description: string; link: string | null }[]> {
  return (await contentList("cookie_policy")).map((c) => ({
    id: c.id,
    subtitle: localized(c, "subTitle", lang),
    description: sanitizeRichHtml(localized(c, "description", lang)),
    link: contentHref(c.link, lang),
  }));
}
