import type { Resource } from "i18next";
import en from "./en";
import it from "./it";

/**
 * Namespaces: `common` (layout, errors), `public1` (home, compositions, player, bio, news),
 * `public2` (art direction, credits, gallery, portfolio, contacts, search, legal, login).
 * Italian is the source of truth for keys; English must match it (checked by `satisfies`).
 * Admin screens are Italian only and keep their texts in code.
 */
const resources = { it, en } satisfies Resource;

export default resources;
