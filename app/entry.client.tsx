import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import resources from "~/locales";

// The texts are small, so both languages ship with the bundle; the server chose the language.
const lang = document.documentElement.lang === "en" ? "en" : "it";

void i18next
  .use(initReactI18next)
  .init({
    resources,
    lng: lang,
    fallbackLng: "it",
    defaultNS: "common",
    ns: ["common", "public1", "public2"],
    interpolation: { escapeValue: false },
    // i18next otherwise prints an advertisement in every visitor's console.
    showSupportNotice: false,
  })
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
