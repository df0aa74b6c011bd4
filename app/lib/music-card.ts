import type { ImageInfo } from "./images";

/** What a card (carousel, index, category page) shows of a composition, already localised. */
export type MusicCardData = {
  slug: string;
  title: string;
  categoryName: string;
  categoryLabel: string;
  /** The detail page, or the external link (then `external` is true). */
  href: string;
  external: boolean;
  image: ImageInfo | null;
  /** With the waveform and loudness of a ready stream (the player draws and levels them). */
  tracks: { musicId: number; trackId: number; name: string; url: string; peaksUrl: string | null; loudnessLufs: number | null }[];
  /** The original video URL (the no-JavaScript fallback) and its embeddable form. */
  video: { url: string; embedUrl: string } | null;
};

export type MusicCategoryData = { key: string; name: string; label: string };
