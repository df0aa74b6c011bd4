import type { Route } from "./+types/sitemap";
import { localizePath } from "~/lib/i18n";
import { db } from "~/server/db.server";
import { publicOrigin } from "~/server/origin.server";

const STATIC_PAGES = ["/", "/bio", "/compositions", "/art-direction", "/portfolio", "/gallery", "/credits", "/contacts", "/news", "/privacy-policy", "/legal-notes", "/cookie-policy"];

/** Every public page in both languages, with its hreflang twin. */
export async function loader({ request }: Route.LoaderArgs) {
  const origin = publicOrigin(request);
  const [news, music] = await Promise.all([
    db.news.findMany({ select: { slug: true } }),
    db.music.findMany({ where: { link: null }, select: { slug: true, category: { select: { name: true } } } }),
  ]);
  const paths = [
    ...STATIC_PAGES,
    ...news.map((n) => `/news/${n.slug}`),
    ...music.map((m) => `/compositions/${encodeURIComponent(m.category.name.toLowerCase())}/${m.slug}`),
  ];
  const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const urls = paths.flatMap((p) =>
    (["it", "en"] as const).map(
      (lang) =>
        `<url><loc>${escape(origin + localizePath(p, lang))}</loc>` +
        `<xhtml:link rel="alternate" hreflang="it" href="${escape(origin + localizePath(p, "it"))}"/>` +
        `<xhtml:link rel="alternate" hreflang="en" href="${escape(origin + localizePath(p, "en"))}"/></url>`,
    ),
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls.join("")}</urlset>`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
