import type { Route } from "./+types/sitemap";
import { localizePath } from "~/lib/i18n";
import { publicOrigin } from "~/server/http/origin.server";
import { sitemapEntries } from "~/server/views/sitemap.server";

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Every public page in both languages, each with its hreflang twins, x-default (Italian) and lastmod. */
export async function loader({ request }: Route.LoaderArgs) {
  const origin = publicOrigin(request);
  const entries = await sitemapEntries();
  const urls = entries.flatMap(({ path, lastmod }) => {
    const it = escapeXml(origin + localizePath(path, "it"));
    const en = escapeXml(origin + localizePath(path, "en"));
    const alternates =
      `<xhtml:link rel="alternate" hreflang="it" href="${it}"/>` +
      `<xhtml:link rel="alternate" hreflang="en" href="${en}"/>` +
      `<xhtml:link rel="alternate" hreflang="x-default" href="${it}"/>`;
    const modified = lastmod.toISOString().slice(0, 10);
    return [it, en].map((loc) => `<url><loc>${loc}</loc><lastmod>${modified}</lastmod>${alternates}</url>`);
  });
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
