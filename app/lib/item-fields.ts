import { todayIso } from "./format";
import { publicationFormValues, type PublicationFormValues } from "./publication-labels";
import { romeIso, utcToRomeLocal } from "./rome-time";

/**
 * One description per content type (news, music, categories: news-fields.ts, music-fields.ts,
 * category-fields.ts; ADR 038): its fields in the order the admin form shows them, keyed by the
 * name they have on the wire and in forms (SPEC.md 3's snake_case), each with its kind, Italian
 * label, required-ness, default and limits. Everything that spells the fields out one by one is
 * derived from it: the text a body or form carries and a PATCH merges over (here), the zod input of
 * the domain modules, the database columns they select and write (server/domain/item-fields.server.ts),
 * the api/ wire shape and the OpenAPI document (server/http/api/), and the admin form's controls
 * (components/admin/ItemFields.tsx). A new field is added here, in the Prisma schemas and a migration.
 */

/** A text's control and cleaning: one line (an input), plain text (a textarea), or rich text (the editor; HTML cleaned by the one allowlist, never trimmed). */
export type TextFormat = "line" | "plain" | "rich";

/** Who must fill in a bilingual pair: both languages, the Italian one only (English pages then show it), or neither. */
export type PairRequired = "both" | "italian" | "neither";

/**
 * A field kept in a column of its own: `column` names the row's property when it is not the wire name;
 * `section` the admin form's fieldset it is drawn in (consecutive fields of one section share it).
 */
type Stored = { label: string; column?: string; section?: string };

/** A text and its English twin (`title` and `title_eng`; columns `title` and `titleEng`). */
type BilingualField = Stored & {
  kind: "bilingual";
  format: TextFormat;
  max: number;
  required: PairRequired;
  /** The form shows the two languages side by side. */
  sideBySide?: boolean;
};
/** One text in one language (a publisher's name): empty is none (null on the wire). */
type TextField = Stored & { kind: "text"; format: TextFormat; max: number; required: boolean };
/** An address elsewhere ("www.example.com/x" is stored as https://www.example.com/x); empty is none (null on the wire). */
type UrlField = Stored & { kind: "url"; max: number; group?: string };
/** A day, YYYY-MM-DD: required, and empty means today. */
type DateField = Stored & { kind: "date" };
/**
 * A moment (a concert's start): ISO 8601 with an offset on the wire (answered in Rome's), a
 * `datetime-local` typed in Rome time in the admin form; empty is none (null) unless required.
 */
type DateTimeField = Stored & { kind: "datetime"; required: boolean };
/**
 * A number between `min` and `max`; empty is none (null) unless required. Whole unless `decimals`
 * says how many digits may follow the point (a duration of 12.5 minutes).
 */
type NumberField = Stored & { kind: "number"; min: number; max: number; required: boolean; decimals?: number };
/**
 * One of fixed values, required unless `optional` (then empty is none: null in the column and on the wire). `fromRow` marks a choice that is no column of its own: how a
 * saved row answers it (music's mode, read off its link); such a choice is written, never read on the wire.
 */
export type EnumField = Stored & {
  kind: "enum";
  values: readonly [string, ...string[]];
  labels: Readonly<Record<string, string>>;
  control: "select" | "radio";
  /** The select's first, empty choice. */
  placeholder?: string;
  /** The choice a new item's form starts with ("" when absent: staff choose). */
  initial?: string;
  optional?: true;
  fromRow?: (row: Readonly<Record<string, unknown>>) => string;
};
/**
 * Any number of keys of a fixed vocabulary (a composition's instruments): checkboxes in the form (each
 * checked one posts its key), a JSON list on the wire and in its text column, "flute,piano" as body text.
 */
export type ChoicesField = Stored & { kind: "choices"; values: readonly [string, ...string[]]; labels: Readonly<Record<string, string>> };
/**
 * A PDF document of the item (a composition's perusal score, issue 36): a file part named as the field
 * or an upload's temp name, `remove_<name>` to take it away. What visitors get is a stamped copy
 * (`<column>` its URL, `<column>Pages` its pages); the original (`<column>Original`) stays private.
 * On the wire: `<name>_url` and `<name>_pages`.
 */
export type DocumentField = Stored & { kind: "document"; accept: string; hint: string };
/** The item's category (`category` on the wire and in forms: its id in, {id, name, name_eng} out; column `categoryId`). */
type CategoryField = { kind: "category"; label: string };
/**
 * An image of the item (a cover): a file part, an upload's temp name or a media library pick. Its
 * form inputs are `<form>_file`, `<form>_temp`, `<form>__library` (and `remove_<form>` when it is optional).
 */
export type FileField = Stored & { kind: "file"; form: string; accept: string; required: boolean };
/** An ordered list of stored files (attachments, tracks): a JSON list on the wire, `inputs` in the admin form. */
export type ListField = Stored & {
  kind: "list";
  purpose: "attachment" | "track";
  accept: string;
  inputs: { json: string; files: string; keep: string };
  group?: string;
};
/** Draft, published or scheduled (issue 24): `status` and `publish_at` on the wire, the publication choice in the form. */
type PublicationField = { kind: "publication" };

