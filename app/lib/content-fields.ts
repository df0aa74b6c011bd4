import type { ContentKind } from "./content-types";

/**
 * What the admin form of each kind of content shows (/admin/content/{name}): the fields of its zod
 * schema in app/lib/content-types.ts (the one home of the shape and its checks) with an Italian
 * label and the control to edit it with. One generic form renders and reads these; the schema
 * still decides what is valid. `bilingual` fields are a pair (`title` and `title_eng`) shown side
 * by side. The `id` of an item (and of a nested row that has one) is kept by the server, not edited:
 * pages and links address items by it.
 */

/** The Italian name of each kind (admin navigation, activity log). */
const CONTENT_KIND_LABELS: Record<ContentKind, string> = {
  slider_hero: "Slider",
  follows: "Link social",
  internal_link: "Collegamenti",
  album_desciption: "Descrizioni album",
  bio: "Biografia",
  artistic_direction: "Direzione artistica",
  subCategory: "Sottocategorie",
  lable: "Etichette",
  credits: "Credits",
  gallery: "Galleria",
  portfolio: "Portfolio",
  privacy_policy: "Privacy",
  legal_notes: "Note legali",
  cookie_policy: "Cookie",
  press_bio: "Stampa: biografie",
  press_photos: "Stampa: foto",
  press_quotes: "Stampa: citazioni",
};

/** The kinds in the order of their labels above: the admin menu lists them so. */
export const CONTENT_KINDS_IN_MENU = Object.keys(CONTENT_KIND_LABELS) as ContentKind[];

export function contentKindLabel(kind: ContentKind): string {
  return CONTENT_KIND_LABELS[kind];
}

/** "richtext": formatted text (the news editor and its sanitiser, ADR 024's update); "textarea": plain text. */
type ScalarType = "text" | "textarea" | "richtext" | "url" | "image" | "number";

export type ScalarField = { name: string; label: string; type: ScalarType; bilingual?: boolean; hint?: string };
export type ListField = { name: string; label: string; type: "list"; rowLabel: string; withIds: boolean; fields: ScalarField[] };
export type ContentField = ScalarField | ListField;

export type ContentForm = {
  fields: ContentField[];
  /** The fields whose first non-empty value names an item in the list and in the delete question. */
  summary: string[];
};

const text = (name: string, label: string, extra: Partial<ScalarField> = {}): ScalarField => ({ name, label, type: "text", ...extra });
const both = (name: string, label: string, type: ScalarType = "text"): ScalarField => ({ name, label, type, bilingual: true });
const image = (name: string, label = "Immagine"): ScalarField => ({
  name,
  label,
  type: "image",
  hint: "Un'immagine caricata (/media/...): scegli un file da caricare o dalla libreria.",
});
const url = (name: string, label = "Collegamento"): ScalarField => ({
  name,
  label,
  type: "url",
  hint: "Un indirizzo (https://..., mailto:..., tel:...) o un percorso del sito (/...); senza http:// si aggiunge https://. Vuoto se non c'è.",
});

