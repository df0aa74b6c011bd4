import type { Lang } from "./i18n";

/**
 * The texts of the catalogue (/works and a composition's «Scheda», issue 36) in both languages. Kept
 * here rather than in app/locales, whose texts every first visit loads (ADR 041, the 115 KB budget
 * of issue 33): these load with the two pages' own chunks only.
 */
const TEXTS = {
  it: {
    title: "Catalogo",
    description: "Il catalogo delle composizioni di Elena Marchetti: organico, durata, anno, strumentazione e partiture in visione.",
    filters: "Filtra il catalogo",
    q: "Cerca",
    ensemble: "Organico",
    anyEnsemble: "Tutti",
    instruments: "Strumenti",
    duration: "Durata (minuti)",
    from: "da",
    to: "a",
    year: "Anno",
    sort: "Ordina per",
    sortYear: "Anno (dal più recente)",
    sortTitle: "Titolo",
    sortDuration: "Durata (dalla più breve)",
    apply: "Applica",
    clear: "Azzera i filtri",
    count_one: "{{count}} composizione",
    count_other: "{{count}} composizioni",
    empty: "Nessuna composizione corrisponde ai filtri scelti.",
    work: "Titolo",
    minutes: "{{value}} min",
    sheet: "Scheda",
    instrumentation: "Strumentazione",
    premiere: "Prima esecuzione",
    commission: "Commissione",
    publisher: "Editore",
    score: "Partitura in visione (PDF, {{count}} pagine)",
    score_one: "Partitura in visione (PDF, 1 pagina)",
  },
  en: {
    title: "Catalogue",
    description: "The catalogue of Elena Marchetti's works: ensemble, duration, year, instrumentation and perusal scores.",
    filters: "Filter the catalogue",
    q: "Search",
    ensemble: "Ensemble",
    anyEnsemble: "All",
    instruments: "Instruments",
    duration: "Duration (minutes)",
    from: "from",
    to: "to",
    year: "Year",
    sort: "Sort by",
    sortYear: "Year (newest first)",
    sortTitle: "Title",
    sortDuration: "Duration (shortest first)",
    apply: "Apply",
    clear: "Clear filters",
    count_one: "{{count}} work",
    count_other: "{{count}} works",
    empty: "No work matches the chosen filters.",
    work: "Title",
    minutes: "{{value}} min",
    sheet: "Work details",
    instrumentation: "Instrumentation",
    premiere: "First performance",
    commission: "Commission",
    publisher: "Publisher",
    score: "Perusal score (PDF, {{count}} pages)",
    score_one: "Perusal score (PDF, 1 page)",
  },
} as const;

export type CatalogueTextKey = keyof (typeof TEXTS)["it"];

/** A text in a language, `{{name}}` filled in from `values`. */
export function catalogueText(lang: Lang, key: CatalogueTextKey, values: Record<string, string | number> = {}): string {
  return TEXTS[lang][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
}

/** "12 min", "12,5 min" / "12.5 min". */
export function minutesText(minutes: number, lang: Lang): string {
  return catalogueText(lang, "minutes", { value: minutes.toLocaleString(lang === "it" ? "it-IT" : "en-GB", { maximumFractionDigits: 1 }) });
}

/** The count of a list of works, singular or plural. */
export function worksCountText(count: number, lang: Lang): string {
  return catalogueText(lang, count === 1 ? "count_one" : "count_other", { count });
}

/** The perusal score's link text with its pages. */
export function scoreText(pages: number, lang: Lang): string {
  return catalogueText(lang, pages === 1 ? "score_one" : "score", { count: pages });
}
