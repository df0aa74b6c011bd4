import type { Resource } from "i18next";
import en from "./en";
import it from "./it";

/**
 * Namespaces (see namespaces.ts): `common` (layout, errors) and `pages` (the public pages' texts, by feature).
 * Italian is the source of truth for keys; English must match it (checked by `satisfies`).
 * Admin screens are Italian only and keep their texts in code.
 */
const resources = { it, en } satisfies Resource;

export default resources;
