import { createInstance, type i18n } from "i18next";
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

// showSupportNotice: i18next otherwise prints an advertisement in the server log.
const I18NEXT_OPTIONS = { resources, defaultNS: "common", ns: ["common", "public1", "public2"], interpolation: { escapeValue: false }, showSupportNotice: false };

export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: ["it", "en"],
    fallbackLanguage: DEFAULT_LANG,
    order: ["custom"],
    findLocale,
  },
  i18next: I18NEXT_OPTIONS,
  plugins: [initReactI18next],
});

const fallbackInstances = new Map<Lang, i18n>();

/**
 * The request's i18next instance, or, when React Router refused the request before the middleware
 * ran (a URL it cannot decode), one for the path's language so the error page still renders.
 */
export function i18nFor(context: Parameters<typeof getInstance>[0], request: Request): i18n {
  try {
    return getInstance(context);
  } catch {
    let path = "/";
    try {
      path = new URL(request.url).pathname;
    } catch {
      // keep "/"
    }
    const lang = langFromPath(path) ?? DEFAULT_LANG;
    let instance = fallbackInstances.get(lang);
    if (!instance) {
      instance = createInstance({ ...I18NEXT_OPTIONS, lng: lang, fallbackLng: DEFAULT_LANG, initAsync: false });
      instance.use(initReactI18next);
      void instance.init();
      fallbackInstances.set(lang, instance);
    }
    return instance;
  }
}

export function getLang(context: Parameters<typeof getLocale>[0]): Lang {
  const locale = getLocale(context);
  return isLang(locale) ? locale : DEFAULT_LANG;
}
