import fs from "node:fs";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { isoDuration } from "~/lib/structured-data";
import { browserPerWorker, visit } from "../support/browser";
import { row, rows, run } from "../support/db";
import { appPerFile } from "../support/in-process";
import { sharedDemoServer } from "../support/server";
import { at, defined, first } from "../support/present";
import { configName, errorsOf, localized, PAIRWISE, survey } from "../support/survey";

// The tests that write have a server of their own; the page sweeps read the worker's, whose pages
// the other sweeps of the worker have recorded too (support/survey.ts).
const server = appPerFile();
const demo = sharedDemoServer();
const browser = browserPerWorker();
/** A sweep may be the first to need its pages, and load them in turn; the machine is shared, so give it room. */
const MATRIX_TIMEOUT = 300_000;

type Thing = Record<string, unknown> & { "@type": string };

const ISO_DURATION = /^PT(?:\d+H)?(?:\d+M)?(?:\d+S)?$/;
const ABSOLUTE = /^https?:\/\/[^\s<>"]+$/;

/** schema.org checks of what each type needs (Google's required and recommended properties). */
function checkThing(thing: Thing, origin: string) {
  expect(thing["@context"]).toBe("https://schema.org");
  switch (thing["@type"]) {
    case "Person":
      expect(thing.name).toBe("Elena Marchetti");
      expect(thing.url).toMatch(ABSOLUTE);
      expect(Array.isArray(thing.sameAs)).toBe(true);
      for (const url of thing.sameAs as string[]) expect(url).toMatch(ABSOLUTE);
      break;
    case "MusicAlbum": {
      expect(typeof thing.name).toBe("string");
      expect(thing.url).toMatch(ABSOLUTE);
      expect((thing.byArtist as Thing)["@type"]).toBe("Person");
      expect(thing.image).toMatch(ABSOLUTE);
      const tracks = thing.track as Thing[];
      expect(thing.numTracks).toBe(tracks.length);
      tracks.forEach((track, i) => {
        expect(track["@type"]).toBe("MusicRecording");
        expect(track.position).toBe(i + 1);
        expect(typeof track.name).toBe("string");
        expect(String(track.url).startsWith(`${origin}/media/`)).toBe(true);
        if ("duration" in track) expect(track.duration).toMatch(ISO_DURATION);
      });
      break;
    }
    case "MusicComposition":
      expect(typeof thing.name).toBe("string");
      expect(thing.url).toMatch(ABSOLUTE);
      expect(thing.composer).toEqual({ "@type": "Person", name: "Elena Marchetti" });
      if ("dateCreated" in thing) expect(thing.dateCreated).toMatch(/^\d{4}$/);
      if ("duration" in thing) expect(thing.duration).toMatch(ISO_DURATION);
      break;
    case "NewsArticle":
      expect(typeof thing.headline).toBe("string");
      expect(String(thing.headline).length).toBeGreaterThan(0);
      expect(String(thing.headline).length).toBeLessThanOrEqual(110);
      expect(thing.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}/);
      expect(Array.isArray(thing.image)).toBe(true);
      for (const url of thing.image as string[]) expect(url).toMatch(ABSOLUTE);
      expect(["it", "en"]).toContain(thing.inLanguage);
      expect((thing.author as Thing).name).toBe("Elena Marchetti");
      break;
    case "BreadcrumbList": {
      const items = thing.itemListElement as Thing[];
      expect(items.length).toBeGreaterThanOrEqual(2);
      items.forEach((item, i) => {
        expect(item["@type"]).toBe("ListItem");
        expect(item.position).toBe(i + 1);
        expect(typeof item.name).toBe("string");
        expect(String(item.item).startsWith(origin)).toBe(true);
      });
      break;
    }
    default:
      throw new Error(`unexpected JSON-LD type ${thing["@type"]}`);
  }
}

async function structuredData(page: Page): Promise<Thing[]> {
  const blocks = await page.$$eval('script[type="application/ld+json"]', (scripts) => scripts.map((s) => s.textContent ?? ""));
  return blocks.map((text) => JSON.parse(text) as Thing);
}

let newsSlug = "";
const composition = "/compositions/colonne%20sonore/nebbia-su-ferrara";
let galleryItem = "";
// Only the follow icons with an address (the demo's have none): an empty one is not a profile.
const follows = (JSON.parse(fs.readFileSync("content/data/follows.json", "utf8")) as { follows: { link: string }[] }).follows
  .map((f) => f.link)
  .filter(Boolean);

beforeAll(async () => {
  newsSlug = row<{ slug: string }>(server, "SELECT slug FROM News ORDER BY date DESC LIMIT 1").slug;
  const gallery = JSON.parse(fs.readFileSync("content/data/gallery.json", "utf8")) as { gallery: { id: number }[] };
  galleryItem = `/gallery/${first(gallery.gallery).id}`;
});

