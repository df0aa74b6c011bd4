import i18next, { type BackendModule, type ResourceLanguage } from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { I18N_SHARED_OPTIONS } from "~/locales/namespaces";

// The server chose the language; only its texts are loaded, the other language's when the
// visitor switches (i18next asks this backend for the namespaces it lacks).
const lang = document.documentElement.lang === "en" ? "en" : "it";
const loadLanguage = (language: string): Promise<ResourceLanguage> =>
  (language === "en" ? import("~/locales/en") : import("~/locales/it")).then((module) => module.default);
const lazyLanguages: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    loadLanguage(language).then(
      (texts) => callback(null, texts[namespace] as never),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

void loadLanguage(lang)
  .then((texts) =>
    i18next
      .use(initReactI18next)
      .use(lazyLanguages)
      .init({
        resources: { [lang]: texts },
        partialBundledLanguages: true,
        lng: lang,
        fallbackLng: false,
        ...I18N_SHARED_OPTIONS,
      }),
  )
  .then(() => {
    try {
      window.localStorage.setItem("isEnglish", String(lang === "en"));
    } catch {
      // storage disabled: nothing to mirror
    }
    startTransition(() => {
      hydrateRoot(
        document,
        <I18nextProvider i18n={i18next}>
          <StrictMode>
            <HydratedRouter />
          </StrictMode>
        </I18nextProvider>,
      );
    });
  });
