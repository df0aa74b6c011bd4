// The query parameters that make a public page what it is. The page cache keys pages by them and
// removes every other parameter before rendering (app/server/http/page-cache.server.ts), and links
// that carry the visitor's query along (the language switch, the cookie banner) keep only these, so
// the server and the browser render the same href.
/**
 * Every query parameter a public page (its loaders, or React Router itself) reads. A parameter a
 * page starts reading must be added here, or it is removed before the page sees it:
 * tests/unit/page-query.test.ts finds every `searchParams` read in app/ and fails when one is missing.
 */
export const PAGE_QUERY_PARAMS: ReadonlySet<string> = new Set([
  "_routes", // React Router: which loaders a client navigation asks for (.data)
  "index", // React Router: an index route's own data
  "paths", // React Router: the paths of a route discovery request (/__manifest)
  "version", // React Router: the build a route discovery request comes from (/__manifest)
  "lng", // root: switching language (redirects)
  "category", // home: the compositions filter
  "query", // search
  "page", // search and lists
  "q", // lists
  "size", // lists
  "avviso", // notices after a redirect
  "stato", // admin lists: the publication state filter
  "preview", // news and composition pages: a preview link's token (never stored: no-store)
  "redirectTo", // login, cookie consent
  "track", // composition: a share link's track (issue 25)
  "t", // composition: a share link's time
  "when", // concerts: the past ones (issue 36)
  // /works (issue 36): its filters and sorting (lib/works-query.ts)
  "sort",
  "ensemble",
  "instrument",
  "min_duration",
  "max_duration",
  "year_from",
  "year_to",
]);

/** The query string with only the parameters pages read, in their order ("" when none is left). */
export function pageQuery(search: string): string {
  if (search === "" || search === "?") return "";
  const kept = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(search)) if (PAGE_QUERY_PARAMS.has(name)) kept.append(name, value);
  const text = kept.toString();
  return text ? `?${text}` : "";
}
