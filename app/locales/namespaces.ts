import type { InitOptions } from "i18next";

/**
 * The i18next namespaces, for the server and the browser alike: `common` (layout, navigation,
 * errors, page titles) and `pages` (the texts of each public page, one file per feature under
 * `<lang>/pages/`). Its own module so the browser can import it (and the shared options below) without either
 * language's texts.
 */
const NAMESPACES = ["common", "pages"] as const;

/**
 * The i18next options the server and the browser share; each adds where its texts come from
 * (all of them on the server, the shown language in the browser) and its fallback.
 */
export const I18N_SHARED_OPTIONS = {
  defaultNS: "common",
  ns: [...NAMESPACES],
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  // i18next otherwise prints an advertisement in the server log and every visitor's console.
  showSupportNotice: false,
} satisfies InitOptions;
