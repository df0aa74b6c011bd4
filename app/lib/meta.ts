import type { MetaDescriptor } from "react-router";
import type { RootData } from "./root-data";

/** For a page whose content gives no description (SEO: every page has one, in its language). */
const SITE_DESCRIPTION = {
  it: "Elena Marchetti, compositrice e sound designer: colonne sonore, musica da concerto, sound design e teatro.",
  en: "Elena Marchetti, composer and sound designer: film scores, concert music, sound design and theatre.",
};

type Matches = ReadonlyArray<{ id: string; data?: unknown } | undefined>;

/**
 * Title, description and Open Graph tags of a public page. Canonical and hreflang links are
 * added by the root layout for every page, so routes only describe themselves here.
 */
export function pageMeta(
  matches: Matches,
  page: { title: string; description?: string; image?: string | null; type?: "website" | "article" },
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
    { property: "og:site_name", content: siteName },
    { property: "og:locale", content: root?.lang === "en" ? "en_GB" : "it_IT" },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
  ];
  const description = page.description?.trim() || SITE_DESCRIPTION[root?.lang === "en" ? "en" : "it"];
  tags.push({ name: "description", content: description }, { property: "og:description", content: description });
  return tags;
}
