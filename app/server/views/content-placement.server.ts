import { type ContentItemOf, type ContentKind, artDirectionPageText } from "~/lib/content-types";
import { artDirectionPath, galleryItemPath, pagePath } from "~/lib/paths";
import { categoriesOfType } from "../domain/categories.server";
import { BIO_CATEGORY_TYPES, inBioCategory, isSingleHero } from "./home.server";

/** A place of the public site where a content item shows, as the admin names it (Italian). */
export type Placement = { label: string; href: string };

const BIO_PAGES = {
  about: { label: "Pagina iniziale – Chi sono", href: pagePath("home") },
  bio: { label: "Pagina Biografia", href: pagePath("bio") },
} as const;

type Placer<K extends ContentKind> = (items: readonly ContentItemOf<K>[]) => Promise<Placement[][]>;

/**
 * Issue 35: where each item of a list that feeds several pages (or several places of one) shows, for
 * the admin's lists, so that the owner can tell the home page's «Chi sono» texts from the /bio sections.
 * Each placer asks the rule its pages use (home.server.ts, content-types.ts): one home for each.
 */
const PLACERS: { [K in ContentKind]?: Placer<K> } = {
  bio: async (texts) => {
    const categories = await Promise.all(BIO_CATEGORY_TYPES.map(async (type) => ({ type, rows: await categoriesOfType(type) })));
    return texts.map((text) =>
      categories.flatMap(({ type, rows }) =>
        rows
          .filter((category) => inBioCategory(text, category))
          .map((category) => ({ ...BIO_PAGES[type], label: `${BIO_PAGES[type].label} – «${category.name}»` })),
      ),
    );
  },
  slider_hero: async (slides) =>
    slides.map((_, index) => [
      {
        label: isSingleHero(index) ? "Pagina iniziale – immagine singola sotto le composizioni" : "Pagina iniziale – immagini in evidenza",
        href: pagePath("home"),
      },
    ]),
  artistic_direction: async (items) =>
    items.map((item) => {
      const text = artDirectionPageText(item.subcategory);
      if (text === "overview") return [{ label: "Pagina Direzione artistica – testo introduttivo", href: pagePath("artDirection") }];
      const page = { label: `Pagina dell'etichetta «${item.category}»`, href: artDirectionPath(item.category) };
      if (text === "label-page") return [{ ...page, label: `${page.label} – introduzione` }];
      return item.subcategory?.trim() ? [{ ...page, label: `${page.label} – «${item.subcategory}»` }] : [];
    }),
  gallery: async (albums) =>
    albums.map((album) => [
      { label: "Pagina Galleria", href: pagePath("gallery") },
      { label: "Pagina dell'album", href: galleryItemPath(album.id) },
    ]),
};

/**
 * The places each item of `kind` shows (in the order of `items`), or null for a kind whose items all
 * show on one page; an empty list for an item that shows nowhere.
 */
export async function contentPlacements<K extends ContentKind>(kind: K, items: readonly ContentItemOf<K>[]): Promise<Placement[][] | null> {
  const placer = PLACERS[kind] as Placer<K> | undefined;
  return placer ? placer(items) : null;
}
