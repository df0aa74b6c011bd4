import type { MetaDescriptor } from "react-router";
import { localizePath } from "./i18n";
import { srcSetFor, type ImageInfo } from "./images";
import { pagePath } from "./paths";
import type { RootData } from "./root-data";

/** For a page whose content gives no description (SEO: every page has one, in its language). */
const SITE_DESCRIPTION = {
  it: "Elena Marchetti, compositrice e sound designer: colonne sonore, musica da concerto, sound design e teatro.",
  en: "Elena Marchetti, composer and sound designer: film scores, concert music, sound design and theatre.",
};

type Matches = ReadonlyArray<{ id: string; data?: unknown; pathname?: string } | undefined>;

/** og:type: pages are websites, news items articles, compositions albums (Open Graph music vertical). */
export type OgType = "website" | "article" | "music.album";

/**
 * Title, description and Open Graph tags of a public page. Canonical and hreflang links are
 * added by the root layout for every page, so routes only describe themselves here.
 */
export function pageMeta(
  matches: Matches,
  page: {
    title: string;
    description?: string;
    image?: string | null;
    type?: OgType;
    /**
     * The picture the page shows first and largest (its largest paint on a phone), with the `sizes`
     * of its <Picture>: preloaded from the head, so the browser asks for it before it has read the
     * inline stylesheet and the markup above the <img>. Same AVIF candidates and sizes as the
     * <Picture>'s <source>, so both are one request; a browser without AVIF skips it by its type.
     */
    firstPicture?: { image: ImageInfo | null | undefined; sizes: string };
  },
): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === "root")?.data as RootData | undefined;
  const siteName = "Elena Marchetti";
  const title = page.title === siteName ? siteName : `${page.title} | ${siteName}`;
  const origin = root?.origin ?? "";
  const image = page.image ? (page.image.startsWith("http") ? page.image : `${origin}${page.image}`) : `${origin}/media/content/hero-1.jpg`;
  const tags: MetaDescriptor[] = [
    { title },
    { property: "og:title", content: title },
    { property: "og:type", content: page.type ?? "website" },
    // Route match paths are decoded ("colonne sonore"); the URL is the canonical, encoded one.
    { property: "og:url", content: `${origin}${encodeURI(localizePath(matches.at(-1)?.pathname ?? "/", root?.lang ?? "it"))}` },
    { property: "og:site_name", content: siteName },
    { property: "og:locale", content: root?.lang === "en" ? "en_GB" : "it_IT" },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    // The news feed in the page's language (app/routes/resources/news-feed.ts)
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: newsFeedTitle(root?.lang ?? "it"),
      href: `${origin}${newsFeedPath(root?.lang ?? "it")}`,
    },
  ];
  const description = page.description?.trim() || SITE_DESCRIPTION[root?.lang === "en" ? "en" : "it"];
  tags.push({ name: "description", content: description }, { property: "og:description", content: description });
  const first = page.firstPicture?.image;
  const candidates = first ? srcSetFor(first, "avif") : undefined;
  if (first && candidates) {
    tags.push({
      tagName: "link",
      rel: "preload",
      as: "image",
      type: "image/avif",
      href: first.src,
      imageSrcSet: candidates,
      imageSizes: page.firstPicture?.sizes,
      fetchPriority: "high",
    });
  }
  return tags;
}

/** The stable URL of the news feed of a language: /rss.xml (Italian) and /en/rss.xml. */
export function newsFeedPath(lang: "it" | "en"): string {
  return pagePath("newsFeed", lang);
}

export function newsFeedTitle(lang: "it" | "en"): string {
  return `Elena Marchetti – ${lang === "en" ? "News" : "Notizie"}`;
}
