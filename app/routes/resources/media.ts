import type { Route } from "./+types/media";
import { isImageFormat } from "~/lib/images";
import { fileResponse } from "~/server/file-response.server";
import { imageVariant } from "~/server/images.server";
import { mediaFilePath } from "~/server/storage.server";

/** Uploaded and generated files (images, tracks, attachments) from UPLOADS_DIR. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const relative = params["*"] ?? "";
  // Temporary uploads and cached variants are not public.
  if (relative.startsWith("tmp/") || relative.startsWith(".")) return new Response("Not found", { status: 404 });
  const file = mediaFilePath(relative);
  if (!file) return new Response("Not found", { status: 404 });
  const query = new URL(request.url).searchParams;
  const width = Number(query.get("w"));
  if (width) {
    // ?fm=avif asks for the AVIF variant; anything else but WebP (the default) is not made.
    const format = query.get("fm") ?? "webp";
    const variant = isImageFormat(format) ? await imageVariant(file, width, format) : null;
    if (!variant) return new Response("Not found", { status: 404 });
    // The variant URL carries the source's name, so it is as cacheable as the source.
    return fileResponse(request, variant, contentAddressedCache(relative));
  }
  const isAttachment = relative.startsWith("attachments/");
  return fileResponse(request, file, isAttachment ? { "Content-Disposition": "inline" } : {});
}

function contentAddressedCache(relative: string): Record<string, string> {
  return /(^|\/)[0-9a-f]{32}\.[a-z0-9]+$/.test(relative) ? { "Cache-Control": "public, max-age=31536000, immutable" } : {};
}
