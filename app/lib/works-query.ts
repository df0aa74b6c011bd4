import { INSTRUMENT_KEYS, isEnsembleKey, isInstrumentKey, type EnsembleKey, type InstrumentKey } from "./catalogue-vocabulary";

/**
 * The GET parameters of /works (issue 36): filters and sorting a plain form sends without
 * JavaScript. A value that is not one the catalogue knows (an unknown ensemble, a word for a number)
 * is left out, as if the filter were not set: the page still answers, with what it did understand.
 */
export const WORKS_SORTS = ["year", "title", "duration"] as const;
export type WorksSort = (typeof WORKS_SORTS)[number];

export type WorksQuery = {
  sort: WorksSort;
  ensemble: EnsembleKey | null;
  instruments: InstrumentKey[];
  minDuration: number | null;
  maxDuration: number | null;
  yearFrom: number | null;
  yearTo: number | null;
  q: string;
};

/** A number typed in a filter ("12,5" as well as "12.5"); anything else is none. */
function numberParam(value: string | null, max: number): number | null {
  const text = (value ?? "").trim().replace(",", ".");
  if (!/^\d{1,4}(\.\d{1,2})?$/.test(text)) return null;
  const n = Number(text);
  return n <= max ? n : null;
}

export function parseWorksQuery(params: URLSearchParams): WorksQuery {
  const sort = params.get("sort") ?? "";
  const ensemble = params.get("ensemble") ?? "";
  const wanted = new Set(params.getAll("instrument"));
  return {
    sort: (WORKS_SORTS as readonly string[]).includes(sort) ? (sort as WorksSort) : "year",
    ensemble: isEnsembleKey(ensemble) ? ensemble : null,
    // In the vocabulary's order, each once.
    instruments: INSTRUMENT_KEYS.filter((key) => wanted.has(key) && isInstrumentKey(key)),
    minDuration: numberParam(params.get("min_duration"), 600),
    maxDuration: numberParam(params.get("max_duration"), 600),
    yearFrom: numberParam(params.get("year_from"), 9999),
    yearTo: numberParam(params.get("year_to"), 9999),
    q: (params.get("q") ?? "").trim().slice(0, 200),
  };
}

/** Whether any filter is set (the sort is not a filter): the page then offers to clear them. */
export function isFiltered(query: WorksQuery): boolean {
  return (
    query.ensemble !== null ||
    query.instruments.length > 0 ||
    query.minDuration !== null ||
    query.maxDuration !== null ||
    query.yearFrom !== null ||
    query.yearTo !== null ||
    query.q !== ""
  );
}
