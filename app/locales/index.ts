import type { Resource } from "i18next";
import itCommon from "./it/common";
import itPublic1 from "./it/public1";
import itPublic2 from "./it/public2";
import enCommon from "./en/common";
import enPublic1 from "./en/public1";
import enPublic2 from "./en/public2";

/**
 * Namespaces: `common` (layout, errors), `public1` (home, compositions, player, bio, news),
 * `public2` (art direction, credits, gallery, portfolio, contacts, search, legal, login).
 * Italian is the source of truth for keys; English must match it (checked by `satisfies`).
 * Admin screens are Italian only and keep their texts in code.
 */
const resources = {
  it: { common: itCommon, public1: itPublic1, public2: itPublic2 },
  en: { common: enCommon, public1: enPublic1, public2: enPublic2 },
} satisfies Resource;

export default resources;
