import type { ImageInfo } from "./images";

export type SearchType = "compositions" | "news" | "artDirection";

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
