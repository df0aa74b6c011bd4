import { createInstance, type i18n, type InitOptions, type TFunction } from "i18next";
import { createContext, createCookie, type MiddlewareFunction, type RouterContext } from "react-router";
import resources from "~/locales";
import { RemixI18Next } from "remix-i18next/server";
import { DEFAULT_LANG, LANG_COOKIE, LANGUAGES, isLang, isLocalizablePath, langFromPath, type Lang } from "~/lib/i18n";
import { NAMESPACES, type TextNamespace } from "~/locales/namespaces";
import type { Translations } from "~/lib/translation";

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
  defaultNS: "common",
  ns: [...NAMESPACES],
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  // i18next otherwise prints an advertisement in the server log and every visitor's console.
  showSupportNotice: false,
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
    const created = createInstance(i18nOptions);
    instance = created.init({ lng: lang }).then(() => rememberPlainTexts(created));
    instances.set(lang, instance);
  }
  return instance;
}

/** More than every key of app/locales (about 300 per language). */
const MAX_REMEMBERED_TEXTS = 2000;
/** What a `t` is at run time: a function (a fixed one carries its language, namespace and key prefix as properties). */
type AnyT = ((key: unknown, ...rest: unknown[]) => unknown) & Record<string, unknown>;

/** `t` that computes the text of a key asked for without options once, and the others as usual. */
function rememberingPlainTexts(t: AnyT): AnyT {
  const texts = new Map<string, unknown>();
  const remembering = (key: unknown, ...rest: unknown[]) => {
    if (typeof key !== "string" || rest.length > 0) return t(key, ...rest);
    let text = texts.get(key);
    if (text === undefined) {
      text = t(key);
      // Keys come from the code; the bound only guards against one ever made of a request's input.
      if (texts.size < MAX_REMEMBERED_TEXTS) texts.set(key, text);
    }
    return text;
  };
  // The properties i18next gives a fixed t (lng or lngs, ns, keyPrefix).
  return Object.assign(remembering, t);
}

/**
 * Makes the instance's `t` (loaders) and the fixed `t` components get (`useTranslation` asks for one
 * in every component, every render: `translationsOf` below) remember the text of every key asked for without
 * options: on the server an instance never changes language or texts, so `t("nav.home")` is the same
 * string for the life of the process. i18next builds and merges option objects on every call (several
 * microseconds each, 30-60 calls a page: about 7 % of a render). Calls with options (interpolation,
 * plurals) are made as usual.
 */
function rememberPlainTexts(instance: i18n): i18n {
  const getFixedT = instance.getFixedT.bind(instance);
  const fixedTs = new Map<string, AnyT>();
  const rememberingGetFixedT = (...args: Parameters<i18n["getFixedT"]>) => {
    const signature = JSON.stringify(args);
    let fixed = fixedTs.get(signature);
    if (!fixed) {
      fixed = rememberingPlainTexts(getFixedT(...args) as unknown as AnyT);
      fixedTs.set(signature, fixed);
    }
    return fixed;
  };
  instance.getFixedT = rememberingGetFixedT as unknown as i18n["getFixedT"];
  instance.t = rememberingPlainTexts(instance.t.bind(instance) as unknown as AnyT) as unknown as i18n["t"];
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

const translations = new WeakMap<i18n, Translations>();

/** What components read through `useTranslation` (app/lib/translation.tsx) while the server renders: i18next's texts. */
export function translationsOf(instance: i18n): Translations {
  let value = translations.get(instance);
  if (!value) {
    const lang = isLang(instance.language) ? instance.language : DEFAULT_LANG;
    value = {
      lang,
      fixedT: (ns: TextNamespace) => instance.getFixedT(null, ns) as TFunction<TextNamespace>,
      changeLanguage: () => undefined,
    };
    translations.set(instance, value);
  }
  return value;
}
