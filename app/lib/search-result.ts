import type { ImageInfo } from "./images";

/** Compositions and news from their tables; the rest from the edited content (SPEC.md 2.14, issue 23). */
export type SearchType = "compositions" | "news" | "artDirection" | "bio" | "labels" | "credits" | "gallery" | "portfolio";

/** One search result card, already localised (SPEC.md 2.14). */
export type SearchResult = {
  key: string;
  type: SearchType;
  title: string;
  category: string;
  image: ImageInfo | null;
  href: string;
  external: boolean;
};
