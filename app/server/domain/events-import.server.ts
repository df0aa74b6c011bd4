import { CsvError, parse } from "csv-parse/sync";
import { EVENT_CSV_COLUMNS as CSV_COLUMNS } from "~/lib/event-fields";
import { romeLocalToUtc } from "~/lib/rome-time";
import type { Actor } from "./activity.server";
import { createEvents, parseEventInput, type EventInput } from "./events.server";

/**
 * The import of concerts from a CSV file (issue 36; columns in docs/api.md): a header line naming
 * the columns, then one concert a line. All or nothing: any error and nothing is saved, and every
 * error is given with its line and column. Date and time are Rome's; the concerts are published at
 * once or kept as drafts, as staff choose.
 */
const REQUIRED_COLUMNS = ["date", "time", "venue", "city", "country", "title"] as const;
/** A spreadsheet of a season is a few hundred lines; more is not a concert list. */
export const MAX_CSV_ROWS = 1000;

export type ImportResult = { ok: true; created: number } | { ok: false; errors: string[] };

const at = (line: number, column: string, message: string) => `Riga ${line}, colonna «${column}»: ${message}`;

/** Where a field's error is shown: the CSV column that holds it (the start is date and time together). */
const COLUMN_OF_FIELD: Record<string, string> = { starts_at: "date" };

/** The concerts of a CSV text, or every error of it. */
export function readEventsCsv(text: string, publish: boolean): { ok: true; inputs: EventInput[] } | { ok: false; errors: string[] } {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, trim: true, relax_column_count: true, delimiter: [",", ";"] }) as string[][];
  } catch (error) {
    if (error instanceof CsvError)
      return { ok: false, errors: [`Riga ${(error as CsvError & { lines?: number }).lines ?? "?"}: il file non è un CSV leggibile (${error.message})`] };
    throw error;
  }
  const [header, ...rows] = records;
  if (!header || rows.length === 0) return { ok: false, errors: ["Il file è vuoto: serve la riga di intestazione e almeno un concerto."] };
  if (rows.length > MAX_CSV_ROWS) return { ok: false, errors: [`Troppe righe: al massimo ${MAX_CSV_ROWS} concerti per file.`] };
  const names = header.map((name) => name.toLowerCase());
  const errors: string[] = [];
  names.forEach((name, index) => {
    if (!(CSV_COLUMNS as readonly string[]).includes(name))
      errors.push(at(1, name || String(index + 1), `colonna sconosciuta (colonne: ${CSV_COLUMNS.join(", ")})`));
  });
  for (const required of REQUIRED_COLUMNS) if (!names.includes(required)) errors.push(at(1, required, "colonna mancante"));
  if (errors.length) return { ok: false, errors };

  const inputs: EventInput[] = [];
  rows.forEach((cells, index) => {
    const line = index + 2;
    const cell = (name: string) => cells[names.indexOf(name)] ?? "";
    const date = cell("date");
    const time = cell("time");
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) errors.push(at(line, "date", "data non valida (AAAA-MM-GG)"));
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) errors.push(at(line, "time", "ora non valida (HH:MM, ora di Roma)"));
    const start = romeLocalToUtc(`${date}T${time}`);
    if (!start && /^\d{4}-\d{2}-\d{2}$/.test(date) && /^([01]\d|2[0-3]):[0-5]\d$/.test(time)) errors.push(at(line, "date", "data inesistente"));
    const parsed = parseEventInput({
      title: cell("title"),
      title_eng: cell("title_eng"),
      starts_at: start?.toISOString() ?? "",
      venue: cell("venue"),
      city: cell("city"),
      country: cell("country"),
      ticket_url: cell("ticket_url"),
      status: publish ? "published" : "draft",
    });
    if (parsed.ok) inputs.push(parsed.data);
    else
      for (const [field, message] of Object.entries(parsed.errors))
        if (field !== "starts_at" || start) errors.push(at(line, COLUMN_OF_FIELD[field] ?? field, message));
  });
  return errors.length ? { ok: false, errors } : { ok: true, inputs };
}

/** Reads and saves a CSV of concerts, all or nothing. */
export async function importEventsCsv(text: string, publish: boolean, actor: Actor): Promise<ImportResult> {
  const read = readEventsCsv(text, publish);
  if (!read.ok) return read;
  return { ok: true, created: await createEvents(read.inputs, actor) };
}
