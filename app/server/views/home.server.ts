import type { ImageInfo } from "~/lib/images";
import { localized, type Lang } from "~/lib/i18n";
import { contentHref } from "~/lib/paths";
import { sameName } from "~/lib/content-types";
import { categoriesOfType } from "../domain/categories.server";
import { compositionsBrowser, musicCatalogue } from "./compositions.server";
import { nextEvents } from "./events-view.server";
import { contentList } from "../domain/content.server";
import { imageInfo } from "../storage/images.server";
import { sanitizeRichHtml } from "../domain/sanitize.server";

/** `text` is sanitised HTML (a rich content text, ADR 024's update). */
type TextBlock = { id: number; title: string; text: string };
export type TextSection = { id: number; title: string; items: TextBlock[] };

/** The two pages bio texts feed: a text shows under each category of these types that has its name. */
export const BIO_CATEGORY_TYPES = ["about", "bio"] as const;

/** Whether a bio text belongs to a category: by name, whatever the case (one rule for the pages and the admin's "where it appears"). */
export const inBioCategory = (text: { category: string }, category: { name: string }) => sameName(text.category, category.name);

/** Categories of one type (about on home, bio on /bio) with their texts from bio.json. */
export async function bioSections(type: (typeof BIO_CATEGORY_TYPES)[number], lang: Lang): Promise<TextSection[]> {
  const categories = await categoriesOfType(type);
  const texts = await contentList("bio");
  return categories
    .map((category) => ({
      id: category.id,
      title: localized(category, "name", lang),
      items: texts
        .filter((t) => inBioCategory(t, category))
        .map((t) => ({ id: t.id, title: localized(t, "title", lang), text: sanitizeRichHtml(localized(t, "text", lang)) })),
    }))
    .filter((section) => section.items.length > 0);
}

/** The eighth slide is the single hero image further down the home page; the slider shows the others. */
const SINGLE_HERO_INDEX = 7;
export const isSingleHero = (index: number) => index === SINGLE_HERO_INDEX;

function present<T>(value: T | null): value is T {
  return value !== null;
}

/** The upcoming concerts the home page lists (issue 36). */
const HOME_CONCERTS = 3;

/** Everything the home page shows (SPEC.md 2.4, 2.5); `requestedCategory` is the pill named by ?category=. */
export async function homeData(lang: Lang, requestedCategory: string | null = null) {
  const slides = await contentList("slider_hero");
  const slideImages = await Promise.all(slides.map((s) => imageInfo(s.img)));
  const singleHero = slideImages[SINGLE_HERO_INDEX] ?? null;
  const heroSlides = slideImages.filter((img, index): img is ImageInfo => img !== null && !isSingleHero(index));

  const albumDescriptions = (await contentList("album_desciption")).map((a) => ({
    id: a.id,
    title: localized(a, "title", lang),
    description: sanitizeRichHtml(localized(a, "description", lang)),
  }));

  // An icon with no address leads nowhere: it is not shown (the demo's follow links are empty).
  // A link saved before links were checked (issue 35) that the rule refuses is not followed either.
  const follows = (await contentList("follows")).flatMap((f) => {
    const link = contentHref(f.link, lang);
    return link ? [{ id: f.id, name: f.name ?? "", link, path: f.path }] : [];
  });

  const tiles = (
    await Promise.all(
      (await contentList("internal_link"))
        .filter((tile) => tile.src?.trim())
        .map(async (tile) => {
          const image = await imageInfo(tile.src);
          const href = contentHref(tile.link, lang);
          if (!image || !href) return null;
          return { id: tile.id, title: localized(tile, "title", lang), href, image };
        }),
    )
  ).filter(present);

  const [catalogue, about, concerts] = await Promise.all([musicCatalogue(lang), bioSections("about", lang), nextEvents(lang, HOME_CONCERTS)]);

  return {
    heroSlides,
    singleHero,
    albumDescriptions,
    follows,
    tiles,
    about,
    concerts,
    cards: catalogue.cards,
    ...compositionsBrowser(catalogue, requestedCategory),
  };
}
