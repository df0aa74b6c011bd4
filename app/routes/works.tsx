import { Form, Link } from "react-router";
import type { Route } from "./+types/works";
import { PageHero } from "~/components/layout/PageHero";
import { ENSEMBLE_KEYS, INSTRUMENT_KEYS, ensembleName, instrumentName } from "~/lib/catalogue-vocabulary";
import { catalogueText, minutesText, worksCountText } from "~/lib/catalogue-texts";
import { pageMeta } from "~/lib/meta";
import { pagePath } from "~/lib/paths";
import { isFiltered, parseWorksQuery, WORKS_SORTS, type WorksSort } from "~/lib/works-query";
import { getLang } from "~/server/platform/i18n.server";
import { worksCatalogue } from "~/server/views/works.server";

/**
 * Issue 36: the catalogue, /works and /en/works. Its filters and sorting are GET parameters of a
 * plain form (no JavaScript needed); a filtered view's canonical is the unfiltered page (`handle`).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const lang = getLang(context);
  const query = parseWorksQuery(new URL(request.url).searchParams);
  const { total, works } = await worksCatalogue(query, lang);
  return { lang, query, filtered: isFiltered(query), total, works };
}

/** Read by the root's canonical link: every filtered or sorted view points at the unfiltered page. */
export const handle = { canonicalWithoutQuery: true };

const SORT_LABEL: Record<WorksSort, "sortYear" | "sortTitle" | "sortDuration"> = { year: "sortYear", title: "sortTitle", duration: "sortDuration" };

export default function WorksPage({ loaderData }: Route.ComponentProps) {
  const { lang, query, filtered, total, works } = loaderData;
  const text = (key: Parameters<typeof catalogueText>[1]) => catalogueText(lang, key);
  const action = pagePath("works", lang);
  return (
    <>
      <PageHero title={text("title")} />
      <div className="container works">
        <Form method="get" action={action} className="works__filters" aria-label={text("filters")}>
          <div className="works__field works__field--wide">
            <label htmlFor="works-q">{text("q")}</label>
            <input id="works-q" name="q" type="search" defaultValue={query.q} maxLength={200} />
          </div>
          <div className="works__field">
            <label htmlFor="works-ensemble">{text("ensemble")}</label>
            <select id="works-ensemble" name="ensemble" defaultValue={query.ensemble ?? ""}>
              <option value="">{text("anyEnsemble")}</option>
              {ENSEMBLE_KEYS.map((key) => (
                <option key={key} value={key}>
                  {ensembleName(key, lang)}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="works__field">
            <legend>{text("duration")}</legend>
            <label>
              {text("from")} <input name="min_duration" type="number" min={0} max={600} step="any" inputMode="decimal" defaultValue={query.minDuration ?? ""} />
            </label>
            <label>
              {text("to")} <input name="max_duration" type="number" min={0} max={600} step="any" inputMode="decimal" defaultValue={query.maxDuration ?? ""} />
            </label>
          </fieldset>
          <fieldset className="works__field">
            <legend>{text("year")}</legend>
            <label>
              {text("from")} <input name="year_from" type="number" min={1900} max={2100} defaultValue={query.yearFrom ?? ""} />
            </label>
            <label>
              {text("to")} <input name="year_to" type="number" min={1900} max={2100} defaultValue={query.yearTo ?? ""} />
            </label>
          </fieldset>
          <div className="works__field">
            <label htmlFor="works-sort">{text("sort")}</label>
            <select id="works-sort" name="sort" defaultValue={query.sort}>
              {WORKS_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {text(SORT_LABEL[sort])}
                </option>
              ))}
            </select>
          </div>
          <details className="works__instruments" open={query.instruments.length > 0}>
            <summary>{text("instruments")}</summary>
            <div className="works__instrument-list">
              {INSTRUMENT_KEYS.map((key) => (
                <label key={key}>
                  <input type="checkbox" name="instrument" value={key} defaultChecked={query.instruments.includes(key)} /> {instrumentName(key, lang)}
                </label>
              ))}
            </div>
          </details>
          <div className="works__actions">
            <button type="submit" className="button button--primary">
              {text("apply")}
            </button>
            {filtered ? (
              <Link className="button button--ghost" to={action}>
                {text("clear")}
              </Link>
            ) : null}
          </div>
        </Form>
        <p className="works__count" role="status">
          {worksCountText(total, lang)}
        </p>
        {works.length === 0 ? (
          <div className="works__empty">
            <p>{text("empty")}</p>
            {filtered ? (
              <Link className="button button--primary" to={action}>
                {text("clear")}
              </Link>
            ) : null}
          </div>
        ) : (
          <ul className="works__list">
            {works.map((work) => (
              <li key={work.href} className="works__item">
                <Link className="works__title" to={work.href}>
                  {work.title}
                </Link>
                <span className="works__facts">
                  {[work.year, work.ensemble, work.durationMinutes !== null ? minutesText(work.durationMinutes, lang) : null]
                    .filter((fact) => fact !== null)
                    .join(" · ")}
                </span>
                {work.instrumentation ? <span className="works__instrumentation">{work.instrumentation}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? pageMeta(matches, { title: catalogueText(data.lang, "title"), description: catalogueText(data.lang, "description") }) : [];
