/** A stored image with its intrinsic size (from app/server/images.server.ts imageInfo). */
export type ImageInfo = { src: string; width: number; height: number };

/** The widths the server makes WebP variants of (?w=N on a /media image URL). */
export const IMAGE_WIDTHS = [320, 480, 640, 960, 1280, 1920] as const;

export function variantUrl(src: string, width: number): string {
  return `${src}?w=${width}`;
}

/** srcset of WebP variants up to the image's own width. */
export function srcSetFor(image: ImageInfo): string | undefined {
  if (!image.src.startsWith("/media/")) return undefined;
  const widths = IMAGE_WIDTHS.filter((w) => w <= image.width);
  if (widths.length === 0 || widths[widths.length - 1] < image.width) widths.push(nearestWidth(image.width));
  return [...new Set(widths)].map((w) => `${variantUrl(image.src, w)} ${Math.min(w, image.width)}w`).join(", ");
}

function nearestWidth(width: number): (typeof IMAGE_WIDTHS)[number] {
  return IMAGE_WIDTHS.find((w) => w >= width) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
}
