import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { IMAGE_WIDTHS, type ImageInfo } from "~/lib/images";
import { mediaFilePath, uploadsDir, writeFileAtomic } from "./storage.server";

const sizeCache = new Map<string, { width: number; height: number }>();

/**
 * src plus intrinsic width and height of a stored image, so pages can give <img> its
 * dimensions (no layout shift). Reads only the file header, and remembers it.
 */
export async function imageInfo(src: string | null | undefined): Promise<ImageInfo | null> {
  if (!src) return null;
  const cached = sizeCache.get(src);
  if (cached) return { src, ...cached };
  const file = mediaFilePath(src);
  if (!file) return null;
  try {
    const meta = await sharp(file).metadata();
    if (!meta.width || !meta.height) return null;
    const size = { width: meta.width, height: meta.height };
    sizeCache.set(src, size);
    return { src, ...size };
  } catch {
    return null;
  }
}

function isImageFile(file: string) {
  return /\.(jpe?g|png|webp|avif|gif)$/i.test(file);
}

/**
 * A resized WebP of a stored image, made once and kept under UPLOADS_DIR/.variants.
 * Only the widths of IMAGE_WIDTHS are made, so a client cannot fill the disk with sizes.
 */
export async function imageVariant(file: string, width: number): Promise<string | null> {
  if (!isImageFile(file) || !IMAGE_WIDTHS.includes(width as (typeof IMAGE_WIDTHS)[number])) return null;
  const relative = path.relative(uploadsDir(), file);
  const variant = path.join(uploadsDir(), ".variants", relative, `${width}.webp`);
  try {
    await fs.access(variant);
    return variant;
  } catch {
    try {
      const output = await sharp(file).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
      await writeFileAtomic(variant, output);
      return variant;
    } catch {
      return null;
    }
  }
}
