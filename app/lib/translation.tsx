import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from "react";
import type { TFunction } from "i18next";
import type { Lang } from "~/lib/i18n";
import type { TextNamespace } from "~/locales/namespaces";

/**
 * The texts components show, in the page's language (ADR 041). The server renders them with
 * i18next (app/server/platform/i18n.server.ts); the browser reads the same texts with `translate`
 * below, so it does not load i18next (12 KB of first-load JavaScript, issue 33). `translate`
 * covers what app/locales uses: nested keys, `{{name}}` interpolation (unescaped: React escapes),
 * plurals by `count` (`_one`, `_other`...). tests/unit/translation.test.ts checks that it gives
 * i18next's text for every key of both languages.
 */
export type Translations = {
  lang: Lang;
  /** The `t` of a namespace: the same function for the same language, so effects can depend on it. */
  fixedT(ns: TextNamespace): TFunction<TextNamespace>;
  /** Shows the site in `lang` (the browser fetches its texts first, when it does not have them). */
  changeLanguage(lang: Lang): void;
};

const TranslationsContext = createContext<Translations | null>(null);

export const TranslationsProvider = TranslationsContext.Provider;

export function useTranslation<Ns extends TextNamespace = "common">(ns?: Ns): { t: TFunction<Ns>; lang: Lang } {
  const translations = useContext(TranslationsContext);
  if (!translations) throw new Error("useTranslation outside TranslationsProvider");
  return { t: translations.fixedT(ns ?? "common") as unknown as TFunction<Ns>, lang: translations.lang };
}

/** Shows the site in another language (root.tsx follows the language of the route). */
export function useChangeLanguage(): (lang: Lang) => void {
  const translations = useContext(TranslationsContext);
  if (!translations) throw new Error("useChangeLanguage outside TranslationsProvider");
  return translations.changeLanguage;
}

type TextTree = { readonly [key: string]: string | TextTree };
/** One language's texts, by namespace (app/locales/<lang>). */
export type LanguageTexts = Readonly<Record<TextNamespace, TextTree>>;

function lookup(tree: TextTree | undefined, key: string): string | undefined {
  let node: string | TextTree | undefined = tree;
  for (const part of key.split(".")) {
    if (node === undefined || typeof node === "string") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(lang: string, count: number): string {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  return rules.select(count);
}

/**
 * The text of `key` in a namespace's texts, as i18next gives it: the plural form for `count` when
 * there is one, `{{name}}` replaced by `options.name` (a name not given is left as written), the key
 * itself when there is no text.
 */
export function translate(lang: string, tree: TextTree | undefined, key: string, options?: Record<string, unknown>): string {
  const count = options?.count;
  // i18next's rule: any `count` but a string picks a plural form.
  const plural = count !== undefined && typeof count !== "string" ? lookup(tree, `${key}_${pluralCategory(lang, Number(count))}`) : undefined;
  const text = plural ?? lookup(tree, key);
  if (text === undefined) return key;
  if (!options) return text;
  return text.replace(/{{(.+?)}}/g, (written, name: string) => {
    const value = options[name.trim()];
    if (value === undefined) return Object.hasOwn(options, name.trim()) ? "" : written;
    return value === null ? "" : String(value);
  });
}

/**
 * The browser's texts: the language the server rendered (`texts`, loaded before hydration) and,
 * once the visitor switches, the other one (`load`). Until the new language's texts arrive the page
 * keeps showing the current ones, as i18next did.
 */
export function BrowserTranslations({
  lang: initialLang,
  texts: initialTexts,
  load,
  children,
}: {
  lang: Lang;
  texts: LanguageTexts;
  load: (lang: Lang) => Promise<LanguageTexts>;
  children: ReactNode;
}) {
  const [shown, setShown] = useState({ lang: initialLang, texts: initialTexts });
  const loaded = useRef(new Map<Lang, LanguageTexts>([[initialLang, initialTexts]]));
  // The last language asked for: texts that arrive after the visitor switched again are kept, not shown.
  const wanted = useRef(initialLang);
  const changeLanguage = useCallback(
    (lang: Lang) => {
      wanted.current = lang;
      const texts = loaded.current.get(lang);
      if (texts) {
        setShown({ lang, texts });
        return;
      }
      load(lang).then(
        (fetched) => {
          loaded.current.set(lang, fetched);
          if (wanted.current === lang) setShown({ lang, texts: fetched });
        },
        () => undefined,
      );
    },
    [load],
  );
  const value = useMemo<Translations>(() => {
    const fixedTs = new Map<TextNamespace, TFunction<TextNamespace>>();
    return {
      lang: shown.lang,
      fixedT(ns) {
        let t = fixedTs.get(ns);
        if (!t) {
          t = ((key: string, options?: Record<string, unknown>) => translate(shown.lang, shown.texts[ns], key, options)) as unknown as TFunction<TextNamespace>;
          fixedTs.set(ns, t);
        }
        return t;
      },
      changeLanguage,
    };
  }, [shown, changeLanguage]);
  return <TranslationsProvider value={value}>{children}</TranslationsProvider>;
}
