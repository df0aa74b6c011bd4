import fs from "node:fs";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { row, rows, run } from "../support/db";
import { appPerFile } from "../support/in-process";

const server = appPerFile();

type Alternate = { "@_rel": string; "@_hreflang": string; "@_href": string };
type SitemapUrl = { loc: string; lastmod: string; "xhtml:link": Alternate[] };

async function sitemap(): Promise<SitemapUrl[]> {
  const res = await fetch(`${server.url}/sitemap.xml`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
  const xml = await res.text();
  expect(XMLValidator.validate(xml)).toBe(true);
  const parsed = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === "url" || name === "xhtml:link" }).parse(xml) as {
    urlset: { "@_xmlns": string; "@_xmlns:xhtml": string; url: SitemapUrl[] };
  };
  expect(parsed.urlset["@_xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
  expect(parsed.urlset["@_xmlns:xhtml"]).toBe("http://www.w3.org/1999/xhtml");
  return parsed.urlset.url;
}

describe("sitemap.xml", () => {
  it("is valid XML; every URL has lastmod and it, en and x-default alternates", async () => {
    const urls = await sitemap();
    expect(urls.length).toBeLessThan(50_000);
    const locs = urls.map((u) => u.loc);
    expect(new Set(locs).size).toBe(locs.length);
    for (const url of urls) {
      expect(url.lastmod, url.loc).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(new Date(url.lastmod).getTime()).toBeLessThanOrEqual(Date.now());
      const alternates = Object.fromEntries(url["xhtml:link"].map((l) => [l["@_hreflang"], l["@_href"]]));
      expect(Object.keys(alternates).sort(), url.loc).toEqual(["en", "it", "x-default"]);
      expect(alternates["x-default"]).toBe(alternates.it);
      expect([alternates.it, alternates.en]).toContain(url.loc);
      // both twins are listed
      expect(locs).toContain(alternates.it);
      expect(locs).toContain(alternates.en);
    }
  });

  it("lists every public page: categories, labels, gallery items, compositions, news and concerts, each answering 200", async () => {
    const locs = (await sitemap()).map((u) => u.loc.replace(server.url, ""));
    const expected = [
      "/",
      "/en",
      "/bio",
      "/compositions",
      "/art-direction",
      "/portfolio",
      "/gallery",
      "/credits",
      "/contacts",
      "/news",
      "/events",
      "/en/events",
      "/privacy-policy",
      "/legal-notes",
      "/cookie-policy",
      "/press",
      "/en/press",
    ];
    for (const categories of rows<{ name: string }>(server, "SELECT DISTINCT c.name FROM Category c JOIN Music m ON m.categoryId = c.id")) {
      expected.push(`/compositions/${encodeURIComponent(categories.name.toLowerCase())}`);
    }
    for (const m of rows<{ slug: string; category: string }>(
      server,
      "SELECT m.slug, c.name AS category FROM Music m JOIN Category c ON c.id = m.categoryId WHERE m.link IS NULL",
    )) {
      expected.push(`/compositions/${encodeURIComponent(m.category.toLowerCase())}/${m.slug}`);
    }
    for (const n of rows<{ slug: string }>(server, "SELECT slug FROM News")) expected.push(`/news/${n.slug}`, `/en/news/${n.slug}`);
    const concerts = rows<{ slug: string }>(server, "SELECT slug FROM Event");
    expect(concerts.length).toBeGreaterThan(0);
    for (const e of concerts) expected.push(`/events/${e.slug}`, `/en/events/${e.slug}`);
    const gallery = JSON.parse(fs.readFileSync("content/data/gallery.json", "utf8")) as { gallery: { id: number }[] };
    for (const g of gallery.gallery) expected.push(`/gallery/${g.id}`, `/en/gallery/${g.id}`);
    expected.push("/art-direction/nebbia%20records", "/en/art-direction/officina%20sonora");
    for (const path of expected) expect(locs, path).toContain(path);
    // Pages with no page of their own, and private pages, are left out
    expect(locs.some((l) => /^\/(en\/)?(admin|login|search|api)/.test(l))).toBe(false);
    for (const m of rows<{ slug: string }>(server, "SELECT slug FROM Music WHERE link IS NOT NULL")) {
      expect(locs.some((l) => l.endsWith(`/${m.slug}`))).toBe(false);
    }
    for (const path of locs) {
      const res = await fetch(`${server.url}${path}`, { headers: { Cookie: "" } });
      expect(res.status, path).toBe(200);
    }
  });

  it("lastmod follows the content: an edited news item gets today's date", async () => {
    const news = row<{ id: number; slug: string; updatedAt: number | string }>(server, "SELECT id, slug, updatedAt FROM News ORDER BY date ASC LIMIT 1");
    const before = (await sitemap()).find((u) => u.loc === `${server.url}/news/${news.slug}`)!;
    // the day it was seeded (the template is made at the start of the run, which may be the day before)
    expect(before.lastmod).toBe(new Date(news.updatedAt).toISOString().slice(0, 10));
    run(server, "UPDATE News SET updatedAt = ? WHERE id = ?", Date.UTC(2026, 0, 2), news.id);
    const after = (await sitemap()).find((u) => u.loc === `${server.url}/news/${news.slug}`)!;
    expect(after.lastmod).toBe("2026-01-02");
    const newsIndex = (await sitemap()).find((u) => u.loc === `${server.url}/news`)!;
    expect(newsIndex.lastmod >= after.lastmod).toBe(true);
  });

  it("leaves out a draft concert and a scheduled one, in both languages", async () => {
    const [draft, scheduled] = rows<{ id: number; slug: string }>(server, "SELECT id, slug FROM Event ORDER BY id LIMIT 2");
    run(server, "UPDATE Event SET status = 'draft' WHERE id = ?", draft?.id);
    run(server, "UPDATE Event SET publishAt = ? WHERE id = ?", "2099-01-01T00:00:00.000+00:00", scheduled?.id);
    const locs = (await sitemap()).map((u) => u.loc.replace(server.url, ""));
    expect(locs).toContain("/events");
    for (const hidden of [draft?.slug, scheduled?.slug]) {
      expect(locs).not.toContain(`/events/${hidden}`);
      expect(locs).not.toContain(`/en/events/${hidden}`);
    }
  });
});
