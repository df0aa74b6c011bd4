import { z } from "zod";
import { todayIso } from "~/lib/format";
import { REQUIRED_MESSAGE } from "~/lib/form-messages";
import {
  columnOf,
  englishColumn,
  englishName,
  type ColumnOf,
  type FieldEntries,
  type ItemField,
  type ItemFields,
  type Merged,
  type TextFormat,
} from "~/lib/item-fields";
import { linkSchema } from "~/lib/link-schema";
import { publicationInputShape } from "./publishing.server";
import { sanitizeRichHtml } from "./sanitize.server";

/**
 * What the domain modules derive from a content type's description (app/lib/item-fields.ts): the zod
 * schema of its input (the same checks and messages for the admin form and api/), the columns a read
 * selects, and the columns a save or a restore writes. The files and lists are the module's own (they
 * are stored files and rows of their own), as is any rule across fields (music's mode).
 */

// --- the input ---

function textSchema(format: TextFormat, max: number, required: boolean) {
  // Rich text keeps its spaces: the editor's HTML is cleaned when saved (sanitize.server.ts), not trimmed.
  const base = format === "rich" ? z.string() : z.string().trim();
  return required ? base.min(1, REQUIRED_MESSAGE).max(max) : base.max(max).default("");
}

function isRealDate(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const dateSchema = () =>
  z
    .string()
    .meta({ format: "date", description: "YYYY-MM-DD; empty: today" })
    .trim()
    .transform((v) => v || todayIso())
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isRealDate(v), "Data non valida (AAAA-MM-GG)");

// SPEC.md 2.6: "www.example.com/x" is stored as https://www.example.com/x; other schemes are refused
// (the one link rule: followLink in lib/paths.ts, through linkSchema).
const urlSchema = () =>
  linkSchema({ schemes: ["http:", "https:"], sitePaths: false }, "Indirizzo non valido (deve iniziare con http:// o https://)").default("");

const DATETIME_MESSAGE = "Data e ora non valide (ISO 8601 con fuso, es. 2027-03-01T20:30:00+01:00)";

/** A moment with its offset (the admin form's Rome time is turned into one at the edge); empty is none unless required. */
function dateTimeSchema(required: boolean) {
  const schema = z
    .string()
    .trim()
    .refine((v) => v !== "" || !required, REQUIRED_MESSAGE)
    .refine((v) => v === "" || (z.iso.datetime({ offset: true }).safeParse(v).success && !Number.isNaN(Date.parse(v))), DATETIME_MESSAGE)
    .transform((v) => (v === "" ? null : new Date(v)))
    .meta({ format: "date-time", description: `ISO 8601 with offset${required ? "" : "; empty: none"}` });
  return required ? schema : schema.prefault("");
}

function numberSchema(min: number, max: number, required: boolean, decimals = 0) {
  // A decimal comma is read as a point: staff type "12,5" in Italian.
  const shape = decimals ? new RegExp(`^-?\\d{1,15}([.,]\\d{1,${decimals}})?$`) : /^-?\d{1,15}$/;
  const message = decimals ? `Un numero da ${String(min).replace(".", ",")} a ${max} (al massimo ${decimals} decimale)` : `Un numero intero da ${min} a ${max}`;
  const schema = z
    .string()
    .trim()
    .refine((v) => v !== "" || !required, REQUIRED_MESSAGE)
    .transform((v) => v.replace(",", "."))
    .refine((v) => v === "" || (shape.test(v) && Number(v) >= min && Number(v) <= max), message)
    .transform((v) => (v === "" ? null : Number(v)))
    .meta({ description: `a ${decimals ? "number" : "whole number"} from ${min} to ${max}${required ? "" : "; empty: none"}` });
  return required ? schema : schema.prefault("");
}

/** An optional choice: empty (or absent) is none. */
const optionalEnumSchema = (values: readonly [string, ...string[]], label: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === "" || values.includes(v), `Scegli un valore dell'elenco «${label}»`)
    .transform((v) => v || null)
    .prefault("")
    .meta({ description: `one of ${values.join(", ")}; empty: none` });

/** Keys of a vocabulary as body text ("flute,piano"; a JSON client's list is joined so by the edge): each once, in the vocabulary's order. */
const choicesSchema = (values: readonly [string, ...string[]], label: string) =>
  z
    .string()
    .transform((v) =>
      v
        .split(",")
        .map((key) => key.trim())
        .filter(Boolean),
    )
    .superRefine((keys, ctx) => {
      const unknown = keys.filter((key) => !values.includes(key));
      if (unknown.length) ctx.addIssue({ code: "custom", message: `Valore sconosciuto in «${label}»: ${unknown.join(", ")}` });
    })
    .transform((keys) => values.filter((key) => keys.includes(key)))
    .prefault("")
    .meta({ description: `keys of ${values.join(", ")}: a list (JSON), or comma-separated text` });

