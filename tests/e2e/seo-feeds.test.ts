import Parser from "rss-parser";
import { describe, expect, it } from "vitest";
import { browserPerWorker } from "../support/browser";
import { row, rows } from "../support/db";
import { sharedDemoServer } from "../support/server";
import { first } from "../support/present";
import { configName, errorsOf, localized, PAIRWISE, survey } from "../support/survey";

const server = sharedDemoServer();
const browser = browserPerWorker();
/** A sweep may be the first to need its pages, and load them in turn; the machine is shared, so give it room. */
const MATRIX_TIMEOUT = 300_000;

const FEEDS = { it: "/rss.xml", en: "/en/rss.xml" } as const;

describe("news feeds", () => {
  for (const lang of ["it", "en"] as const) {
    it(`${FEEDS[lang]} is valid RSS 2.0 with every news item in ${lang}, newest first`, async () => {
      const res = await fetch(`${server.url}${FEEDS[lang]}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/rss\+xml/);
      const xml = await res.text();
      expect(xml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\s*<rss version="2.0"/i);
      const feed = await new Parser().parseString(xml);
      const news = rows<{ slug: string; title: string; titleEng: string; date: string }>(
        server,
        "SELECT slug, title, titleEng, date FROM News ORDER BY date DESC, createdAt DESC, id DESC",
      );
      expect(feed.title).toBe(lang === "en" ? "Elena Marchetti – News" : "Elena Marchetti – Notizie");
      expect(feed.link).toBe(`${server.url}${lang === "en" ? "/en/news" : "/news"}`);
      expect(feed.language).toBe(lang);
      expect(feed.items.map((i) => i.title)).toEqual(news.slice(0, 30).map((n) => (lang === "en" ? n.titleEng : n.title)));
      const [newest, newestRow] = [first(feed.items, "feed item"), first(news, "news row")];
      expect(newest.link).toBe(`${server.url}${lang === "en" ? "/en" : ""}/news/${newestRow.slug}`);
      expect(newest.guid).toBe(newest.link);
      expect(new Date(newest.isoDate!).toISOString().slice(0, 10)).toBe(newestRow.date);
      expect(newest.contentSnippet?.length).toBeGreaterThan(20);
      expect(newest.enclosure?.url).toMatch(new RegExp(`^${server.url}/media/`));
      // Every link in the feed answers
      for (const item of feed.items.slice(0, 3)) expect((await fetch(item.link!)).status).toBe(200);
    });
  }

  for (const config of PAIRWISE) {
    it(
      `every public page links its language's feed in <head> (${configName(config)})`,
      async () => {
        // the newest item: the news page the other sweeps load too
        const news = row<{ slug: string }>(server, "SELECT slug FROM News ORDER BY date DESC LIMIT 1");
        const paths = ["/", "/news", `/news/${news.slug}`, "/compositions", "/bio", "/gallery", "/contacts", "/search"];
        const pages = await survey(
          browser,
          server,
          config,
          paths.map((path) => localized(path, config.lang)),
        );
        for (const page of pages) {
          expect(page.feeds, page.path).toEqual([
            { href: `${server.url}${FEEDS[config.lang]}`, title: config.lang === "en" ? "Elena Marchetti – News" : "Elena Marchetti – Notizie" },
          ]);
        }
        // ERR_NETWORK_CHANGED comes from the machine (other jobs add network interfaces), not the page.
        expect(errorsOf(pages).filter((e) => !e.includes("net::ERR_NETWORK_CHANGED"))).toEqual([]);
      },
      MATRIX_TIMEOUT,
    );
  }
});
