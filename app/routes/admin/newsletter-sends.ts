import { data } from "react-router";
import type { Route } from "./+types/newsletter-sends";
import { getNewsBySlug } from "~/server/domain/news.server";
import { sendRows } from "~/server/views/newsletter-sends.server";

/**
 * Where the newsletter's sends stand (issue 37): what the admin's newsletter pages poll, with
 * JavaScript, while one is in coda or in corso; `?notizia=<slug>` for one news item's. Staff only, as
 * every admin route (the layout's middleware).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const slug = new URL(request.url).searchParams.get("notizia");
  const news = slug ? await getNewsBySlug(slug) : null;
  if (slug && !news) throw data("Contenuto non trovato", { status: 404 });
  return Response.json({ rows: await sendRows(news?.id) }, { headers: { "Cache-Control": "no-store" } });
}