export type ItemField =
  | BilingualField
  | TextField
  | UrlField
  | DateField
  | DateTimeField
  | NumberField
  | EnumField
  | ChoicesField
  | CategoryField
  | FileField
  | DocumentField
  | ListField
  | PublicationField;
export type ItemFields = Readonly<Record<string, ItemField>>;

/** A description, its literal types kept (so the typed input, values and rows follow from it). */
export function describeFields<const D extends ItemFields>(fields: D): D {
  return fields;
}

/** A row's property for a stored field: its `column`, else its wire name. */
export function columnOf(name: string, field: ItemField): string {
  return "column" in field && field.column ? field.column : name;
}

/** The English twin of a bilingual name: `title_eng` on the wire, `titleEng` in a row. */
export const englishName = (name: string) => `${name}_eng`;
export const englishColumn = (column: string) => `${column}Eng`;

/** The text inputs of one field in a body or form: a pair's two, none for files, lists and the publication. */
function inputNamesOf(name: string, field: ItemField): string[] {
  if (field.kind === "bilingual") return [name, englishName(name)];
  if (field.kind === "file" || field.kind === "document" || field.kind === "list" || field.kind === "publication") return [];
  return [name];
}

const PUBLICATION_BODY = ["status", "publish_at"] as const;

/** The text fields of a body (api/ or form) in order: what the domain parses, a PATCH merges and a refused form shows again. */
export function bodyFieldNames(fields: ItemFields): string[] {
  return Object.entries(fields).flatMap(([name, field]) => (field.kind === "publication" ? [...PUBLICATION_BODY] : inputNamesOf(name, field)));
}

/**
 * The body fields a JSON client may send as more than a string (issue 36): a number for a number
 * field, a list of keys for a choices field, null for an optional field (its value then is none).
 */
export function bodyValueTypes(fields: ItemFields): { numeric: string[]; lists: string[]; nullable: string[] } {
  const out = { numeric: [] as string[], lists: [] as string[], nullable: [] as string[] };
  for (const [name, field] of Object.entries(fields)) {
    if (field.kind === "number") out.numeric.push(name);
    if (field.kind === "choices") out.lists.push(name);
    const optional =
      (field.kind === "number" && !field.required) ||
      (field.kind === "enum" && field.optional) ||
      field.kind === "choices" ||
      (field.kind === "text" && !field.required) ||
      (field.kind === "bilingual" && field.required === "neither");
    if (optional) out.nullable.push(...inputNamesOf(name, field));
  }
  return out;
}

/** The bilingual pairs in rich text, both languages (their form posts may be larger: http/body.server.ts). */
export function richTextInputs(fields: ItemFields): string[] {
  return Object.entries(fields).flatMap(([name, field]) => (field.kind === "bilingual" && field.format === "rich" ? inputNamesOf(name, field) : []));
}

// --- types that follow from a description ---

type UnionToIntersection<U> = (U extends unknown ? (part: U) => void : never) extends (part: infer I) => void ? I : never;
/** One object type of the parts each field adds (a union of object types; `never` for a field that adds nothing). */
export type Merged<U> = { [K in keyof UnionToIntersection<U>]: UnionToIntersection<U>[K] };
type Entries<D extends ItemFields> = { [K in keyof D & string]: [K, D[K]] }[keyof D & string];
/** The row property of a stored field (for the server's derivations). */
export type ColumnOf<K extends string, F> = F extends { column: infer C extends string } ? C : K;
type InputNames<K extends string, F> = F extends { kind: "bilingual" }
  ? K | `${K}_eng`
  : F extends { kind: "file" | "document" | "list" | "publication" }
    ? never
    : K;
type BodyNames<E> = E extends [infer K extends string, infer F]
  ? F extends { kind: "publication" }
    ? (typeof PUBLICATION_BODY)[number]
    : InputNames<K, F>
  : never;
type FormNames<E> = E extends [infer K extends string, infer F] ? InputNames<K, F> : never;
type HasPublication<D extends ItemFields> = [Extract<D[keyof D], { kind: "publication" }>] extends [never] ? false : true;

/** The text of each body field (absent, null or an object: ""), as a form posts them and a refused one shows them again. */
export type BodyValuesOf<D extends ItemFields> = Record<BodyNames<Entries<D>>, string>;
/** What the admin form's controls show: the text inputs, and the publication choice when the type has one. */
export type FormValuesOf<D extends ItemFields> = Record<FormNames<Entries<D>>, string> & (HasPublication<D> extends true ? PublicationFormValues : unknown);
/** Each field of a description as a [name, field] pair (a union), for the server's derivations. */
export type FieldEntries<D extends ItemFields> = Entries<D>;

// --- values that follow from a description ---

type SavedRow = Readonly<Record<string, unknown>> & { status?: string; publishAt?: Date | null; category?: { id: number } };

