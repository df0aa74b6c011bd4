import { z } from "zod";
import { linkSchema } from "./link-schema";
import { CONTENT_LINK } from "./paths";

/**
 * The 14 kinds of editable content of SPEC.md 7 (hero slides, biography, ...) and the press kit's 3 (issue
 * 38: its biographies, photos and quotes): one zod schema per
 * kind is the single home of its shape. The import of the old JSON files, `PUT /api/content/{name}/`
 * and the admin forms all check an item with it; the database keeps each item as the schema's output
 * (docs/decisions/022-content-in-the-database.md). Field names and their order are those of the files
 * served at /data/{name}.json, so the public contract does not move; bilingual fields come in pairs
 * (`title` / `title_eng`).
 */

const TEXT_MAX = 500;
const LONG_TEXT_MAX = 20_000;

/** The address of a stored picture: /media/ and its folder, one safe file name. */
const PICTURE_PATH = /^\/media\/(?:images|content)\/[A-Za-z0-9][A-Za-z0-9._-]*$/;

const id = z
  .number({ error: "Deve essere un numero intero positivo" })
  .int("Deve essere un numero intero positivo")
  .positive("Deve essere un numero intero positivo");
const text = z.string({ error: "Deve essere un testo" }).max(TEXT_MAX, `Al massimo ${TEXT_MAX} caratteri`);
const longText = z.string({ error: "Deve essere un testo" }).max(LONG_TEXT_MAX, `Al massimo ${LONG_TEXT_MAX} caratteri`);
/**
 * A link (issue 35): a web page, an e-mail address, a telephone number or a page of this site, stored
 * with `https://` added where the scheme was missing (lib/paths.ts, CONTENT_LINK); empty when there is none.
 */
const link = linkSchema(CONTENT_LINK, "Indirizzo non valido: un link inizia con http://, https://, mailto: o tel:, oppure è un percorso del sito (/...)");
/**
 * A picture: one of the site's stored pictures (/media/images/... uploaded or chosen from the media
 * library, /media/content/... of earlier releases), never another address; empty when there is none.
 * That the file is there is checked when a save changes it (domain/content.server.ts).
 */
const picture = z
  .string({ error: "Deve essere un percorso" })
  .trim()
  .max(2_000, "Al massimo 2000 caratteri")
  .refine((value) => !value || PICTURE_PATH.test(value), "Immagine non valida: scegli un file caricato (/media/...) o caricane uno");

/** The words of a plain text, as a journalist counts them: runs of characters between spaces. */
export function wordCount(value: string): number {
  return value.split(/\s+/).filter(Boolean).length;
}

/** A plain text of at most `max` words (the press kit's short and medium biographies, issue 38). */
const wordsAtMost = (max: number) =>
  longText.superRefine((value, ctx) => {
    const count = wordCount(value);
    if (count > max) ctx.addIssue({ code: "custom", message: `Al massimo ${max} parole: ne ha ${count}` });
  });

/** A day as YYYY-MM-DD (a press quote's date), a real one; empty when unknown. */
const day = z
  .string({ error: "Deve essere un testo" })
  .trim()
  .refine((value) => !value || isCalendarDay(value), "Data non valida: scrivila come AAAA-MM-GG (2026-03-14)");

/** "2026-02-30" is no day: the date a string names must print back as the same string. */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

const artistSchema = z.object({ id, name: text, link });
const gallerySchemaImage = z.object({ src: picture, title: text, title_eng: text, description: longText, description_eng: longText });
const privacySectionSchema = z.object({ id, subTitle: text, subTitle_eng: text, description: longText, description_eng: longText });

const CONTENT_ITEM_SCHEMAS = {
  album_desciption: z.object({ id, title: text, title_eng: text, description: longText, description_eng: longText }),
  slider_hero: z.object({ id, img: picture }),
  // `name` was not in SPEC.md 3 (older files lack it): the icon's accessible name.
  follows: z.object({ id, name: text.optional(), link, path: z.string({ error: "Deve essere un testo" }).max(10_000, "Al massimo 10000 caratteri") }),
  bio: z.object({ id, category: text, title: text, title_eng: text, text: longText, text_eng: longText }),
  internal_link: z.object({ id, title: text, title_eng: text, src: picture, link }),
  subCategory: z.object({ id, name: text, name_eng: text }),
  artistic_direction: z.object({
    id,
    category: text,
    subcategory: text,
    url: picture,
    title: text,
    title_eng: text,
    description: longText,
    description_eng: longText,
    artists: z.array(artistSchema, { error: "Deve essere una lista" }).max(200).optional(),
    link,
    year: z.number({ error: "Deve essere un anno" }).int("Deve essere un anno").min(0, "Deve essere un anno").max(9999, "Deve essere un anno"),
    producer: text,
    producer_eng: text,
  }),
  portfolio: z.object({ id, category: text, category_eng: text, title: text, title_eng: text }),
  lable: z.object({ id, category: text, url: picture, description: longText, description_eng: longText, link }),
  credits: z.object({
    id,
    category: text,
    src: picture,
    title: text,
    title_eng: text,
    name: text,
    occupation: text,
    occupation_eng: text,
    text: longText,
    text_eng: longText,
  }),
  gallery: z.object({
    id,
    category: text,
    src: picture,
    title: text,
    title_eng: text,
    description: longText,
    description_eng: longText,
    content: z.array(gallerySchemaImage, { error: "Deve essere una lista" }).max(500).optional(),
  }),
  privacy_policy: z.object({
    id,
    upperTitle: text,
    upperTitle_eng: text,
    body: z.array(privacySectionSchema, { error: "Deve essere una lista" }).max(200).optional(),
  }),
  legal_notes: z.object({ id, description: longText, description_eng: longText }),
  cookie_policy: z.object({ id, subTitle: text, subTitle_eng: text, description: longText, description_eng: longText, link }),
  // The press kit (issue 38): the first item's biographies are the page's; plain text, copied and zipped as it is.
  press_bio: z.object({
    id,
    short: wordsAtMost(50),
    short_eng: wordsAtMost(50),
    medium: wordsAtMost(150),
    medium_eng: wordsAtMost(150),
    long: longText,
    long_eng: longText,
  }),
  press_photos: z.object({
    id,
    src: picture.refine(Boolean, "Manca la foto: scegli un'immagine della libreria o caricane una"),
    title: text,
    title_eng: text,
    credit: text.trim().min(1, "Manca il nome del fotografo: chi scatta la foto va citato"),
  }),
  press_quotes: z.object({ id, text: longText.trim().min(1, "Manca la citazione"), text_eng: longText, source: text, date: day, link }),
} as const;

