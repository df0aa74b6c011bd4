import type { Route } from "./+types/news-feed";
import { getInstance, getLang } from "~/server/platform/i18n.server";
import { newsFeedXml } from "~/server/views/news-feed.server";
import { publicOrigin } from "~/server/http/origin.server";

/** The news feed of the URL's language: /rss.xml (Italian) and /en/rss.xml (docs/feeds.md). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = getLang(context);
  const xml = await newsFeedXml(lang, publicOrigin(request), getInstance(context).t("siteDescription"));
  return new Response(xml, { headers: { "Content-Type": "application/rss+xml; charset=utf-8" } });
}
