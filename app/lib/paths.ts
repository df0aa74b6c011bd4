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
  events: "/events",
  eventsCalendar: "/events.ics",
  works: "/works",
  search: "/search",
  privacyPolicy: "/privacy-policy",
  legalNotes: "/legal-notes",
  cookiePolicy: "/cookie-policy",
  newsFeed: "/rss.xml",
  press: "/press",
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
export const LOWER_CASE_PARAMS: ReadonlySet<string> = new Set(["categoryCompositions", "dataCategory", "slugMusic", "slugNews", "slugEvent"]);

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

/** A concert's page (issue 36). */
export function eventPath(slug: string, lang: Lang = "it"): string {
  return localizePath(`${PAGES.events}/${encodeURIComponent(slug)}`, lang);
}

/** A concert's own calendar file, `/events/{slug}.ics` (one language: its texts follow the path's). */
export function eventCalendarPath(slug: string, lang: Lang = "it"): string {
  return `${eventPath(slug, lang)}.ics`;
}

/** `/art-direction/{label category lower-cased}` (SPEC.md 2.9). */
export function artDirectionPath(category: string, lang: Lang = "it"): string {
  return localizePath(`${PAGES.artDirection}/${nameSegment(category)}`, lang);
}

export function galleryItemPath(id: number | string, lang: Lang = "it"): string {
  return localizePath(`${PAGES.gallery}/${encodeURIComponent(String(id))}`, lang);
}

/** Which links a field takes: the schemes it follows, and whether a path of this site ("/bio") is one. */
export type LinkRule = { schemes: readonly string[]; sitePaths: boolean };

/** A composition's outside link and video, and the other outside links pages show (labels, works, artists). */
const OUTSIDE_LINK: LinkRule = { schemes: ["http:", "https:", "mailto:"], sitePaths: false };
/** A link field of the content pages (issue 35): web pages, e-mail, telephone, or a page of this site. */
export const CONTENT_LINK: LinkRule = { schemes: ["http:", "https:", "mailto:", "tel:"], sitePaths: true };

/** "name:" starts a scheme unless a port follows it ("www.example.com:8080/a" is a host and a port). */
const SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d+(?:[/?#]|$))/i;

/**
 * THE RULE for a link staff type, the one home of it: how the music form, the content pages' forms and
 * api/ store a link (`linkSchema`, lib/link-schema.ts) and how pages follow one. The link as typed
 * (trimmed), or null when it is none the rule takes:
 * - a path of this site ("/bio") when `rule.sitePaths`;
 * - `https://` added when the scheme is missing ("instagram.com/x", "//host/x"; SPEC.md 2.6);
 * - then a scheme of `rule.schemes` with what it needs: a web address a host with a dot
 *   ("non è un indirizzo" is no address), an e-mail address an @, a telephone number digits.
 * Any other scheme (javascript:, data:, ftp:) is never followed.
 */
export function followLink(link: string | null | undefined, rule: LinkRule): string | null {
  const value = link?.trim();
  if (!value) return null;
  // A space is a typo in any link but a telephone number ("tel:+39 051 123456"); a backslash is never one.
  if ((/\s/.test(value) && !/^tel:/i.test(value)) || value.includes("\\")) return null;
  if (/^\/(?!\/)/.test(value)) return rule.sitePaths ? value : null;
  const href = SCHEME.test(value) ? value : `https:${value.startsWith("//") ? "" : "//"}${value}`;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (!rule.schemes.includes(url.protocol)) return null;
  if (url.protocol === "mailto:") return /^mailto:[^\s@]+@[^\s@]+\.[^\s@]+$/i.test(href) ? href : null;
  if (url.protocol === "tel:") return /^tel:\+?\d[\d ().-]*$/i.test(href) ? href : null;
  return /\.[^.]+$/.test(url.hostname) ? href : null;
}

/** An outside link as a page follows it (OUTSIDE_LINK), or null: an empty link, or one the rule refuses. */
export function externalHref(link: string | null | undefined): string | null {
  return followLink(link, OUTSIDE_LINK);
}

/** A content page's link (CONTENT_LINK) as a page in `lang` follows it: a path of the site in that language. */
export function contentHref(link: string | null | undefined, lang: Lang = "it"): string | null {
  const href = followLink(link, CONTENT_LINK);
  return href?.startsWith("/") ? localizePath(href, lang) : href;
}

/** A category name as it appears in a URL or a filter parameter: case, spaces and hyphens ignored. */
export function categoryKey(name: string): string {
  return name
    .trim()
    .toLocaleLowerCase("it")
    .replace(/[\s-]+/g, "-");
}
