import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { browserPerWorker, visit } from "../support/browser";
import { row, rows } from "../support/db";
import { sharedDemoServer } from "../support/server";
import { first } from "../support/present";
import { configName, localized, PAIRWISE, survey } from "../support/survey";

const server = sharedDemoServer();
const browser = browserPerWorker();

const bytes = async (url: string) => {
  const res = await fetch(`${server.url}${url}`);
  expect(res.status, url).toBe(200);
  return { type: res.headers.get("content-type") ?? "", body: Buffer.from(await res.arrayBuffer()) };
};

/** Seconds of a PCM WAV from its header (byte rate) and data chunk size. */
function wavSeconds(wav: Buffer): number {
  expect(wav.subarray(0, 4).toString("latin1")).toBe("RIFF");
  expect(wav.subarray(8, 12).toString("latin1")).toBe("WAVE");
  const byteRate = wav.readUInt32LE(28);
  return wav.readUInt32LE(40) / byteRate;
}

/** How many distinct pitches sound together in a 0.25 s window (peaks of a coarse DFT, 60-1500 Hz). */
function simultaneousPitches(wav: Buffer, atSecond: number): number {
  const rate = wav.readUInt32LE(24);
  const start = 44 + Math.floor(atSecond * rate) * 2;
  const n = Math.floor(rate / 4);
  const samples = Array.from({ length: n }, (_, i) => wav.readInt16LE(start + i * 2) / 32768);
  const power = (freq: number) => {
    let re = 0;
    let im = 0;
    samples.forEach((sample, i) => {
      const w = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / n); // Hann window
      re += sample * w * Math.cos((2 * Math.PI * freq * i) / rate);
      im += sample * w * Math.sin((2 * Math.PI * freq * i) / rate);
    });
    return Math.hypot(re, im);
  };
  const freqs = Array.from({ length: 360 }, (_, i) => 60 + i * 4);
  const spectrum = freqs.map(power);
  const max = Math.max(...spectrum);
  return spectrum.filter((p, i) => p > max * 0.1 && p >= (spectrum[i - 1] ?? 0) && p >= (spectrum[i + 1] ?? 0)).length;
}