export const CONTENT_FORMS: Record<ContentKind, ContentForm> = {
  slider_hero: { fields: [image("img")], summary: ["img"] },
  follows: {
    fields: [
      text("name", "Nome (letto dai lettori di schermo)"),
      url("link", "Indirizzo del profilo"),
      { name: "path", label: "Icona (tracciato SVG)", type: "textarea", hint: "L'attributo d del tracciato SVG dell'icona." },
    ],
    summary: ["name", "link"],
  },
  internal_link: { fields: [both("title", "Titolo"), image("src"), url("link")], summary: ["title", "link"] },
  album_desciption: { fields: [both("title", "Titolo"), both("description", "Descrizione", "richtext")], summary: ["title"] },
  bio: { fields: [text("category", "Sezione"), both("title", "Titolo"), both("text", "Testo", "richtext")], summary: ["title", "category"] },
  artistic_direction: {
    fields: [
      text("category", "Etichetta"),
      text("subcategory", "Sottocategoria"),
      image("url"),
      both("title", "Titolo"),
      both("description", "Descrizione", "textarea"),
      { name: "artists", label: "Artisti", type: "list", rowLabel: "Artista", withIds: true, fields: [text("name", "Nome"), url("link")] },
      url("link"),
      { name: "year", label: "Anno", type: "number" },
      both("producer", "Produzione"),
    ],
    summary: ["title", "subcategory"],
  },
  subCategory: { fields: [both("name", "Nome")], summary: ["name"] },
  lable: { fields: [text("category", "Etichetta"), image("url"), both("description", "Descrizione", "textarea"), url("link")], summary: ["category"] },
  credits: {
    fields: [
      text("category", "Categoria"),
      image("src", "Foto"),
      both("title", "Titolo della sezione"),
      text("name", "Nome"),
      both("occupation", "Ruolo"),
      both("text", "Testo", "richtext"),
    ],
    summary: ["name", "category"],
  },
  gallery: {
    fields: [
      text("category", "Categoria"),
      image("src", "Copertina"),
      both("title", "Titolo"),
      both("description", "Descrizione", "textarea"),
      {
        name: "content",
        label: "Immagini",
        type: "list",
        rowLabel: "Immagine",
        withIds: false,
        fields: [image("src"), both("title", "Titolo"), both("description", "Descrizione", "textarea")],
      },
    ],
    summary: ["title", "category"],
  },
  portfolio: { fields: [both("category", "Categoria"), both("title", "Titolo")], summary: ["title", "category"] },
  privacy_policy: {
    fields: [
      both("upperTitle", "Titolo"),
      {
        name: "body",
        label: "Sezioni",
        type: "list",
        rowLabel: "Sezione",
        withIds: true,
        fields: [both("subTitle", "Sottotitolo"), both("description", "Testo", "richtext")],
      },
    ],
    summary: ["upperTitle"],
  },
  legal_notes: { fields: [both("description", "Testo", "richtext")], summary: ["description"] },
  cookie_policy: { fields: [both("subTitle", "Sottotitolo"), both("description", "Testo", "richtext"), url("link")], summary: ["subTitle"] },
  // The press kit (issue 38): /press shows the first item's biographies.
  press_bio: {
    fields: [
      both("short", "Biografia breve (al massimo 50 parole)", "textarea"),
      both("medium", "Biografia media (al massimo 150 parole)", "textarea"),
      both("long", "Biografia lunga", "textarea"),
    ],
    summary: ["short"],
  },
  press_photos: {
    fields: [image("src", "Foto"), both("title", "Didascalia"), text("credit", "Fotografo (credito obbligatorio)")],
    summary: ["title", "credit"],
  },
  press_quotes: {
    fields: [
      both("text", "Citazione", "textarea"),
      text("source", "Fonte (testata, autore)"),
      text("date", "Data", { hint: "Nella forma AAAA-MM-GG (2026-03-14); vuota se non si sa." }),
      url("link", "Collegamento all'articolo"),
    ],
    summary: ["text", "source"],
  },
};

/** The names of a scalar field's inputs: the field, and its English twin when bilingual. */
export function inputNames(field: ScalarField): string[] {
  return field.bilingual ? [field.name, `${field.name}_eng`] : [field.name];
}

/** The label of the input `name` as the form shows it ("title_eng" is "Titolo (inglese)"), or null when the form has none. */
function inputLabel(fields: readonly ContentField[], name: string): string | null {
  for (const field of fields) {
    if (field.type === "list") continue;
    if (field.name === name) return field.bilingual ? `${field.label} (italiano)` : field.label;
    if (field.bilingual && `${field.name}_eng` === name) return `${field.label} (inglese)`;
  }
  return null;
}

/** The scalar field an input path names ("body.1.description_eng" is the sections' «Testo»), or null. */
export function scalarFieldAt(fields: readonly ContentField[], path: string): ScalarField | null {
  const [head = "", , rest] = path.split(".");
  const named = (f: ScalarField, name: string) => f.name === name || (!!f.bilingual && `${f.name}_eng` === name);
  for (const field of fields) {
    if (field.type === "list") {
      if (field.name === head) return rest ? (field.fields.find((inner) => named(inner, rest)) ?? null) : null;
    } else if (named(field, head)) return field;
  }
  return null;
}

/** The label of an error's field path ("artists.2.name" is "Artisti, riga 3: Nome"). */
export function pathLabel(fields: readonly ContentField[], path: string): string | null {
  const [head = "", index, rest] = path.split(".");
  const field = fields.find((f) => f.name === head);
  if (field?.type === "list") {
    const row = index === undefined ? "" : `, riga ${Number(index) + 1}`;
    const inner = rest ? inputLabel(field.fields, rest) : null;
    return `${field.label}${row}${inner ? `: ${inner}` : ""}`;
  }
  return inputLabel(fields, head);
}

/** How an item is named in its list: the first non-empty summary field, cut short. */
export function itemSummary(form: ContentForm, item: Record<string, unknown>): string {
  for (const name of form.summary) {
    const value = item[name];
    // A rich text names its item by its words, not its tags.
    const words =
      typeof value === "string"
        ? value
            .replace(/<[^>]*>/g, " ")
            .replace(/\s+/g, " ")
            .trim()
        : "";
    if (words) return words.length > 80 ? `${words.slice(0, 79)}…` : words;
  }
  return `Elemento ${String(item.id)}`;
}
