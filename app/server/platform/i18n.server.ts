import { createInstance, type i18n, type InitOptions } from "i18next";
import { initReactI18next } from "react-i18next";
import { createContext, createCookie, type MiddlewareFunction, type RouterContext } from "react-router";
import resources from "~/locales";
import { RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LANG, LANG_COOKIE, LANGUAGES, isLang, isLocalizablePath, langFromPath, type Lang } from "~/lib/i18n";
import { I18N_SHARED_OPTIONS } from "~/locales/namespaces";

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
 * The language of a request (remix-i18next's detector, ADR 001): public pages take it from the URL
 * (Italian unprefixed, English under /en) and admin is always Italian (`findLocale`, "custom");
 * unlocalized pages (login) follow the saved choice (the cookie); then Italian. Never
 * Accept-Language: the same URL always renders the same language.
 */
const localeDetector = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANG,
    cookie: langCookie,
    order: ["custom", "cookie"],
    async findLocale(request) {
      const { pathname } = new URL(request.url);
      if (pathname === "/admin" || pathname.startsWith("/admin/")) return "it";
      return langFromPath(pathname) ?? (isLocalizablePath(pathname) ? DEFAULT_LANG : null);
    },
  },
});

async function findLocale(request: Request): Promise<Lang> {
  const lang = await localeDetector.getLocale(request);
  return isLang(lang) ? lang : DEFAULT_LANG;
}

const i18nOptions: InitOptions = {
  resources,
  fallbackLng: DEFAULT_LANG,
  ...I18N_SHARED_OPTIONS,
};

/**
 * One initialised i18next instance per language for the life of the process, shared by every
 * request in that language (remix-i18next's middleware built and initialised one per request,
 * about 5 % of a page's CPU). Nothing on the server changes an instance's language.
 */
const instances = new Map<Lang, Promise<i18n>>();
function instanceFor(lang: Lang): Promise<i18n> {
  let instance = instances.get(lang);
  if (!instance) {
    const created = createInstance(i18nOptions).use(initReactI18next);
    instance = created.init({ lng: lang }).then(() => created);
    instances.set(lang, instance);
  }
  return instance;
}

const localeContext = createContext<Lang>(DEFAULT_LANG);
const i18nextContext = createContext<i18n | null>(null);

type ContextReader = { get<T>(context: RouterContext<T>): T };

/** Sets the request's language and its (shared) i18next instance for loaders and the render. */
export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const lang = await findLocale(request);
  context.set(localeContext, lang);
  context.set(i18nextContext, await instanceFor(lang));
  return next();
};

export function getLocale(context: ContextReader): Lang {
  return context.get(localeContext);
}

export function getInstance(context: ContextReader): i18n {
  const instance = context.get(i18nextContext);
  if (!instance) throw new Error("i18next middleware has not run for this request");
  return instance;
}

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
      instance = createInstance({ ...i18nOptions, lng: lang, initAsync: false });
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