describe("demo content that looks real", () => {
  it("tracks are generated phrases of different real lengths with several voices, not 8-second tones", async () => {
    const tracks = rows<{ url: string }>(server, "SELECT url FROM MusicTrack ORDER BY id");
    expect(tracks.length).toBeGreaterThan(20);
    const seconds: number[] = [];
    for (const { url } of tracks.slice(0, 12)) {
      const { type, body } = await bytes(url);
      expect(type).toMatch(/^audio\/(wav|x-wav|wave)/);
      const length = wavSeconds(body);
      seconds.push(length);
      expect(length).toBeGreaterThanOrEqual(3);
      expect(length).toBeLessThanOrEqual(21);
    }
    expect(new Set(seconds.map((s) => s.toFixed(1))).size).toBeGreaterThanOrEqual(6);
    // A melody over a bass and a chord: more than one pitch at once
    const { body } = await bytes(first(tracks).url);
    expect(simultaneousPitches(body, 1)).toBeGreaterThanOrEqual(3);
  });

  it("external links and videos go to real, stable pages: no invented platform ids", async () => {
    const music = rows<{ link: string | null; videos: string | null; description: string; descriptionEng: string }>(
      server,
      "SELECT link, videos, description, descriptionEng FROM Music",
    );
    const news = rows<{ description: string; descriptionEng: string }>(server, "SELECT description, descriptionEng FROM News");
    const urls = [
      ...music.flatMap((m) => [m.link, m.videos]),
      ...[...music, ...news].flatMap((n) => [...`${n.description} ${n.descriptionEng}`.matchAll(/href="([^"]+)"/g)].map((m) => m[1])),
    ].filter((u): u is string => Boolean(u));
    expect(urls.length).toBeGreaterThan(0);
    const known = [/^https:\/\/(en|it)\.wikipedia\.org\/wiki\/[A-Za-z_]+$/, /^https:\/\/www\.youtube\.com\/watch\?v=aqz-KE-bpKQ$/];
    for (const url of urls)
      expect(
        known.some((re) => re.test(url)),
        url,
      ).toBe(true);
  });

  it("no /data/*.json answer links to an invented (.example) host or a platform's bare homepage", async () => {
    const names = fs.readdirSync("content/data").map((file) => file.replace(/\.json$/, ""));
    expect(names).toHaveLength(17);
    const links: string[] = [];
    for (const name of names) {
      const text = await (await fetch(`${server.url}/data/${name}.json`)).text();
      links.push(...[...text.matchAll(/https?:\/\/[^"\s<>]+/g)].map((m) => m[0]));
    }
    expect(links.length).toBeGreaterThan(20);
    const invented = links.filter((url) => new URL(url).hostname.endsWith(".example"));
    expect(invented).toEqual([]);
    // A follow icon's address is a profile or nothing, never a platform's home page ("https://www.instagram.com/").
    const bareHomepages = links.filter((url) => new URL(url).pathname === "/" && !new URL(url).search);
    expect(bareHomepages).toEqual([]);
  });

  it("attachments are the type their names say", async () => {
    const attachments = rows<{ name: string; url: string }>(server, "SELECT name, url FROM NewsAttachment");
    expect(attachments.some((a) => /\.jpe?g$/i.test(a.name))).toBe(true);
    for (const { name, url } of attachments) {
      const { type, body } = await bytes(url);
      if (/\.pdf$/i.test(name)) {
        expect(type, name).toMatch(/^application\/pdf/);
        expect(body.subarray(0, 5).toString("latin1"), name).toBe("%PDF-");
      } else if (/\.jpe?g$/i.test(name)) {
        expect(type, name).toMatch(/^image\/jpeg/);
        expect([...body.subarray(0, 3)], name).toEqual([0xff, 0xd8, 0xff]);
      } else {
        throw new Error(`unexpected demo attachment ${name}`);
      }
    }
  });

  it("every demo news item and composition has an image, and every news card shows it", async () => {
    expect(rows(server, "SELECT id FROM News WHERE image IS NULL OR image = ''")).toEqual([]);
    expect(rows(server, "SELECT id FROM Music WHERE img IS NULL OR img = ''")).toEqual([]);
    const { context } = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await visit(page, `${server.url}/news`);
    const cards = await page.$$eval(".news-card", (list) => list.map((c) => Boolean(c.querySelector(".news-card__media img"))));
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every(Boolean)).toBe(true);
    await context.close();
  });

  it("the browser console stays clean on every page (no i18next notice), in both languages and widths", async () => {
    const news = row<{ slug: string }>(server, "SELECT slug FROM News ORDER BY date DESC LIMIT 1");
    const paths = ["/", "/news", `/news/${news.slug}`, "/compositions", "/compositions/colonne%20sonore/nebbia-su-ferrara", "/gallery", "/contacts"];
    // The notice is printed when i18next starts in the browser: JavaScript on, each width with one language.
    for (const config of PAIRWISE.filter((c) => c.javaScriptEnabled)) {
      // A full load per page (the survey's)
      const pages = await survey(
        browser,
        server,
        config,
        paths.map((p) => localized(p, config.lang)),
      );
      const messages = pages.flatMap((page) => page.console.map((message) => `${page.path}: ${message}`));
      // ERR_NETWORK_CHANGED comes from the machine (other jobs add network interfaces), not the page.
      expect(
        messages.filter((m) => !m.includes("net::ERR_NETWORK_CHANGED")),
        configName(config),
      ).toEqual([]);
    }
  }, 300_000);
});

describe("the demo content code is not part of what serves requests", () => {
  it("is a chunk of its own in the server build, which the request-serving bundle only imports lazily", () => {
    const assets = path.resolve("build/server/assets");
    const files = fs.readdirSync(assets).filter((name) => name.endsWith(".js"));
    const seedChunk = files.find((name) => name.startsWith("seed.server-"));
    expect(seedChunk, files.join(", ")).toBeDefined();
    expect(fs.readFileSync(path.join(assets, seedChunk!), "utf8")).toContain("synthesizePhrase");
    const serverBuild = files.find((name) => name.startsWith("server-build-"));
    const serving = fs.readFileSync(path.join(assets, serverBuild!), "utf8");
    expect(serving).not.toContain("synthesizePhrase");
    expect(serving).not.toContain("renderArtwork");
    expect(serving).toMatch(new RegExp(`import\\(["']\\./${seedChunk!.replace(/[.]/g, "\\.")}["']\\)`));
  });
});
