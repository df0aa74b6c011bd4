// One edit per kind of content (issue 23), of a field its public page shows: shared by the api test
// (PUT api/content/{name}/) and the admin pages test (/admin/content/{name}), which check the same pages;
// and the fields the admin form posts for an item (`formOf`).
import type { ContentKind } from "~/lib/content-types";

export type Item = Record<string, unknown>;
type Edit = {
  /** Changes the list (the one from GET api/content/{name}/) in place. */
  change: (list: Item[], marker: { it: string; en: string }) => void;
  /** The Italian paths that show the kind (their /en twins are checked too). */
  pages: string[];
  /** What the English pages show: the marker's English text, or the same as the Italian pages. */
  english: "en" | "same";
};

const first = (list: Item[], where: (item: Item) => boolean = () => true): Item => {
  const item = list.find(where);
  if (!item) throw new Error("no item to edit");
  return item;
};

/** One edit per kind, of a field each page shows. */
export const EDITS: Record<ContentKind, Edit> = {
  album_desciption: { change: (l, m) => Object.assign(first(l), { title: m.it, title_eng: m.en }), pages: ["/"], english: "en" },
  // A picture the home page does not show otherwise: the first gallery card's.
  slider_hero: { change: (l, m) => Object.assign(first(l), { img: m.it }), pages: ["/"], english: "same" },
  follows: { change: (l, m) => Object.assign(first(l), { link: `https://example.org/${m.it}` }), pages: ["/"], english: "same" },
  internal_link: {
    change: (l, m) =>
      Object.assign(
        first(l, (i) => Boolean(i.src)),
        { title: m.it, title_eng: m.en },
      ),
    pages: ["/"],
    english: "en",
  },
  bio: {
    change: (l, m) =>
      Object.assign(
        first(l, (i) => i.category === "Formazione"),
        { title: m.it, title_eng: m.en },
      ),
    pages: ["/bio"],
    english: "en",
  },
  // A rename that keeps the items' subcategory matching (case does not count), so its group still shows.
  subCategory: {
    change: (l, m) =>
      Object.assign(
        first(l, (i) => i.name === "Produzioni discografiche"),
        { name: m.it, name_eng: m.en },
      ),
    pages: ["/art-direction/aulicus%20classics"],
    english: "en",
  },
  artistic_direction: {
    change: (l, m) =>
      Object.assign(
        first(l, (i) => i.category === "Aulicus Classics" && i.subcategory === "Concerti"),
        { title: m.it, title_eng: m.en },
      ),
    pages: ["/art-direction/aulicus%20classics"],
    english: "en",
  },
  lable: { change: (l, m) => Object.assign(first(l), { description: m.it, description_eng: m.en }), pages: ["/art-direction"], english: "en" },
  credits: { change: (l, m) => Object.assign(first(l), { occupation: m.it, occupation_eng: m.en }), pages: ["/credits"], english: "en" },
  gallery: { change: (l, m) => Object.assign(first(l), { title: m.it, title_eng: m.en }), pages: ["/gallery"], english: "en" },
  portfolio: { change: (l, m) => Object.assign(first(l), { title: m.it, title_eng: m.en }), pages: ["/portfolio"], english: "en" },
  privacy_policy: { change: (l, m) => Object.assign(first(l), { upperTitle: m.it, upperTitle_eng: m.en }), pages: ["/privacy-policy"], english: "en" },
  legal_notes: { change: (l, m) => Object.assign(first(l), { description: m.it, description_eng: m.en }), pages: ["/legal-notes"], english: "en" },
  cookie_policy: { change: (l, m) => Object.assign(first(l), { subTitle: m.it, subTitle_eng: m.en }), pages: ["/cookie-policy"], english: "en" },
  press_bio: { change: (l, m) => Object.assign(first(l), { short: m.it, short_eng: m.en }), pages: ["/press"], english: "en" },
  press_photos: { change: (l, m) => Object.assign(first(l), { title: m.it, title_eng: m.en }), pages: ["/press"], english: "en" },
  press_quotes: { change: (l, m) => Object.assign(first(l), { text: m.it, text_eng: m.en }), pages: ["/press"], english: "en" },
};

export const listKey = (kind: ContentKind) => (kind === "cookie_policy" ? "cookie_Policy" : kind);

/**
 * The text an edit writes: unique words per kind; a picture the home page does not show otherwise
 * for the hero slide (`picture`, the first gallery card's); for the subcategory a rename that still
 * matches its items (case does not count).
 */
export function markerFor(kind: ContentKind, picture: string): { it: string; en: string } {
  if (kind === "slider_hero") return { it: picture, en: picture };
  if (kind === "subCategory") return { it: "Produzioni Discografiche", en: "MarkersubCategoryEnglish" };
  return { it: `Marcatore${kind}Italiano`, en: `Marker${kind}English` };
}

/** The fields the admin form posts for an item: "title", "title_eng", "artists.0.name"... (the id is in the URL). */
export function formOf(item: Item, extra: Record<string, string | Blob> = {}): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(item)) {
    if (key === "id") continue;
    if (Array.isArray(value)) {
      (value as Item[]).forEach((rowValue, index) => {
        for (const [inner, v] of Object.entries(rowValue)) form.set(`${key}.${index}.${inner}`, String(v));
      });
    } else form.set(key, String(value ?? ""));
  }
  for (const [key, value] of Object.entries(extra)) form.set(key, value);
  return form;
}
