import type { Route } from "./+types/media";
import { isImageFormat } from "~/lib/images";
import { fileResponse, mediaDisposition, mimeTypeOf } from "~/server/file-response.server";
import { imageVariant } from "~/server/images.server";
import { MEDIA_PREFIX, publicMediaFilePath } from "~/server/storage.server";
import { storedFileDisplayName } from "~/server/uploads.server";

/** Uploaded and generated files (images, tracks, attachments) from UPLOADS_DIR. */
export async function loader({ request }: Route.LoaderArgs) {
  // The raw path, not the splat param: it is decoded once, by the guard that checks it.
  const { pathname, searchParams } = new URL(request.url);
  const relative = pathname.slice(MEDIA_PREFIX.length);
  const file = publicMediaFilePath(relative);
  if (!file) return new Response("Not found", { status: 404 });
  const width = Number(searchParams.get("w"));
  if (width) {
    // ?fm=avif asks for the AVIF variant; anything else but WebP (the default) is not made.
    const format = searchParams.get("fm") ?? "webp";
    const variant = isImageFormat(format) ? await imageVariant(file, width, format) : null;
    if (!variant) return new Response("Not found", { status: 404 });
    // The variant URL carries the source's name, so it is as cacheable as the source.
    return fileResponse(request, variant, contentAddressedCache(relative));
  }
  const mime = mimeTypeOf(file);
  const displayName = mime.startsWith("image/") || mime.startsWith("audio/") ? null : await storedFileDisplayName(`${MEDIA_PREFIX}${decodeURIComponent(relative)}`);
  return fileResponse(request, file, { "Content-Disposition": mediaDisposition(file, displayName) });
}

function contentAddressedCache(relative: string): Record<string, string> {
  return /(^|\/)[0-9a-f]{32}\.[a-z0-9]+$/.test(relative) ? { "Cache-Control": "public, max-age=31536000, immutable" } : {};
}