export type ContentKind = keyof typeof CONTENT_ITEM_SCHEMAS;
export type ContentItemOf<K extends ContentKind> = z.output<(typeof CONTENT_ITEM_SCHEMAS)[K]>;

export const CONTENT_KINDS = Object.keys(CONTENT_ITEM_SCHEMAS) as ContentKind[];

/** SPEC.md 7: the key under which /data/{name}.json holds its list (cookie_policy.json's is cookie_Policy). */
export const CONTENT_LIST_KEYS: Record<ContentKind, string> = {
  album_desciption: "album_desciption",
  slider_hero: "slider_hero",
  follows: "follows",
  bio: "bio",
  internal_link: "internal_link",
  subCategory: "subCategory",
  artistic_direction: "artistic_direction",
  portfolio: "portfolio",
  lable: "lable",
  credits: "credits",
  gallery: "gallery",
  privacy_policy: "privacy_policy",
  legal_notes: "legal_notes",
  cookie_policy: "cookie_Policy",
  press_bio: "press_bio",
  press_photos: "press_photos",
  press_quotes: "press_quotes",
};

/** The longest list a kind may hold (the biggest shipped one has 35 items). */
const MAX_ITEMS = 1_000;

export function isContentKind(name: string): name is ContentKind {
  return Object.hasOwn(CONTENT_ITEM_SCHEMAS, name);
}

/**
 * The schema of a whole document of one kind, `{ <key>: [item, ...] }` as /data/{name}.json shows
 * it: every item checked, and ids unique within the list (pages and links address items by id).
 */
export function contentDocumentSchema<K extends ContentKind>(kind: K) {
  const key = CONTENT_LIST_KEYS[kind];
  const list = z
    .array(CONTENT_ITEM_SCHEMAS[kind] as (typeof CONTENT_ITEM_SCHEMAS)[K], {
      error: (issue) => (issue.input === undefined ? `Manca la lista "${key}"` : "Deve essere una lista"),
    })
    .max(MAX_ITEMS, `Al massimo ${MAX_ITEMS} elementi`)
    .superRefine((items, ctx) => {
      const seen = new Set<number>();
      items.forEach((item, index) => {
        if (seen.has(item.id)) ctx.addIssue({ code: "custom", message: `L'id ${item.id} è già usato da un altro elemento`, path: [index, "id"] });
        seen.add(item.id);
      });
    });
  return z.object({ [key]: list } as Record<string, typeof list>, { error: `Deve essere un oggetto con la lista "${key}"` });
}

export type SubCategory = ContentItemOf<"subCategory">;
export type GalleryItem = ContentItemOf<"gallery">;

/**
 * Whether two names are the same where content names a category or a subcategory by its name (an art
 * direction work's label and subcategory, a biography text's section, a credit's or gallery card's
 * category): whatever their case and the spaces around them.
 */
export function sameName(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase("it") === b.trim().toLocaleLowerCase("it");
}

/**
 * Art direction items of these subcategories are page texts, not works (SPEC.md 2.14): "lable" holds the
 * text of /art-direction, "description" the introduction of its label's page.
 */
const PAGE_TEXT_SUBCATEGORIES = { lable: "overview", description: "label-page" } as const;

/** Which page text an art direction item of this subcategory is, or null for a work (or nothing, without one). */
export function artDirectionPageText(subcategory: string | null | undefined): (typeof PAGE_TEXT_SUBCATEGORIES)[keyof typeof PAGE_TEXT_SUBCATEGORIES] | null {
  const key = subcategory?.trim().toLowerCase() ?? "";
  return Object.hasOwn(PAGE_TEXT_SUBCATEGORIES, key) ? PAGE_TEXT_SUBCATEGORIES[key as keyof typeof PAGE_TEXT_SUBCATEGORIES] : null;
}

export function isWorkSubcategory(subcategory: string | null | undefined): boolean {
  if (!subcategory) return false;
  return artDirectionPageText(subcategory) === null;
}
