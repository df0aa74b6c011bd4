import { useEffect, useRef } from "react";
import { useTranslation } from "~/lib/translation";
import { Form } from "react-router";
import type { Route } from "./+types/search";
import { PageHero } from "~/components/layout/PageHero";
import { Pagination } from "~/components/layout/Pagination";
import { RESULT_CARD_SIZES, SearchResultCard } from "~/components/search/SearchResultCard";
import { pagePath } from "~/lib/paths";
import { pageMeta } from "~/lib/meta";
import { useLang } from "~/lib/root-data";
import { useHydrated } from "remix-utils/use-hydrated";
import { getInstance, getLang } from "~/server/platform/i18n.server";
import { log } from "~/server/platform/log.server";
import { markDegraded } from "~/server/platform/request-scope.server";
import { type SearchPage, searchSite } from "~/server/domain/search.server";

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = (url.searchParams.get("query") ?? "").slice(0, 200);
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1;
  const title = getInstance(context).t("pages.search");
  const description = getInstance(context).t("pages:search.description");
  try {
    const result: SearchPage = await searchSite(query, getLang(context), page);
    return { title, description, error: false, ...result };
  } catch (error) {
    log().error({ err: error }, "search failed");
    // An empty page with an alert, not the results: no cache may keep it.
    markDegraded();
    return { title, description, error: true, query: query.trim(), page: 1, pageCount: 0, total: 0, results: [] as SearchPage["results"] };
  }
}

export default function SearchRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("pages");
  const lang = useLang();
  const { query, page, pageCount, total, results, error } = loaderData;
  const hydrated = useHydrated();
  const action = pagePath("search", lang);
  const hrefFor = (p: number) => `${action}?${new URLSearchParams({ query, page: String(p) }).toString()}`;

  // SPEC.md 2.14: a new page of results starts at the top. A new query or page (not the first load)
  // also puts the focus on what it found: the search box is remounted with the query, so the focus
  // would otherwise fall to the page's body (issue 35.12).
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const firstLoad = useRef(true);
  useEffect(() => {
    window.scrollTo(0, 0);
    if (firstLoad.current) firstLoad.current = false;
    else resultsHeading.current?.focus({ preventScroll: true });
  }, [page, query]);

  return (
    <>
      <PageHero title={t("search.heading")} />
      <div className="container search">
        <Form method="get" action={action} role="search" className="search__form" data-hydrated={hydrated ? "true" : undefined}>
          <label htmlFor="search-query" className="visually-hidden">
            {t("search.label")}
          </label>
          <input id="search-query" key={query} name="query" type="search" defaultValue={query} placeholder={t("search.placeholder")} maxLength={200} />
          <button type="submit" className="button button--primary">
            {t("search.submit")}
          </button>
        </Form>
        {error ? (
          <div className="alert alert--error" role="alert">
            <p>{t("search.loadError")}</p>
          </div>
        ) : query && total === 0 ? (
          <h2 className="search__empty" ref={resultsHeading} tabIndex={-1}>
            {t("search.noResults", { query })}
          </h2>
        ) : query ? (
          <>
            <h2 className="search__summary" ref={resultsHeading} tabIndex={-1}>
              {t("search.results", { count: total, query })}
            </h2>
            <ul className="search__results">
              {results.map((r, index) => (
                <SearchResultCard key={r.key} result={r} priority={index === 0} />
              ))}
            </ul>
            <Pagination page={page} pageCount={pageCount} hrefFor={hrefFor} label={t("search.pagination")} />
          </>
        ) : null}
      </div>
    </>
  );
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  pageMeta(matches, {
    title: data?.query ? `${data.title}: ${data.query}` : (data?.title ?? ""),
    description: data?.description,
    firstPicture: { image: data?.results[0]?.image, sizes: RESULT_CARD_SIZES },
  });
