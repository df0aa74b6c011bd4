export const LANGUAGES = ["it", "en"] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = "it";
export const LANG_COOKIE = "lng";

/** Path prefixes that never carry a language: staff area, API, files, tooling. */
const UNLOCALIZED_PREFIXES = [
  "/admin",
  "/api",
  "/login",
  "/logout",
  "/data",
  "/media",
  "/healthz",
  "/readyz",
  "/metrics",
  "/assets",
  "/cookie-consent",
  "/set-language",
  "/captcha",
  "/favicon",
  "/robots.txt",
  "/sitemap.xml",
];

export function isLocalizablePath(pathname: string): boolean {
  return !UNLOCALIZED_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`) || pathname.startsWith(`${p}.`));
}

export function langFromPath(pathname: string): Lang | null {
  return pathname === "/en" || pathname.startsWith("/en/") ? "en" : null;
}

/** "/en/news" -> "/news", "/en" -> "/". */
export function stripLang(pathname: string): string {
  if (langFromPath(pathname) !== "en") return pathname;
  const rest = pathname.slice(3);
  return rest === "" ? "/" : rest;
}

/** The same page in `lang`: "/news" + en -> "/en/news"; "/en" + it -> "/". Unlocalized paths are left alone. */
export function localizePath(pathname: string, lang: Lang): string {
  const base = stripLang(pathname);
  if (!isLocalizablePath(base)) return base;
  if (lang === "it") return base;
  return base === "/" ? "/en" : `/en${base}`;
}

export function otherLang(lang: Lang): Lang {
  return lang === "it" ? "en" : "it";
}

export function isLang(value: unknown): value is Lang {
  return value === "it" || value === "en";
}

type Localizable = Record<string, unknown>;

/**
 * The one place that chooses between a content field and its English twin.
 * Works for wire/static shapes (`title` / `title_eng`) and Prisma shapes (`title` / `titleEng`).
 * An empty English text falls back to the Italian one.
 */
export function localized<T extends Localizable>(item: T, field: string, lang: Lang): string {
  const base = item[field];
  if (lang === "en") {
    const english = item[`${field}_eng`] ?? item[`${field}Eng`];
    if (typeof english === "string" && english.trim() !== "") return english;
  }
  return typeof base === "string" ? base : base == null ? "" : String(base);
}
