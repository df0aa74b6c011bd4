import { beforeAll, describe, expect, it } from "vitest";
import { compositionPath } from "~/lib/paths";
import { rows, run } from "../support/db";
import { HttpClient } from "../support/http";
import { appPerFile } from "../support/in-process";
import { at } from "../support/present";

// Issue 36: concerts where visitors meet them besides /events: the next three on the home page (none:
// no section at all) and every performance on a composition's page, with the premiere in its
// MusicComposition JSON-LD; an edit of a concert shows at once on both, though both pages are cached.
const server = appPerFile();
let api: HttpClient;
type Work = { id: number; path: string; enPath: string };
let played: Work;
let unplayed: Work;
const made: Record<string, { id: number; slug: string }> = {};

const DAY = 86_400_000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

async function create(word: string, extra: Record<string, unknown>) {
  const res = await api.request("POST", "/api/events/", {
    json: { title: `Concerto ${word}`, title_eng: `Concert ${word}`, venue: `Sala ${word}`, city: `Città ${word}`, country: "IT", ...extra },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  made[word] = (await res.json()) as { id: number; slug: string };
}

async function patch(word: string, json: Record<string, unknown>) {
  const res = await api.request("PATCH", `/api/events/${made[word]?.id}/`, { json });
  expect(res.status, await res.clone().text()).toBe(200);
}

beforeAll(async () => {
  api = new HttpClient(server.url);
  await api.apiLogin();
  // Whatever concerts the demo content has, this file starts without any (the home page's empty case).
  run(server, "DELETE FROM EventWork");
  run(server, "DELETE FROM Event");
  const works = rows<{ id: number; slug: string; category: string }>(
    server,
    `SELECT m.id, m.slug, c.name AS category FROM Music m JOIN Category c ON c.id = m.categoryId
     WHERE m.status = 'published' AND m.publishAt IS NULL AND (m.link IS NULL OR m.link = '') ORDER BY m.id LIMIT 2`,
  ).map((w) => ({ id: w.id, path: compositionPath(w.category, w.slug), enPath: compositionPath(w.category, w.slug, "en") }));
  [played, unplayed] = [at(works, 0), at(works, 1)];
});

/** A page as a visitor gets it, and whether the page cache served it. */
async function page(path: string) {
  const res = await fetch(`${server.url}${path}`);
  expect(res.status, path).toBe(200);
  return { html: await res.text(), hit: res.headers.get("x-page-cache") === "HIT" };
}
/** The page asked for until the page cache holds it (the first answer is a render; it is stored when it ends). */
async function cached(path: string) {
  for (let tries = 0; tries < 20; tries++) if ((await page(path)).hit) return;
  throw new Error(`${path} never came from the page cache`);
}
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].flatMap((m) => {
    const data = JSON.parse(m[1] ?? "") as Record<string, unknown> | Record<string, unknown>[];
    return Array.isArray(data) ? data : [data];
  });
/** The section of a page whose heading has this id, up to its end. */
const section = (html: string, titleId: string) => new RegExp(`<section[^>]*aria-labelledby="${titleId}"[\\s\\S]*?</section>`).exec(html)?.[0] ?? "";
const slugsIn = (html: string) => [...html.matchAll(/href="(?:\/en)?\/events\/([^"]+)"/g)].map((m) => m[1]);

describe("the home page's next concerts", () => {
  it("shows nothing, not even a heading, without concerts; then the next three published ones in each language, an edit showing at once", async () => {
    for (const path of ["/", "/en"]) {
      await cached(path);
      const { html } = await page(path);
      expect(html.includes('id="home-concerts-title"'), path).toBe(false);
      expect(/Prossimi concerti|Upcoming concerts/.test(html), path).toBe(false);
    }
    await create("Primo", { starts_at: daysFromNow(10) });
    await create("Bozza", { starts_at: daysFromNow(5), status: "draft" });
    await create("Annullato", { starts_at: daysFromNow(20), event_status: "cancelled" });
    await create("Terzo", { starts_at: daysFromNow(30) });
    await create("Quarto", { starts_at: daysFromNow(40) });
    await create("Passato", { starts_at: daysFromNow(-3) });
    await create("Fisso", { starts_at: "2031-07-14T21:00:00+02:00" });

    for (const [path, heading, cancelled, title] of [
      ["/", "Prossimi concerti", "Annullato", "Concerto Primo"],
      ["/en", "Upcoming concerts", "Cancelled", "Concert Primo"],
    ] as const) {
      const { html, hit } = await page(path);
      expect(hit, path).toBe(false);
      const concerts = section(html, "home-concerts-title");
      expect(concerts, path).toContain(heading);
      const prefix = path === "/" ? "" : "/en";
      expect(slugsIn(concerts), path).toEqual([made.Primo?.slug, made.Annullato?.slug, made.Terzo?.slug]);
      expect(concerts).toContain(`href="${prefix}/events/${made.Primo?.slug}"`);
      expect(concerts).toContain(title);
      expect(concerts).toContain("Sala Primo, Città Primo");
      expect(concerts).toMatch(new RegExp(`Sala Annullato, Città Annullato</span><span[^>]*event-status[^>]*>${cancelled}<`));
      expect(concerts).toContain(`href="${prefix}/events"`);
    }

    // Rome time: the day and hour are Rome's whatever offset the concert was given in.
    await patch("Primo", { starts_at: daysFromNow(-1) });
    await patch("Annullato", { starts_at: "2031-07-14T18:00:00Z" });
    await patch("Terzo", { starts_at: "2031-07-15T19:00:00Z" });
    const italian = section((await page("/")).html, "home-concerts-title");
    expect(slugsIn(italian)).toEqual([made.Quarto?.slug, made.Annullato?.slug, made.Fisso?.slug]);
    expect(italian).toMatch(/datetime="2031-07-14T20:00:00\+02:00"/i);
    expect(italian).toContain("lunedì 14 luglio 2031, 20:00");
    expect(italian).toContain("lunedì 14 luglio 2031, 21:00");
    expect(section((await page("/en")).html, "home-concerts-title")).toContain("Monday, 14 July 2031, 21:00");

    await cached("/en");
    await patch("Fisso", { title_eng: "Concert Renamed" });
    const { html, hit } = await page("/en");
    expect(hit).toBe(false);
    expect(section(html, "home-concerts-title")).toContain("Concert Renamed");
  });
});

describe("a composition's performances", () => {
  beforeAll(async () => {
    const works = (premiere: boolean) => ({ works: [{ id: played.id, premiere }] });
    await create("Domani", { starts_at: daysFromNow(2), ...works(false) });
    await create("Rinviato", { starts_at: daysFromNow(60), event_status: "postponed", ...works(false) });
    await create("Cancellato", { starts_at: daysFromNow(90), event_status: "cancelled", ...works(false) });
    await create("Prima", { starts_at: "2019-03-02T20:00:00+01:00", address: "Via della Prima 1", ...works(true) });
    await create("Ripresa", { starts_at: "2023-11-05T18:00:00+01:00", ...works(false) });
    await create("Nascosto", { starts_at: daysFromNow(1), status: "draft", ...works(false) });
  });

  it("lists upcoming concerts soonest first then past ones newest first, the premiere and the states marked, in each language", async () => {
    for (const [path, heading, premiere, cancelled, postponed] of [
      [played.path, "Esecuzioni", "prima assoluta", "Annullato", "Rinviato"],
      [played.enPath, "Performances", "world premiere", "Cancelled", "Postponed"],
    ] as const) {
      const performances = section((await page(path)).html, "performances-title");
      expect(performances, path).toContain(heading);
      expect(slugsIn(performances)).toEqual(["Domani", "Rinviato", "Cancellato", "Ripresa", "Prima"].map((word) => made[word]?.slug));
      const line = (word: string) => new RegExp(`<li[^>]*data-slug="${made[word]?.slug}"[\\s\\S]*?</li>`).exec(performances)?.[0] ?? "";
      expect(line("Prima")).toContain(premiere);
      expect(performances.split(premiere)).toHaveLength(2);
      expect(line("Cancellato")).toContain(cancelled);
      expect(line("Rinviato")).toContain(postponed);
      expect(line("Domani")).not.toMatch(/event-status/);
    }
  });

  it("gives the composition's MusicComposition its premiere as firstPerformance; a work never played has neither block nor firstPerformance", async () => {
    const composition = jsonLd((await page(played.enPath)).html).find((thing) => thing["@type"] === "MusicComposition");
    expect(composition?.firstPerformance).toEqual({
      "@type": "MusicEvent",
      name: "Concert Prima",
      url: `${server.url}/en/events/${made.Prima?.slug}`,
      startDate: "2019-03-02T20:00:00+01:00",
      location: {
        "@type": "Place",
        name: "Sala Prima",
        address: { "@type": "PostalAddress", streetAddress: "Via della Prima 1", addressLocality: "Città Prima", addressCountry: "IT" },
      },
    });
    const html = (await page(unplayed.path)).html;
    expect(html.includes('id="performances-title"')).toBe(false);
    expect(html.includes("Esecuzioni")).toBe(false);
    const other = jsonLd(html).find((thing) => thing["@type"] === "MusicComposition");
    expect(other).toBeDefined();
    expect(other).not.toHaveProperty("firstPerformance");
  });

  it("follows an edit of a concert at once, though the page was cached: a work taken out of a programme, a premiere marked", async () => {
    await cached(played.path);
    await patch("Ripresa", { works: [] });
    await patch("Domani", { works: [{ id: unplayed.id, premiere: true }] });
    const { html, hit } = await page(played.path);
    expect(hit).toBe(false);
    expect(slugsIn(section(html, "performances-title"))).toEqual(["Rinviato", "Cancellato", "Prima"].map((word) => made[word]?.slug));
    const other = jsonLd((await page(unplayed.path)).html).find((thing) => thing["@type"] === "MusicComposition");
    expect(other?.firstPerformance).toMatchObject({ name: "Concerto Domani", url: `${server.url}/events/${made.Domani?.slug}` });
  });
});
