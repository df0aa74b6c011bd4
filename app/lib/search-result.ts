import type { ImageInfo } from "./images";

/** Compositions, news and concerts from their tables; the rest from the edited content (SPEC.md 2.14, issues 23 and 36). */
export type SearchType = "compositions" | "news" | "events" | "artDirection" | "bio" | "labels" | "credits" | "gallery" | "portfolio";

/** One search result card, already localised (SPEC.md 2.14). */
export type SearchResult = {
  key: string;
  type: SearchType;
  title: string;
  category: string;
  image: ImageInfo | null;
  href: string;
  external: boolean;
  /** A concert's start (ISO 8601) and its day in the page's language, Rome time. */
  when?: { iso: string; day: string };
};
