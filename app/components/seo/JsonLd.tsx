import { useTranslation } from "~/lib/translation";
import { useLocation } from "react-router";
import { pagePath } from "~/lib/paths";
import { useNonce } from "~/lib/nonce";
import { useRootData } from "~/lib/root-data";
import { absoluteUrl, breadcrumbLd, serializeJsonLd, type JsonLdThing } from "~/lib/structured-data";

/**
 * Structured data of a page. Data blocks are not executed, but they carry the response's CSP nonce
 * like every other script element, so "every script has the nonce" stays a rule without exceptions.
 */
export function JsonLd({ data }: { data: JsonLdThing | ReadonlyArray<JsonLdThing> }) {
  const nonce = useNonce();
  const things = Array.isArray(data) ? data : [data as JsonLdThing];
  return (
    <>
      {things.map((thing, index) => (
        <script key={index} type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: serializeJsonLd(thing) }} />
      ))}
    </>
  );
}

/** Absolute URLs for structured data: the site origin, the visitor's language, this page. */
export function useSiteUrls() {
  const { origin, lang } = useRootData();
  const { pathname } = useLocation();
  const { t } = useTranslation();
  const abs = (pathOrUrl: string) => absoluteUrl(origin, pathOrUrl);
  return {
    origin,
    lang,
    abs,
    page: abs(pathname),
    /** Home > section > ... > this page, each crumb as [name, site path] (the page itself last). */
    breadcrumbs: (trail: ReadonlyArray<readonly [string, string]>) =>
      breadcrumbLd([[t("nav.home"), pagePath("home", lang)] as const, ...trail].map(([name, path]) => ({ name, url: abs(path) }))),
  };
}
