import { localizePath, type Lang } from "./i18n";

/**
 * Public paths and outside links, shared by server and browser code: one home for each rule.
 * Every builder takes the page's language ("it", the default, is unprefixed; "en" is under /en,
 * ADR 001) and URL-encodes the names and slugs it is given.
 */

/** The public pages without a parameter (SPEC.md 2.1). */
const PAGES = {
  home: "/",
  bio: "/bio",
  compositions: "/compositions",
  artDirection: "/art-direction",
  portfolio: "/portfolio",
  gallery: "/gallery",
  credits: "/credits",
  contacts: "/contacts",
  news: "/news",
  search: "/search",
  privacyPolicy: "/privacy-policy",
  legalNotes: "/legal-notes",
  cookiePolicy: "/cookie-policy",
  newsFeed: "/rss.xml",
} as const;

export type PageName = keyof typeof PAGES;

export function pagePath(page: PageName, lang: Lang = "it"): string {
  return localizePath(PAGES[page], lang);
}

/** A category or label name in a URL segment: trimmed and lower-cased (SPEC.md 2.6, 2.9); spaces become %20. */
export function nameSegment(name: string): string {
  return encodeURIComponent(name.trim().toLocaleLowerCase("it"));
}

/**
 * The route parameters (app/routes.ts) written by nameSegment below or by slugify (lib/slug.ts), so
 * always lower case: a request that spells one in other case is redirected to this spelling
 * (server/http/routes.server.ts). Other parameters (gallery ids, data file names) are kept as sent.
 */
export const LOWER_CASE_PARAMS: ReadonlySet<string> = new Set(["categoryCompositions", "dataCategory", "slugMusic", "slugNews"]);

/** `/compositions/{category name lower-cased}` (SPEC.md 2.6). */
export function categoryPath(categoryName: string, lang: Lang = "it"): string {
  return localizePath(`${PAGES.compositions}/${nameSegment(categoryName)}`, lang);
}

export function compositionPath(categoryName: string, slug: string, lang: Lang = "it"): string {
  return `${categoryPath(categoryName, lang)}/${encodeURIComponent(slug)}`;
}

/**
 * Where a saved composition is shown (SPEC.md 4, after saving): its own page, or for a composition
 * that is an outside link (no page of its own) its category's page.
 */
export function musicPath(item: { slug: string; link: string | null; category: { name: string } }, lang: Lang = "it"): string {
  return item.link ? categoryPath(item.category.name, lang) : compositionPath(item.category.name, item.slug, lang);
}

export function newsPath(slug: string, lang: Lang = "it"): string {
  return localizePath(`${PAGES.news}/${encodeURIComponent(slug)}`, lang);
}

/** `/art-direction/{label category lower-cased}` (SPEC.md 2.9). */
export function artDirectionPath(category: string, lang: Lang = "it"): string {
  return localizePath(`${PAGES.artDirection}/${nameSegment(category)}`, lang);
}

export function galleryItemPath(id: number | string, lang: Lang = "it"): string {
  return localizePath(`${PAGES.gallery}/${encodeURIComponent(String(id))}`, lang);
}

/**
 * An outside link as staff typed it: http(s) and mailto kept, `https://` added when the scheme is
 * missing ("bandcamp.com/..." , SPEC.md 2.6), null for an empty link or any other scheme
 * (javascript:, data:, ftp: ... are not links we follow).
 */
export function externalHref(link: string | null | undefined): string | null {
  const value = link?.trim();
  if (!value) return null;
  if (/^(https?:|mailto:)/i.test(value)) return value;
  // "name:" is a scheme unless a port follows it ("www.example.com:8080/a" is a host and a port).
  if (/^[a-z][a-z0-9+.-]*:(?!\d+(?:[/?#]|$))/i.test(value)) return null;
  return `https://${value.replace(/^\/+/, "")}`;
}

/** A category name as it appears in a URL or a filter parameter: case, spaces and hyphens ignored. */
export function categoryKey(name: string): string {
  return name
    .trim()
    .toLocaleLowerCase("it")
    .replace(/[\s-]+/g, "-");
}