const categorySchema = () => z.coerce.number({ error: REQUIRED_MESSAGE }).int().positive(REQUIRED_MESSAGE);

function fieldShape(name: string, field: ItemField): Record<string, z.ZodType> {
  switch (field.kind) {
    case "bilingual":
      return {
        [name]: textSchema(field.format, field.max, field.required !== "neither"),
        [englishName(name)]: textSchema(field.format, field.max, field.required === "both"),
      };
    case "text":
      return { [name]: textSchema(field.format, field.max, field.required) };
    case "url":
      return { [name]: urlSchema() };
    case "date":
      return { [name]: dateSchema() };
    case "number":
      return { [name]: numberSchema(field.min, field.max, field.required, field.decimals) };
    case "datetime":
      return { [name]: dateTimeSchema(field.required) };
    case "enum":
      return { [name]: field.optional ? optionalEnumSchema(field.values, field.label) : z.enum(field.values, { error: REQUIRED_MESSAGE }) };
    case "choices":
      return { [name]: choicesSchema(field.values, field.label) };
    case "category":
      return { [name]: categorySchema() };
    case "publication":
      return publicationInputShape;
    default:
      // Files and lists travel beside the text fields (http/ reads them into the module's file input).
      return {};
  }
}

type ShapeEntry<E> = E extends [infer K extends string, infer F]
  ? F extends { kind: "bilingual" }
    ? { [P in K | `${K}_eng`]: z.ZodType<string> }
    : F extends { kind: "text" | "url" | "date" }
      ? { [P in K]: z.ZodType<string> }
      : F extends { kind: "number" }
        ? { [P in K]: z.ZodType<number | null> }
        : F extends { kind: "datetime" }
          ? { [P in K]: z.ZodType<Date | null> }
          : F extends { kind: "enum"; optional: true; values: readonly (infer V extends string)[] }
            ? { [P in K]: z.ZodType<V | null> }
            : F extends { kind: "enum"; values: readonly (infer V extends string)[] }
              ? { [P in K]: z.ZodType<V> }
              : F extends { kind: "choices"; values: readonly (infer V extends string)[] }
                ? { [P in K]: z.ZodType<V[]> }
                : F extends { kind: "category" }
                  ? { [P in K]: z.ZodType<number> }
                  : F extends { kind: "publication" }
                    ? typeof publicationInputShape
                    : never
  : never;
type InputShapeOf<D extends ItemFields> = Merged<ShapeEntry<FieldEntries<D>>> extends infer S extends z.ZodRawShape ? S : never;

/** The zod schema of a type's input: its text fields in the description's order (so a refusal's first message is the form's first field). */
export function inputSchemaOf<D extends ItemFields>(fields: D): z.ZodObject<InputShapeOf<D>> {
  const shape = Object.assign({}, ...Object.entries(fields).map(([name, field]) => fieldShape(name, field))) as Record<string, z.ZodType>;
  return z.object(shape) as unknown as z.ZodObject<InputShapeOf<D>>;
}

// --- the columns ---

type SelectEntry<E> = E extends [infer K extends string, infer F]
  ? F extends { kind: "bilingual" }
    ? { [P in ColumnOf<K, F> | `${ColumnOf<K, F>}Eng`]: true }
    : F extends { kind: "category" }
      ? { category: { select: { id: true; name: true; nameEng: true } } }
      : F extends { kind: "publication" }
        ? { status: true; publishAt: true }
        : F extends { kind: "document" }
          ? { [P in ColumnOf<K, F> | `${ColumnOf<K, F>}Pages` | `${ColumnOf<K, F>}Original`]: true }
          : F extends { kind: "list" } | { fromRow: unknown }
            ? never
            : { [P in ColumnOf<K, F>]: true }
  : never;
type SelectOf<D extends ItemFields> = Merged<SelectEntry<FieldEntries<D>>>;

/** A document's three columns: the stamped copy's URL, its pages, the original's URL (DocumentField). */
function documentColumns<V>(column: string, value: V | ((name: string) => V)) {
  const of = (name: string) => (typeof value === "function" ? (value as (name: string) => V)(name) : value);
  return { [column]: of(column), [`${column}Pages`]: of(`${column}Pages`), [`${column}Original`]: of(`${column}Original`) };
}

/** The Prisma `select` of a type's described columns (the category as {id, name, nameEng}); lists are the module's. */
export function selectOf<D extends ItemFields>(fields: D): SelectOf<D> {
  const select: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) {
    const column = columnOf(name, field);
    if (field.kind === "bilingual") Object.assign(select, { [column]: true, [englishColumn(column)]: true });
    else if (field.kind === "category") select.category = { select: { id: true, name: true, nameEng: true } };
    else if (field.kind === "publication") Object.assign(select, { status: true, publishAt: true });
    else if (field.kind === "document") Object.assign(select, documentColumns(column, true));
    else if (field.kind !== "list" && !(field.kind === "enum" && field.fromRow)) select[column] = true;
  }
  return select as SelectOf<D>;
}