describe("JSON-LD, og:url and og:type on public pages", () => {
  for (const config of PAIRWISE) {
    it(
      `describes each page (${configName(config)})`,
      async () => {
        // The demo content as the shared demo server has it: the other tests of this file change rows of their own server.
        const newest = row<{ slug: string }>(demo, "SELECT slug FROM News ORDER BY date DESC LIMIT 1").slug;
        const compositionTracks = rows<{ name: string }>(
          demo,
          "SELECT t.name FROM MusicTrack t JOIN Music m ON m.id = t.musicId WHERE m.slug = 'nebbia-su-ferrara' ORDER BY t.position",
        ).map((r) => r.name);
        const expectations: { path: string; types: string[]; ogType: string }[] = [
          { path: "/", types: ["Person"], ogType: "website" },
          { path: `/news/${newest}`, types: ["NewsArticle", "BreadcrumbList"], ogType: "article" },
          // Issue 36: the work itself, beside its recordings.
          { path: composition, types: ["MusicAlbum", "MusicComposition", "BreadcrumbList"], ogType: "music.album" },
          { path: "/compositions/colonne%20sonore", types: ["BreadcrumbList"], ogType: "website" },
          { path: galleryItem, types: ["BreadcrumbList"], ogType: "website" },
          { path: "/art-direction/nebbia%20records", types: ["BreadcrumbList"], ogType: "website" },
          { path: "/news", types: [], ogType: "website" },
        ];
        const lang = config.lang;
        const visits = expectations.map((expected) => ({ expected, path: localized(expected.path, lang) }));
        const pages = await survey(
          browser,
          demo,
          config,
          visits.map((v) => v.path),
        );
        visits.forEach(({ expected, path }, i) => {
          const page = at(pages, i);
          const things = page.jsonLd.map((text) => JSON.parse(text) as Thing);
          expect(
            things.map((t) => t["@type"]),
            path,
          ).toEqual(expected.types);
          for (const thing of things) checkThing(thing, demo.url);
          // one canonical link and one og:url, both the page's address
          expect(page.canonicals, path).toEqual([`${demo.url}${path}`]);
          expect(page.metaProperties["og:url"], path).toEqual([`${demo.url}${path}`]);
          expect(page.metaProperties["og:type"], path).toEqual([expected.ogType]);

          const crumbs = things.find((t) => t["@type"] === "BreadcrumbList");
          if (crumbs) {
            const items = crumbs.itemListElement as Thing[];
            expect(first(items).item).toBe(`${demo.url}${localized("/", lang)}`);
            expect(items.at(-1)?.item).toBe(`${demo.url}${path}`);
          }
          const person = things.find((t) => t["@type"] === "Person");
          if (person) expect(person.sameAs).toEqual(follows);
          const article = things.find((t) => t["@type"] === "NewsArticle");
          if (article) {
            expect(article.inLanguage).toBe(lang);
            // the page's one h1
            expect(page.h1s).toEqual([article.headline]);
          }
          const album = things.find((t) => t["@type"] === "MusicAlbum");
          if (album) {
            expect((album.track as Thing[]).map((t) => t.name)).toEqual(compositionTracks);
            expect(album.inLanguage).toBe(lang);
          }
        });
        // ERR_NETWORK_CHANGED comes from the machine (other jobs add network interfaces), not the page.
        expect(errorsOf(pages).filter((e) => !e.includes("net::ERR_NETWORK_CHANGED"))).toEqual([]);
      },
      MATRIX_TIMEOUT,
    );
  }

  it("gives each track its ISO 8601 duration when the database knows it", async () => {
    const columns = rows<{ name: string }>(server, "PRAGMA table_info(MusicTrack)").map((c) => c.name);
    const { context } = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await visit(page, `${server.url}${composition}`);
    const album = (await structuredData(page)).find((t) => t["@type"] === "MusicAlbum")!;
    const tracks = album.track as Thing[];
    if (columns.includes("durationSeconds")) {
      const seconds = rows<{ durationSeconds: number | null }>(
        server,
        "SELECT t.durationSeconds FROM MusicTrack t JOIN Music m ON m.id = t.musicId WHERE m.slug = 'nebbia-su-ferrara' ORDER BY t.position",
      );
      tracks.forEach((track, i) => {
        const known = at(seconds, i).durationSeconds;
        if (known) expect(track.duration).toBe(isoDuration(known));
      });
    } else {
      // Durations are not stored yet: no made-up duration is given.
      for (const track of tracks) expect(track).not.toHaveProperty("duration");
    }
    await context.close();
  });

  it("escapes text so a title cannot close the script element", async () => {
    const evil = "Prova </script><script>window.__pwned=1</script> & <b>";
    run(server, "UPDATE News SET title = ?, titleEng = ? WHERE slug = ?", evil, evil, newsSlug);
    const html = await (await fetch(`${server.url}/news/${newsSlug}`)).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => defined(m[1]));
    expect(blocks.length).toBe(2);
    for (const block of blocks) expect(block).not.toMatch(/[<>]/);
    const article = JSON.parse(first(blocks)) as Thing;
    expect(article.headline).toBe(evil);
    expect(first(blocks)).toContain("\\u003c/script\\u003e");

    const { context } = await browser.newContext();
    const page = await context.newPage();
    await visit(page, `${server.url}/news/${newsSlug}`);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(first(await structuredData(page)).headline).toBe(evil);
    await context.close();
  });
});
