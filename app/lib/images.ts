/**
 * A stored image with its intrinsic size and a tiny blurred placeholder (a data URI), from
 * app/server/storage/images.server.ts imageInfo.
 */
export type ImageInfo = { src: string; width: number; height: number; placeholder?: string; alt?: ImageAlt };

/** The alt texts staff wrote in the media library (/admin/media); absent when they wrote none. */
export type ImageAlt = { it: string; en: string; decorative: boolean };

/** Not decorative and an alt text missing in either language: what the media library's "senza testo alternativo" filter lists. */
export function lacksAlt(image: { altIt: string; altEn: string; decorative: boolean }): boolean {
  return !image.decorative && (!image.altIt.trim() || !image.altEn.trim());
}

/**
 * The `alt` of a picture on a page in `lang`: "" when the library marks it decorative, else the
 * library's text in that language (the other language's when only that one is written), else
 * `fallback`, what the page used before the library existed (the item's title, or "" where the
 * text beside the picture already names it).
 */
export function altText(image: ImageInfo, lang: "it" | "en", fallback: string): string {
  const alt = image.alt;
  if (!alt) return fallback;
  if (alt.decorative) return "";
  const [own, other] = lang === "en" ? [alt.en, alt.it] : [alt.it, alt.en];
  return own.trim() || other.trim() || fallback;
}

/** The picture types staff may upload (a file input's `accept`); the server checks the bytes (storage/file-types.server.ts). */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/gif";

/** The widths the server makes variants of (?w=N on a /media image URL). */
export const IMAGE_WIDTHS = [320, 480, 640, 960, 1280, 1920] as const;

/** The variant formats (?fm=avif; WebP without it): AVIF first in <picture>, WebP for the rest. */
export const IMAGE_FORMATS = ["webp", "avif"] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export function isImageFormat(value: string): value is ImageFormat {
  return (IMAGE_FORMATS as readonly string[]).includes(value);
}

/**
 * The slot of a card in `.card-grid` (components.css: 1, 2, 3 and 4 columns from 0, 768, 1200 and
 * 1400 px), for a card picture's `sizes`: the gallery, the works of an art direction category.
 */
export const CARD_GRID_SIZES = "(min-width: 1400px) 25vw, (min-width: 1200px) 33vw, (min-width: 768px) 50vw, 100vw";

export function variantUrl(src: string, width: number, format: ImageFormat = "webp"): string {
  return format === "webp" ? `${src}?w=${width}` : `${src}?w=${width}&fm=${format}`;
}

/** srcset of variants up to the image's own width. */
export function srcSetFor(image: ImageInfo, format: ImageFormat = "webp"): string | undefined {
  if (!image.src.startsWith("/media/")) return undefined;
  const widths: number[] = IMAGE_WIDTHS.filter((w) => w <= image.width);
  const largest = widths.at(-1);
  if (largest === undefined || largest < image.width) widths.push(nearestWidth(image.width));
  return [...new Set(widths)].map((w) => `${variantUrl(image.src, w, format)} ${Math.min(w, image.width)}w`).join(", ");
}

function nearestWidth(width: number): number {
  return IMAGE_WIDTHS.find((w) => w >= width) ?? Math.max(...IMAGE_WIDTHS);
}
