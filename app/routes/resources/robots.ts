import type { Route } from "./+types/robots";
import { publicOrigin } from "~/server/http/origin.server";

export function loader({ request }: Route.LoaderArgs) {
  const body = `User-agent: *\nDisallow: /admin\nDisallow: /api/\nDisallow: /login\nSitemap: ${publicOrigin(request)}/sitemap.xml\n`;
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
