import type { MusicCardData, MusicCategoryData } from "~/lib/music-card";
import { localized, localizePath, type Lang } from "~/lib/i18n";
import { categoryKey, compositionPath, externalHref } from "~/lib/music-links";
import { videoEmbed } from "~/lib/video";
import { listCategories, type CategoryRow } from "./categories.server";
import { imageInfo } from "./images.server";
import { listMusic, type MusicItem } from "./music.server";

export type { MusicCardData, MusicCategoryData };

export function musicVideo(videos: string | null): MusicCardData["video"] {
  if (!videos?.trim()) return null;
  const embed = videoEmbed(videos);
  return embed ? { url: externalHref(videos), embedUrl: embed.embedUrl } : null;
}

export async function musicCard(item: MusicItem, lang: Lang): Promise<MusicCardData> {
  const link = item.link?.trim();
  return {
    slug: item.slug,
    title: localized(item, "title", lang),
    categoryName: item.category.name,
    categoryLabel: localized(item.category, "name", lang),
    href: link ? externalHref(link) : localizePath(compositionPath(item.category.name, item.slug), lang),
    external: Boolean(link),
    image: await imageInfo(item.img),
    // Cards play tracks but never show their lengths: names and URLs only.
    tracks: link ? [] : item.tracks.map(({ name, url }) => ({ name, url })),
    video: link ? null : musicVideo(item.videos),
  };
}

export function musicCards(items: MusicItem[], lang: Lang): Promise<MusicCardData[]> {
  return Promise.all(items.map((item) => musicCard(item, lang)));
}

export function toCategoryData(category: CategoryRow, lang: Lang): MusicCategoryData {
  return { key: categoryKey(category.name), name: category.name, label: localized(category, "name", lang) };
}

/** Music categories (creation order) and every composition, newest first. */
export async function musicCatalogue(lang: Lang) {
  const [categories, items] = await Promise.all([listCategories("music"), listMusic()]);
  const cards = await musicCards(items, lang);
  return { categories: categories.map((c) => toCategoryData(c, lang)), cards };
}

/** The music category a URL segment names ("colonne%20sonore", "colonne-sonore", any case), or null. */
export async function findMusicCategory(segment: string): Promise<CategoryRow | null> {
  const wanted = categoryKey(segment);
  const categories = await listCategories("music");
  return categories.find((c) => categoryKey(c.name) === wanted) ?? null;
}

export const DEFAULT_MUSIC_CATEGORY = "COLONNE SONORE";
