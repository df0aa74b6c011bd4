import type { Route } from "./+types/score-original";
import { getMusicBySlug } from "~/server/domain/music.server";
import { requireStaff } from "~/server/domain/session.server";
import { fileResponse } from "~/server/http/file-response.server";
import { keyOfUrl } from "~/server/storage/file-store.server";

/**
 * Issue 36: the original of a composition's perusal score, as it was uploaded (no watermark), for
 * staff only. /media never serves scores/ (storage/file-store.server.ts), so this is its one door.
 * A resource route: the admin layout's guard does not run for it, hence its own.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const music = await getMusicBySlug(params.slugMusic);
  const key = keyOfUrl(music?.scoreOriginal);
  if (!music || !key) return new Response("Not found", { status: 404, headers: { "Cache-Control": "private, no-store" } });
  return fileResponse(request, key, {
    "Cache-Control": "private, no-store",
    "Content-Disposition": `attachment; filename="${music.slug}-originale.pdf"`,
  });
}
