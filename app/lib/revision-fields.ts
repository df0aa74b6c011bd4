import { CONTENT_FORMS, pathLabel, scalarFieldAt } from "./content-fields";
import { isContentKind } from "./content-types";
import { formatDateSlash } from "./format";
import { htmlToText } from "./html-text";
import { columnLabels, columnOf, richTextColumns, type ItemFields } from "./item-fields";
import { MUSIC_FIELDS } from "./music-fields";
import { NEWS_FIELDS } from "./news-fields";
import { EVENT_FIELDS } from "./event-fields";
import { formatRomeTime } from "./rome-time";

/**
 * How the history page names the fields of a revision and shows their values (issue 35.6): the
 * Italian labels of the admin forms (derived from the descriptions: news-fields.ts, music-fields.ts,
 * content-fields.ts), the text a reader sees of a rich text (no tags, no `&nbsp;`), the publication
 * state in Italian and times in Rome time. A snapshot's field is a path ("attachments.0.name",
 * "2.text_eng" for a content page's third item).
 */

/** The labels of the news and music descriptions, and the names a snapshot has beyond them. */
const ITEM_LABELS: Record<string, string> = {
  ...columnLabels(NEWS_FIELDS),
  ...columnLabels(MUSIC_FIELDS),
  ...columnLabels(EVENT_FIELDS),
  image: "Immagine",
  img: "Copertina",
  link: "Link esterno",
  videos: "Video",
  slug: "Indirizzo",
  name: "nome",
  nameEng: "nome (inglese)",
  url: "file",
  "category.name": "Categoria",
  "category.nameEng": "Categoria (inglese)",
  "category.id": "Categoria (numero)",
  status: "Stato di pubblicazione",
  publishAt: "Data di pubblicazione",
};
const LIST_LABELS: Record<string, string> = { attachments: "Allegato", tracks: "Traccia" };

const RICH_COLUMNS = new Set([...richTextColumns(NEWS_FIELDS), ...richTextColumns(MUSIC_FIELDS), ...richTextColumns(EVENT_FIELDS)]);

const STATUS_LABELS: Record<string, string> = { draft: "Bozza", published: "Pubblicata" };

/** A fixed choice's value as its Italian label: an enum's key, or each key of a list of choices (stored as JSON, or one per path). */
function choiceTexts(fields: ItemFields): Record<string, (value: string) => string> {
  const out: Record<string, (value: string) => string> = {};
  for (const [name, field] of Object.entries(fields)) {
    if ((field.kind !== "enum" || field.fromRow) && field.kind !== "choices") continue;
    const label = (key: unknown) => field.labels[String(key)] ?? String(key);
    out[columnOf(name, field)] = (value) => {
      if (!value.startsWith("[")) return label(value);
      try {
        const list: unknown = JSON.parse(value);
        return Array.isArray(list) ? list.map(label).join(", ") : value;
      } catch {
        return value;
      }
    };
  }
  return out;
}
const CHOICES = { ...choiceTexts(NEWS_FIELDS), ...choiceTexts(MUSIC_FIELDS) };

export type RevisionFields = {
  /** The Italian name of a field path. */
  label: (path: string) => string;
  /** A stored value as the owner reads it. */
  text: (path: string, value: string) => string;
};

/** A time kept as an ISO string, in Rome time ("01/03/2027 09:00"); anything else as it is. */
function romeTime(value: string): string {
  const at = new Date(value);
  return value && !Number.isNaN(at.getTime()) ? formatRomeTime(at) : value;
}

/** The fields of a news item or a composition. */
const ITEM_FIELDS: RevisionFields = {
  label(path) {
    if (ITEM_LABELS[path]) return ITEM_LABELS[path];
    const [head = "", index, ...rest] = path.split(".");
    const tail = rest.join(".");
    if (LIST_LABELS[head] && index !== undefined) return `${LIST_LABELS[head]} ${Number(index) + 1}${tail ? `: ${ITEM_LABELS[tail] ?? tail}` : ""}`;
    // One value of a list of choices ("instruments.2").
    if (ITEM_LABELS[head] && index !== undefined) return `${ITEM_LABELS[head]} ${Number(index) + 1}`;
    return path;
  },
  text(path, value) {
    if (path === "status") return STATUS_LABELS[value] ?? value;
    if (path === "publishAt") return romeTime(value);
    if (path === "date" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDateSlash(value);
    const choice = CHOICES[path.split(".")[0] ?? ""];
    if (choice && value) return choice(value);
    return RICH_COLUMNS.has(path) ? htmlToText(value) : value;
  },
};

/** The fields of a content page (`kind`): "2.body.1.description_eng" is the third item's second section's English text. */
function contentFields(kind: string): RevisionFields {
  const fields = isContentKind(kind) ? CONTENT_FORMS[kind].fields : [];
  const split = (path: string) => {
    const [item = "", ...rest] = path.split(".");
    return { item: Number(item) + 1, inner: rest.join(".") };
  };
  return {
    label(path) {
      const { item, inner } = split(path);
      return `Elemento ${item}${inner ? `: ${pathLabel(fields, inner) ?? inner}` : ""}`;
    },
    text(path, value) {
      return scalarFieldAt(fields, split(path).inner)?.type === "richtext" ? htmlToText(value) : value;
    },
  };
}

/** How the history of an item names and shows its fields: a news item or a composition, or a content page (its kind is the item's key). */
export function revisionFields(kind: "news" | "music" | "event" | "content", itemKey: string): RevisionFields {
  return kind === "content" ? contentFields(itemKey) : ITEM_FIELDS;
}

/** Fields a restore's publication choice covers: the history lists them apart from the other changes. */
export const PUBLICATION_FIELDS = new Set(["status", "publishAt"]);
