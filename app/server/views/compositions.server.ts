import type { MusicCardData, MusicCategoryData } from "~/lib/music-card";
import { localized, type Lang } from "~/lib/i18n";
import { categoryKey, compositionPath, externalHref } from "~/lib/paths";
import { videoEmbed } from "~/lib/video";
import type { Prisma } from "~/generated/prisma/client";
import { categoriesOfType, categoryIdsNamed, findCategoryByName, type CategoryRow } from "../domain/categories.server";
import { imageInfo } from "../storage/images.server";
import { findMusic, type MusicTrackItem } from "../domain/music.server";
import { playableUrl } from "../domain/track-streams.server";
import { untilContentChanged } from "../storage/read-cache.server";

export type { MusicCardData, MusicCategoryData };

/** The tracks a page plays: the stream once ready, else the master (domain/track-streams.server.ts). */
export function playableTracks(musicId: number, tracks: MusicTrackItem[], lang: Lang): PlayableTrack[] {
  return tracks.map((track) => ({
    ...playIds(musicId, track.id),
    name: localized(track, "name", lang),
    url: playableUrl(track),
    durationSeconds: track.durationSeconds,
    ...levellingOf(track),
  }));
}

/** What the player reports a listening of (POST /api/stats/play/, issue 38). */
function playIds(musicId: number, trackId: number) {
  return { musicId, trackId };
}

/** The waveform and loudness the player uses: only once the stream is ready (the master is played as is until then). */
function levellingOf(track: { streamState: string; peaksUrl: string | null; loudnessLufs: number | null }) {
  const ready = track.streamState === "ready";
  return { peaksUrl: ready ? track.peaksUrl : null, loudnessLufs: ready ? track.loudnessLufs : null };
}

/** A track as the composition page and its player get it (the name in the page's language). */
export type PlayableTrack = {
  musicId: number;
  trackId: number;
  name: string;
  url: string;
  durationSeconds: number | null;
  peaksUrl: string | null;
  loudnessLufs: number | null;
};

export function musicVideo(videos: string | null): MusicCardData["video"] {
  if (!videos?.trim()) return null;
  const embed = videoEmbed(videos);
  return embed ? { url: externalHref(videos) ?? "#", embedUrl: embed.embedUrl } : null;
}

/** What a card shows of a composition: no description, date or track lengths. */
const musicCardSelect = {
  id: true,
  slug: true,
  title: true,
  titleEng: true,
  img: true,
  link: true,
  videos: true,
  category: { select: { name: true, nameEng: true } },
  tracks: {
    select: { id: true, name: true, nameEng: true, url: true, streamUrl: true, streamState: true, peaksUrl: true, loudnessLufs: true },
    orderBy: { position: "asc" },
  },
} as const satisfies Prisma.MusicSelect;

type MusicCardRow = Prisma.MusicGetPayload<{ select: typeof musicCardSelect }>;

async function musicCard(item: MusicCardRow, lang: Lang): Promise<MusicCardData> {
  const link = item.link?.trim();
  return {
    slug: item.slug,
    title: localized(item, "title", lang),
    categoryName: item.category.name,
    categoryLabel: localized(item.category, "name", lang),
    href: link ? (externalHref(link) ?? "#") : compositionPath(item.category.name, item.slug, lang),
    external: Boolean(link),
    image: await imageInfo(item.img),
    // Cards play tracks but never show their lengths: names and URLs only (musicCardSelect).
    tracks: link
      ? []
      : item.tracks.map((track) => ({ ...playIds(item.id, track.id), name: localized(track, "name", lang), url: playableUrl(track), ...levellingOf(track) })),
    video: link ? null : musicVideo(item.videos),
  };
}

function musicCards(items: MusicCardRow[], lang: Lang): Promise<MusicCardData[]> {
  return Promise.all(items.map((item) => musicCard(item, lang)));
}

function toCategoryData(category: CategoryRow, lang: Lang): MusicCategoryData {
  return { key: categoryKey(category.name), name: category.name, label: localized(category, "name", lang) };
}

/** Music categories (creation order) and every composition, newest first. Kept until the content changes (shared: do not mutate). */
export function musicCatalogue(lang: Lang): Promise<{ categories: MusicCategoryData[]; cards: MusicCardData[] }> {
  return untilContentChanged(`music-catalogue:${lang}`, async () => {
    const [categories, items] = await Promise.all([categoriesOfType("music"), findMusic({}, musicCardSelect)]);
    const cards = await musicCards(items, lang);
    return { categories: categories.map((c) => toCategoryData(c, lang)), cards };
  });
}

/** The music category a URL segment names ("colonne%20sonore", "colonne-sonore", any case), or null. */
export function findMusicCategory(segment: string): Promise<CategoryRow | null> {
  return findCategoryByName("music", segment);
}

/** The compositions of a music category page: those of every category with its name, newest first. */
export async function categoryCards(category: CategoryRow, lang: Lang): Promise<MusicCardData[]> {
  const rows = await findMusic({ filter: { categoryIds: await categoryIdsNamed(category.name) } }, musicCardSelect);
  return musicCards(rows, lang);
}

/** SPEC.md 2.6 / 9: the compositions index shows at most this many items per category, then Explore. */
const ITEMS_PER_CATEGORY = 4;

/** /compositions: each music category with items (creation order) and its newest few. Kept until the content changes (shared: do not mutate). */
export function compositionsOverview(lang: Lang): Promise<(MusicCategoryData & { items: MusicCardData[] })[]> {
  return untilContentChanged(`compositions-overview:${lang}`, async () => {
    const all = await categoriesOfType();
    const groups = await Promise.all(
      all
        .filter((category) => category.type === "music")
        .map(async (category) => {
          const filter = { categoryIds: all.filter((c) => categoryKey(c.name) === categoryKey(category.name)).map((c) => c.id) };
          const rows = await findMusic({ filter, size: ITEMS_PER_CATEGORY }, musicCardSelect);
          return { ...toCategoryData(category, lang), items: await musicCards(rows, lang) };
        }),
    );
    return groups.filter((group) => group.items.length > 0);
  });
}

/** The home page's pill selected when the URL names none (SPEC.md 2.5). */
const DEFAULT_MUSIC_CATEGORY = "COLONNE SONORE";

/**
 * The pills of the home page's compositions browser: the music categories with items, and the
 * one selected by `?category=` (no JavaScript), else the default, else the first.
 */
export function compositionsBrowser(catalogue: { categories: MusicCategoryData[]; cards: MusicCardData[] }, requested: string | null) {
  const categories = catalogue.categories.filter((c) => catalogue.cards.some((card) => categoryKey(card.categoryName) === c.key));
  const wanted = categoryKey(requested || DEFAULT_MUSIC_CATEGORY);
  const selected = categories.find((c) => c.key === wanted)?.key ?? categories[0]?.key ?? null;
  return { categories, selected };
}
