import type { Route } from "./+types/media";
import { fileResponse } from "~/server/file-response.server";
import { mediaFilePath } from "~/server/storage.server";

/** Uploaded and generated files (images, tracks, attachments) from UPLOADS_DIR. */
export function loader({ request, params }: Route.LoaderArgs) {
  const relative = params["*"] ?? "";
  // Temporary uploads and cached variants are not public.
  if (relative.startsWith("tmp/") || relative.startsWith(".")) return new Response("Not found", { status: 404 });
  const file = mediaFilePath(relative);
  if (!file) return new Response("Not found", { status: 404 });
  const isAttachment = relative.startsWith("attachments/");
  return fileResponse(request, file, isAttachment ? { "Content-Disposition": "inline" } : {});
}
