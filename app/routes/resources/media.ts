import type { Route } from "./+types/media";
import { isImageFormat } from "~/lib/images";
import { fileResponse, isDownload, mediaDisposition } from "~/server/http/file-response.server";
import { imageVariant } from "~/server/storage/images.server";
import { MEDIA_PREFIX, isContentAddressed, publicKeyOf, urlOfKey } from "~/server/storage/file-store.server";
import { storedFileDisplayName } from "~/server/domain/uploads.server";
import { mediaAudience } from "~/server/http/preview.server";

/** Uploaded and generated files (images, tracks, attachments) from UPLOADS_DIR. */
export async function loader({ request }: Route.LoaderArgs) {
  // The raw path, not the splat param: it is decoded once, by the guard that checks it.
  const { pathname, searchParams } = new URL(request.url);
  const relative = pathname.slice(MEDIA_PREFIX.length);
  const key = publicKeyOf(relative);
  if (!key) return new Response("Not found", { status: 404 });
  // A file only draft or scheduled items use: staff and their preview links only, never cached (issue 24).
  const audience = await mediaAudience(request, key);
  if (!audience) return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  const privately: Record<string, string> = audience === "private" ? { "Cache-Control": "private, no-store" } : {};
  const width = Number(searchParams.get("w"));
  if (width) {
    // ?fm=avif asks for the AVIF variant; anything else but WebP (the default) is not made.
    const format = searchParams.get("fm") ?? "webp";
    const variant = isImageFormat(format) ? await imageVariant(key, width, format) : null;
    if (!variant) return new Response("Not found", { status: 404 });
    // The variant URL carries the source's name, so it is as cacheable as the source.
    return fileResponse(request, variant, { ...(isContentAddressed(key) ? { "Cache-Control": "public, max-age=31536000, immutable" } : {}), ...privately });
  }
  const displayName = isDownload(key) ? await storedFileDisplayName(urlOfKey(key)) : null;
  return fileResponse(request, key, { "Content-Disposition": mediaDisposition(key, displayName), ...privately });
}
