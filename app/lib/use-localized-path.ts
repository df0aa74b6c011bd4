import { useCallback } from "react";
import { localizePath } from "./i18n";
import { useLang } from "./root-data";

/** `to("/news")` gives "/news" on the Italian site and "/en/news" on the English one. */
export function useLocalizedPath() {
  const lang = useLang();
  return useCallback((path: string) => localizePath(path, lang), [lang]);
}
