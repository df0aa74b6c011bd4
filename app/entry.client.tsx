import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import type { Lang } from "~/lib/i18n";
import { BrowserTranslations, type LanguageTexts } from "~/lib/translation";

// The server chose the language; only its texts are loaded, the other language's when the
// visitor switches.
const lang: Lang = document.documentElement.lang === "en" ? "en" : "it";
const loadLanguage = (language: Lang): Promise<LanguageTexts> =>
  (language === "en" ? import("~/locales/en") : import("~/locales/it")).then((module) => module.default);

void loadLanguage(lang).then((texts) => {
  try {
    window.localStorage.setItem("isEnglish", String(lang === "en"));
  } catch {
    // storage disabled: nothing to mirror
  }
  startTransition(() => {
    hydrateRoot(
      document,
      <BrowserTranslations lang={lang} texts={texts} load={loadLanguage}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </BrowserTranslations>,
    );
  });
});
