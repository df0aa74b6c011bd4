import type { Readable } from "node:stream";
import sharp, { type Metadata } from "sharp";
import { IMAGE_FORMATS, IMAGE_WIDTHS, type ImageAlt, type ImageFormat, type ImageInfo } from "~/lib/images";
import { db } from "./db.server";
import { type ByteRange, derivedKey, keyOfUrl } from "./file-store.server";
import { untilContentChanged } from "./read-cache.server";
import { fileStore } from "./storage.server";

const infoCache = new Map<string, Omit<ImageInfo, "src">>();

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The bytes of a stored key (images are at most 10 MB; `range` reads only part), or null when it is missing. */
async function readStored(key: string, range?: ByteRange): Promise<Buffer | null> {
  const file = await fileStore().open(key, range);
  return file ? readAll(file.stream) : null;
}

/** Width, height and orientation sit in the first bytes of JPEG, PNG, GIF and WebP files; the whole file is read only when they do not. */
async function imageMetadata(key: string): Promise<Metadata | null> {
  const head = await readStored(key, { start: 0, end: HEADER_BYTES - 1 });
  if (!head) return null;
  const fromHead = await sharp(head)
    .metadata()
    .catch(() => null);
  if (fromHead?.width && fromHead.height) return fromHead;
  const whole = head.length < HEADER_BYTES ? head : await readStored(key);
  return whole ? sharp(whole).metadata() : null;
}
const HEADER_BYTES = 64 * 1024;

/**
 * src, intrinsic width and height (so <img> reserves its box: no layout shift) and a tiny
 * blurred placeholder of a stored image. Reads the image and the placeholder's derived file
 * once, then remembers them.
 */
export async function imageInfo(src: string | null | undefined): Promise<ImageInfo | null> {
  if (!src) return null;
  const key = keyOfUrl(src);
  const cached = infoCache.get(src);
  if (cached) return withAlt({ src, ...cached }, key);
  if (!key) return null;
  try {
    const meta = await imageMetadata(key);
    if (!meta?.width || !meta.height) return null;
    // EXIF-rotated photos are served upright (variants call rotate()), so their box is too.
    const upright = (meta.orientation ?? 1) >= 5;
    const info = {
      width: upright ? meta.height : meta.width,
      height: upright ? meta.width : meta.height,
      placeholder: (await imagePlaceholder(key)) ?? undefined,
    };
    infoCache.set(src, info);
    return withAlt({ src, ...info }, key);
  } catch {
    return null;
  }
}

/** The alt texts of the media library (MediaImage rows) by store key, kept until the content next changes. */
function libraryAlts(): Promise<Map<string, ImageAlt>> {
  return untilContentChanged("media:alts", async () => {
    const rows = await db.mediaImage.findMany({ select: { key: true, altIt: true, altEn: true, decorative: true } });
    return new Map(rows.map((row) => [row.key, { it: row.altIt, en: row.altEn, decorative: row.decorative }]));
  });
}

async function withAlt(info: ImageInfo, key: string | null): Promise<ImageInfo> {
  const alt = key ? (await libraryAlts()).get(key) : undefined;
  return alt ? { ...info, alt } : info;
}

/**
 * A blurred 16-pixel-wide WebP of the image as a data URI (a few hundred bytes), shown as the
 * <img> background until the picture arrives. Made once, when the image is stored (seed) or
 * first shown (uploads), and kept as a derived file of the image (removed with it).
 */
async function imagePlaceholder(key: string): Promise<string | null> {
  if (!isImageKey(key)) return null;
  const sidecar = derivedKey(key, "placeholder.txt");
  const kept = await readStored(sidecar);
  if (kept) return kept.toString("utf8");
  try {
    const bytes = await readStored(key);
    if (!bytes) return null;
    const tiny = await sharp(bytes).rotate().resize({ width: 16, height: 16, fit: "inside" }).blur(0.6).webp({ quality: 40 }).toBuffer();
    const uri = `data:image/webp;base64,${tiny.toString("base64")}`;
    await fileStore().write(sidecar, Buffer.from(uri));
    return uri;
  } catch {
    return null;
  }
}

function isImageKey(key: string) {
  return /\.(jpe?g|png|webp|avif|gif)$/i.test(key);
}

/**
 * The key of a resized WebP or AVIF of a stored image, made once and kept as a derived file of it.
 * Only the widths of IMAGE_WIDTHS and the formats of IMAGE_FORMATS are made, so a client cannot
 * fill the disk with variants.
 */
export async function imageVariant(key: string, width: number, format: ImageFormat = "webp"): Promise<string | null> {
  if (!isImageKey(key) || !IMAGE_WIDTHS.includes(width as (typeof IMAGE_WIDTHS)[number]) || !IMAGE_FORMATS.includes(format)) return null;
  const variant = derivedKey(key, `${width}.${format}`);
  if (await fileStore().exists(variant)) return variant;
  try {
    const source = await readStored(key);
    if (!source) return null;
    const resized = sharp(source).rotate().resize({ width, withoutEnlargement: true });
    // AVIF at effort 2: about a third smaller than WebP at the same look, and 5x quicker to
    // make than the default effort 4 (the first visit of a page makes its variants).
    const output = await (format === "avif" ? resized.avif({ quality: 50, effort: 2 }) : resized.webp({ quality: 78 })).toBuffer();
    await fileStore().write(variant, output);
    return variant;
  } catch {
    return null;
  }
}

/**
 * The key of a stored image's full-resolution original without its metadata (issue 38: a press photo
 * a journalist downloads), made once and kept as a derived file of it. Uploads are re-encoded without
 * EXIF when stored (uploads.server.ts), but pictures of earlier releases and files put in the store by
 * hand may keep theirs (camera, GPS, author): those are re-encoded upright at high quality; a file with
 * none is copied byte for byte, so nothing is lost to a second encoding. Null when it is not an image.
 */
export async function imageWithoutMetadata(key: string): Promise<string | null> {
  if (!isImageKey(key)) return null;
  const ext = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
  const clean = derivedKey(key, `original.${ext}`);
  if (await fileStore().exists(clean)) return clean;
  try {
    const source = await readStored(key);
    if (!source) return null;
    const meta = await sharp(source).metadata();
    const carries = Boolean(meta.exif || meta.xmp || meta.iptc || meta.comments?.length || (meta.orientation ?? 1) !== 1);
    // rotate() applies the EXIF orientation first, so the picture stays upright once the tag is gone.
    const output = carries
      ? await sharp(source, { animated: meta.pages !== undefined && meta.pages > 1 })
          .rotate()
          .toFormat(meta.format ?? "jpeg", { quality: 92 })
          .toBuffer()
      : source;
    await fileStore().write(clean, output);
    return clean;
  } catch {
    return null;
  }
}
