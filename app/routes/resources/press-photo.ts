import { create as contentDisposition } from "content-disposition";
import type { Route } from "./+types/press-photo";
import { fileResponse } from "~/server/http/file-response.server";
import { pressPhotoDownload } from "~/server/views/press-kit.server";

/** A press photo's full-resolution original without its metadata, as a download (issue 38). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const id = Number(params.photoId);
  const photo = Number.isSafeInteger(id) && String(id) === params.photoId ? await pressPhotoDownload(id) : null;
  if (!photo) return new Response("Not found", { status: 404 });
  return fileResponse(request, photo.key, { "Content-Disposition": contentDisposition(photo.fileName, { type: "attachment" }) });
}
