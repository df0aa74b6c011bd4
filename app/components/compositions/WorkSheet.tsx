import { catalogueText, minutesText, scoreText } from "~/lib/catalogue-texts";
import type { Lang } from "~/lib/i18n";

/** A composition's catalogue data in the page's language (issue 36): what the composition page's loader gives its «Scheda». */
export type WorkSheetData = {
  year: number | null;
  durationMinutes: number | null;
  ensemble: string | null;
  instrumentation: string;
  premiere: string;
  commission: string;
  publisher: string;
  score: { url: string; pages: number | null } | null;
};

/** True when a composition has anything to show in its «Scheda». */
function hasWorkSheet(sheet: WorkSheetData): boolean {
  return Object.values(sheet).some((value) => value !== null && value !== "");
}

/**
 * The «Scheda» («Work details») block of a composition page: its catalogue data as a list of terms,
 * and the perusal score's link with its pages. A component of its own, so that other blocks of the
 * page (its performances) sit beside it.
 */
export function WorkSheet({ sheet, lang }: { sheet: WorkSheetData; lang: Lang }) {
  if (!hasWorkSheet(sheet)) return null;
  const rows: [string, string][] = [];
  if (sheet.year !== null) rows.push([catalogueText(lang, "year"), String(sheet.year)]);
  if (sheet.durationMinutes !== null) rows.push([catalogueText(lang, "duration").replace(/ \(.*\)$/, ""), minutesText(sheet.durationMinutes, lang)]);
  if (sheet.ensemble) rows.push([catalogueText(lang, "ensemble"), sheet.ensemble]);
  if (sheet.instrumentation) rows.push([catalogueText(lang, "instrumentation"), sheet.instrumentation]);
  if (sheet.premiere) rows.push([catalogueText(lang, "premiere"), sheet.premiere]);
  if (sheet.commission) rows.push([catalogueText(lang, "commission"), sheet.commission]);
  if (sheet.publisher) rows.push([catalogueText(lang, "publisher"), sheet.publisher]);
  return (
    <section className="work-sheet" aria-labelledby="work-sheet-title">
      <h2 id="work-sheet-title">{catalogueText(lang, "sheet")}</h2>
      {rows.length > 0 ? (
        <dl className="work-sheet__list">
          {rows.map(([term, value]) => (
            <div key={term} className="work-sheet__row">
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {sheet.score ? (
        <p className="work-sheet__score">
          <a className="button button--ghost" href={sheet.score.url} type="application/pdf">
            {scoreText(sheet.score.pages ?? 0, lang)}
          </a>
        </p>
      ) : null}
    </section>
  );
}