type ColumnEntry<E> = E extends [infer K extends string, infer F]
  ? F extends { kind: "bilingual" }
    ? { [P in ColumnOf<K, F> | `${ColumnOf<K, F>}Eng`]: string }
    : F extends { kind: "text" | "date" }
      ? { [P in ColumnOf<K, F>]: string }
      : F extends { kind: "url" }
        ? { [P in ColumnOf<K, F>]: string | null }
        : F extends { kind: "number" }
          ? { [P in ColumnOf<K, F>]: number | null }
          : F extends { kind: "datetime"; required: true }
            ? { [P in ColumnOf<K, F>]: Date }
            : F extends { kind: "datetime" }
              ? { [P in ColumnOf<K, F>]: Date | null }
              : F extends { kind: "enum"; fromRow: unknown }
                ? never
                : F extends { kind: "enum"; optional: true; values: readonly (infer V extends string)[] }
                  ? { [P in ColumnOf<K, F>]: V | null }
                  : F extends { kind: "enum"; values: readonly (infer V extends string)[] }
                    ? { [P in ColumnOf<K, F>]: V }
                    : F extends { kind: "choices" }
                      ? { [P in ColumnOf<K, F>]: string }
                      : F extends { kind: "category" }
                        ? { categoryId: number }
                        : never
  : never;
type FileColumnEntry<E> = E extends [infer K extends string, infer F]
  ? F extends { kind: "file"; required: true }
    ? { [P in ColumnOf<K, F>]: string }
    : F extends { kind: "file" }
      ? { [P in ColumnOf<K, F>]: string | null }
      : F extends { kind: "document" }
        ? { [P in ColumnOf<K, F> | `${ColumnOf<K, F>}Original`]: string | null } & { [P in `${ColumnOf<K, F>}Pages`]: number | null }
        : never
  : never;
/** The text, number and choice columns a save writes from the input (files, lists and the publication are the module's). */
export type ColumnsOf<D extends ItemFields> = Merged<ColumnEntry<FieldEntries<D>>>;
/** ColumnsOf and the file columns: what a restore writes back from a snapshot. */
type StoredColumnsOf<D extends ItemFields> = Merged<ColumnEntry<FieldEntries<D>> | FileColumnEntry<FieldEntries<D>>>;

/** The columns a save writes from a parsed input: rich text cleaned by the one allowlist, an empty address null. */
export function columnsOf<D extends ItemFields>(fields: D, input: Readonly<Record<string, unknown>>): ColumnsOf<D> {
  const data: Record<string, unknown> = {};
  const clean = (format: TextFormat, value: unknown) => (format === "rich" ? sanitizeRichHtml(String(value)) : value);
  for (const [name, field] of Object.entries(fields)) {
    const column = columnOf(name, field);
    if (field.kind === "bilingual") {
      data[column] = clean(field.format, input[name]);
      data[englishColumn(column)] = clean(field.format, input[englishName(name)]);
    } else if (field.kind === "text") data[column] = clean(field.format, input[name]);
    else if (field.kind === "url") data[column] = input[name] || null;
    else if (field.kind === "category") data.categoryId = input[name];
    else if (field.kind === "choices") data[column] = JSON.stringify(input[name] ?? []);
    else if (field.kind === "date" || field.kind === "number" || field.kind === "datetime" || (field.kind === "enum" && !field.fromRow))
      data[column] = input[name];
  }
  return data as ColumnsOf<D>;
}

/**
 * The columns a restore writes back from a snapshot (a revision or a trash entry keeps the row's
 * public shape), as they were: a column the snapshot predates is left as it is.
 */
export function snapshotColumnsOf<D extends ItemFields>(fields: D, snapshot: Readonly<Record<string, unknown>>): StoredColumnsOf<D> {
  const data: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(fields)) {
    const column = columnOf(name, field);
    if (field.kind === "bilingual") Object.assign(data, { [column]: snapshot[column], [englishColumn(column)]: snapshot[englishColumn(column)] });
    else if (field.kind === "category") data.categoryId = (snapshot.category as { id: number }).id;
    // A snapshot is JSON: its moments are ISO texts.
    else if (field.kind === "datetime") data[column] = snapshot[column] ? new Date(snapshot[column] as string) : null;
    else if (field.kind === "document")
      Object.assign(
        data,
        documentColumns(column, (name) => snapshot[name]),
      );
    else if (field.kind !== "list" && field.kind !== "publication" && !(field.kind === "enum" && field.fromRow)) data[column] = snapshot[column];
  }
  return data as StoredColumnsOf<D>;
}