const text = (value: unknown) => (typeof value === "string" ? value : typeof value === "number" ? String(value) : "");

/** The keys a choices column holds (a JSON list; anything else is none). */
export function choicesOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  if (typeof value !== "string" || !value.startsWith("[")) return [];
  try {
    return choicesOf(JSON.parse(value) as unknown);
  } catch {
    return [];
  }
}

/** The text values of one field of a saved row (the publication aside), as a body sends them or the admin form shows them. */
function savedInputs(name: string, field: ItemField, row: SavedRow, target: "body" | "form"): [string, string][] {
  const column = columnOf(name, field);
  switch (field.kind) {
    case "datetime": {
      const at = row[column];
      return [[name, at instanceof Date ? (target === "form" ? utcToRomeLocal(at) : romeIso(at)) : ""]];
    }
    case "bilingual":
      return [
        [name, text(row[column])],
        [englishName(name), text(row[englishColumn(column)])],
      ];
    case "category":
      return [[name, row.category ? String(row.category.id) : ""]];
    case "enum":
      return [[name, field.fromRow ? field.fromRow(row) : text(row[column])]];
    case "choices":
      return [[name, choicesOf(row[column]).join(",")]];
    case "file":
    case "document":
    case "list":
    case "publication":
      return [];
    default:
      return [[name, text(row[column])]];
  }
}

const isoTime = (at: Date | null | undefined) => (at ? at.toISOString() : "");

/** A saved row as the text fields of a body: what a PATCH merges the sent fields over. */
function savedBodyValues<D extends ItemFields>(fields: D, row: SavedRow): BodyValuesOf<D> {
  const out: Record<string, string> = {};
  for (const [name, field] of Object.entries(fields)) {
    if (field.kind === "publication") Object.assign(out, { status: row.status ?? "published", publish_at: isoTime(row.publishAt) });
    else for (const [input, value] of savedInputs(name, field, row, "body")) out[input] = value;
  }
  return out as BodyValuesOf<D>;
}

/** What the edit form of a saved row shows (computed on the server: a scheduled time is compared with now). */
export function savedFormValues<D extends ItemFields>(fields: D, row: SavedRow, now: Date = new Date()): FormValuesOf<D> {
  const out: Record<string, string> = {};
  for (const [name, field] of Object.entries(fields)) {
    if (field.kind === "publication") Object.assign(out, publicationFormValues(row.status ?? "published", isoTime(row.publishAt), now));
    else for (const [input, value] of savedInputs(name, field, row, "form")) out[input] = value;
  }
  return out as FormValuesOf<D>;
}

/** What the form of a new item starts with: empty texts, today's date, an enum's `initial`, published at once. */
export function newFormValues<D extends ItemFields>(fields: D): FormValuesOf<D> {
  const out: Record<string, string> = {};
  for (const [name, field] of Object.entries(fields)) {
    if (field.kind === "publication") Object.assign(out, { publication: "ora", publish_at_local: "" } satisfies PublicationFormValues);
    else if (field.kind === "date") out[name] = todayIso();
    else if (field.kind === "enum") out[name] = field.initial ?? "";
    else for (const input of inputNamesOf(name, field)) out[input] = "";
  }
  return out as FormValuesOf<D>;
}

/**
 * A PATCH body over the saved row: the fields it sends win (null as ""), the others keep their saved
 * values; what is not a field of the type is left out.
 */
export function patchedBodyValues<D extends ItemFields>(fields: D, row: SavedRow, body: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const sent = bodyFieldNames(fields).filter((name) => name in body && body[name] !== undefined);
  return { ...savedBodyValues(fields, row), ...Object.fromEntries(sent.map((name) => [name, body[name] ?? ""])) };
}

/** The Italian label of each column of the described rows (a revision's differences name them so; a list names its rows itself). */
export function columnLabels(fields: ItemFields): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, field] of Object.entries(fields)) {
    if (field.kind === "publication" || field.kind === "category" || field.kind === "list" || (field.kind === "enum" && field.fromRow)) continue;
    if (field.kind === "document") {
      Object.assign(out, {
        [columnOf(name, field)]: field.label,
        [`${columnOf(name, field)}Pages`]: `${field.label} (pagine)`,
        [`${columnOf(name, field)}Original`]: `${field.label} (originale)`,
      });
      continue;
    }
    const column = columnOf(name, field);
    out[column] = field.label;
    if (field.kind === "bilingual") {
      const english = `${field.label} (inglese)`;
      out[englishColumn(column)] = english;
      out[englishName(name)] = english;
    }
  }
  return out;
}

/** The columns of the described rows that hold rich text (HTML), both languages: a revision's difference reads their words. */
export function richTextColumns(fields: ItemFields): string[] {
  return Object.entries(fields).flatMap(([name, field]) =>
    field.kind === "bilingual" && field.format === "rich" ? [columnOf(name, field), englishColumn(columnOf(name, field))] : [],
  );
}
