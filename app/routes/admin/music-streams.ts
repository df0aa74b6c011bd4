import { data } from "react-router";
import type { Route } from "./+types/music-streams";
import { getMusicBySlug } from "~/server/domain/music.server";
import { trackStreamRows } from "~/server/domain/track-streams.server";

/**
 * Where the streams of one composition's tracks stand (issue 35): what the edit page polls, with
 * JavaScript, while one is still in coda or in lavorazione. Staff only, as every admin route (the
 * layout's middleware).
 */
export async function loader({ params }: Route.LoaderArgs) {
  const music = await getMusicBySlug(params.slugMusic);
  if (!music) throw data("Contenuto non trovato", { status: 404 });
  return Response.json({ rows: await trackStreamRows(music.tracks) }, { headers: { "Cache-Control": "no-store" } });
}
