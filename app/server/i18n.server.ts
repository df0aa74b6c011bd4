import { initReactI18next } from "react-i18next";
import { createCookie } from "react-router";
import { createI18nextMiddleware } from "remix-i18next/middleware";
import resources from "~/locales";
import { DEFAULT_LANG, LANG_COOKIE, isLang, isLocalizablePath, langFromPath, type Lang } from "~/lib/i18n";

/** The visitor's saved language choice (also mirrored to localStorage `isEnglish` by the client). */
export const langCookie = createCookie(LANG_COOKIE, {
  path: "/",
  sameSite: "lax",
  httpOnly: false,
  maxAge: 60 * 60 * 24 * 365,
});

export async function savedLang(request: Request): Promise<Lang | null> {
  const value = await langCookie.parse(request.headers.get("Cookie"));
  return isLang(value) ? value : null;
}

/**
 * Public pages take their language from the URL (Italian unprefixed, English under /en);
 * unlocalized pages (login) follow the saved choice; admin is always Italian.
 */
async function findLocale(request: Request): Promise<Lang> {
  const { pathname } = new URL(request.url);
  if (pathname === "/admin" || pathname.startsWith("/admin/")) return "it";
  const fromPath = langFromPath(pathname);
  if (fromPath) return fromPath;
  if (!isLocalizablePath(pathname)) return (await savedLang(request)) ?? DEFAULT_LANG;
  return DEFAULT_LANG;
}

export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: ["it", "en"],
    fallbackLanguage: DEFAULT_LANG,
    order: ["custom"],
    findLocale,
  },
  // showSupportNotice: i18next otherwise prints an advertisement in the server log.
  i18next: { resources, defaultNS: "common", ns: ["common", "public1", "public2"], interpolation: { escapeValue: false }, showSupportNotice: false },
  plugins: [initReactI18next],
});

export function getLang(context: Parameters<typeof getLocale>[0]): Lang {
  const locale = getLocale(context);
  return isLang(locale) ? locale : DEFAULT_LANG;
}
