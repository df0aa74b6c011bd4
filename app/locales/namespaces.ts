/**
 * The namespaces of the texts: `common` (layout, navigation, errors, page titles) and `pages` (the
 * texts of each public page, one file per feature under `<lang>/pages/`). Its own module so the
 * browser can import it without either language's texts.
 */
export const NAMESPACES = ["common", "pages"] as const;

export type TextNamespace = (typeof NAMESPACES)[number];
