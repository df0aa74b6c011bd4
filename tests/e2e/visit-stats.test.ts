// Issue 38, counting over HTTP: which answers are page views (cached and rendered alike, not bots, staff,
// prefetches, HEAD or errors), one visitor per visitor and day, DNT/Sec-GPC, sources, no cookie; the play
// beacon; GET /api/stats/ and /admin/stats (a server render: what a browser without JavaScript gets) with
// its CSV files; plays reported by the player in Chromium. The day boundary is proved in
// tests/domain/visit-counts.test.ts.
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { acceptCookies, browserPerWorker, visit } from "../support/browser";
import { silentWav } from "../support/files";
import { todayIso } from "~/lib/format";
import { count, row, rows } from "../support/db";
import { expectJson, HttpClient, raw } from "../support/http";
import { appPerFile } from "../support/in-process";
import { publicPages } from "../support/routes";

const server = appPerFile({ env: { SEED_DEMO: "1" } });
const browser = browserPerWorker();

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const TABLET = "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

async function get(path: string, headers: Record<string, string> = {}, method = "GET") {
  const res = await fetch(`${server.url}${path}`, { method, headers: { "User-Agent": FIREFOX, ...headers }, redirect: "manual" });
  await res.arrayBuffer();
  return res;
}

const today = todayIso();

async function staff() {
  const admin = new HttpClient(server.url);
  await admin.login();
  return admin;
}

describe("counting visits", () => {
  it("counts page views to visitors once each, cached or rendered, and nothing else; sets no cookie", async () => {
    const first = await get("/bio");
    const second = await get("/bio");
    expect([first.headers.get("x-page-cache"), second.headers.get("x-page-cache")]).toEqual(["MISS", "HIT"]);
    for (const res of [first, second]) expect(res.headers.getSetCookie()).toEqual([]);
    // Not views: a bot, a prefetch, a HEAD, a missing page, a client without a user agent, staff.
    expect((await get("/bio", { "User-Agent": GOOGLEBOT })).status).toBe(200);
    expect((await get("/bio", { "Sec-Purpose": "prefetch" })).status).toBe(200);
    expect((await get("/bio", { Purpose: "prefetch" })).status).toBe(200);
    expect((await get("/bio", {}, "HEAD")).status).toBe(200);
    expect((await get("/no-such-page")).status).toBe(404);
    const admin = await staff();
    expect((await admin.get("/bio", { headers: { "User-Agent": FIREFOX } })).status).toBe(200);
    // Two more visitors on the English page: a phone, and a tablet that asks not to be tracked (a view, not a visitor).
    await get("/en/bio", { "User-Agent": IPHONE, Referer: "https://www.facebook.com/somebody" });
    await get("/en/bio", { "User-Agent": TABLET, DNT: "1" });
    await get("/en/bio?utm_source=Newsletter", { "User-Agent": IPHONE, "Sec-GPC": "1", Referer: "https://www.facebook.com/" });
    // With JavaScript, going to another page is the `.data` request of the navigation (from the page left);
    // the same page's data asked again after one of its forms was sent is not a new view.
    await get("/en/news.data?_routes=en%3Anews", { "User-Agent": IPHONE, Referer: `${server.url}/en/bio` });
    await get("/en/news.data?_routes=en%3Anews", { "User-Agent": IPHONE, Referer: `${server.url}/en/news` });
    // Our own pages are no source.
    await get("/bio", { Referer: `${server.url}/news` });

    const report = await expectJson(await admin.fetch(`/api/stats/?from=${today}&to=${today}`), "GET /api/stats/");
    expect(report.days).toEqual([{ date: today, views: 7, visitors: 2 }]);
    expect(report.pages).toEqual([
      { path: "/bio", views: 3, visitors: 1 },
      { path: "/en/bio", views: 3, visitors: 1 },
      { path: "/en/news", views: 1, visitors: 1 },
    ]);
    expect(report.sources).toEqual([
      { source: "facebook.com", views: 1 },
      { source: "newsletter", views: 1 },
    ]);
    expect(report.languages).toEqual([
      { lang: "en", views: 4 },
      { lang: "it", views: 3 },
    ]);
    expect(report.devices).toEqual([
      { device: "computer", views: 3 },
      { device: "phone", views: 3 },
      { device: "tablet", views: 1 },
    ]);
    // Only daily totals and today's keyed hashes: no address, no user agent.
    const stored = JSON.stringify(rows(server, 'SELECT * FROM "VisitorMark"')) + JSON.stringify(rows(server, 'SELECT * FROM "PageVisitDay"'));
    for (const personal of ["127.0.0.1", "Firefox", "iPhone"]) expect(stored).not.toContain(personal);
    expect(count(server, "VisitorMark", `"scope" = ''`)).toBe(2);
  });

  it("answers /api/stats/ to staff only, and refuses bad dates", async () => {
    expect((await fetch(`${server.url}/api/stats/`)).status).toBe(401);
    const admin = await staff();
    expect((await admin.fetch("/api/stats/?from=2026-02-30&to=2026-03-01")).status).toBe(400);
    expect((await admin.fetch("/api/stats/?from=2026-03-02&to=2026-03-01")).status).toBe(400);
    expect((await admin.fetch("/api/stats/?from=2020-01-01&to=2026-03-01")).status).toBe(400);
  });
});

describe("counting plays", () => {
  const beacon = (body: unknown, headers: Record<string, string> = { Origin: server.url }) =>
    fetch(`${server.url}/api/stats/play/`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "User-Agent": FIREFOX, ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  it("counts started, 30-second and complete plays per track, refuses bad bodies and other sites, sets no cookie", async () => {
    const track = row<{ id: number; musicId: number; title: string }>(
      server,
      'SELECT t."id", t."musicId", m."title" FROM "MusicTrack" t JOIN "Music" m ON m."id" = t."musicId" ORDER BY t."id" LIMIT 1',
    );
    const report = (listened: number) => ({ music_id: track.musicId, track: track.id, listened_seconds: listened, duration: 100 });
    for (const [listened, headers] of [
      [5, { Origin: server.url }],
      [45, { "Sec-Fetch-Site": "same-origin" }],
      [95, { Origin: server.url }],
    ] as const) {
      const res = await beacon(report(listened), headers);
      expect(res.status).toBe(204);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    expect((await beacon("{not json")).status).toBe(400);
    expect((await beacon({ ...report(5), listened_seconds: -1 })).status).toBe(400);
    expect((await beacon({ ...report(5), music_id: "1" })).status).toBe(400);
    expect((await beacon({ ...report(5), track: 999_999 })).status).toBe(400);
    expect((await beacon(report(5), { Origin: "https://elsewhere.example" })).status).toBe(403);
    expect((await beacon(report(5), {})).status).toBe(403);

    const admin = await staff();
    const stats = await expectJson(await admin.fetch(`/api/stats/?from=${today}&to=${today}`), "GET /api/stats/");
    expect(stats.plays).toEqual([{ music_id: track.musicId, title: track.title, started: 3, played_30s: 2, completed: 1 }]);

    // /admin/stats as a browser without JavaScript gets it: the chart, the same figures in tables, CSV files.
    const page = await admin.get("/admin/stats?periodo=7");
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain("<h1>Statistiche</h1>");
    expect(html).toMatch(/<svg class="stats-chart"[^>]*data-points="7"/);
    expect(html).toContain(`<td>${today}</td><td>7</td><td>2</td>`);
    expect(html).toContain(`<td>${track.title.replace("'", "&#x27;")}</td><td>3</td><td>2</td><td>67 %</td><td>1</td><td>33 %</td>`);
    const csv = await admin.get("/admin/stats/csv/pagine?periodo=7");
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    // With a byte order mark (fetch's text() drops it), so spreadsheet programs read UTF-8.
    expect(Buffer.from(await csv.arrayBuffer()).toString("latin1")).toMatch(/^\xEF\xBB\xBFPagina/);
    expect(await (await admin.get("/admin/stats/csv/pagine?periodo=7")).text()).toBe(
      "Pagina,Lingua,Visualizzazioni,Visitatori unici\r\n/bio,Italiano,3,1\r\n/en/bio,Inglese,3,1\r\n/en/news,Inglese,1,1\r\n",
    );
    expect((await admin.get("/admin/stats/csv/nothing")).status).toBe(404);
    expect((await new HttpClient(server.url).get("/admin/stats/csv/pagine")).status).toBe(302);
    const dashboard = (await (await admin.get("/admin/")).text()).replaceAll("<!-- -->", "");
    expect(dashboard).toContain("Ultimi 7 giorni: 7 visualizzazioni, 2 visitatori unici (somma dei giorni), 3 ascolti avviati.");
  });
});

// The demo's tracks are shorter than 30 seconds, so the browser gets a 40-second recording for them (route
// interception), played faster (playbackRate): the player counts media seconds heard, so nothing waits 40 real
// seconds. This composition is not the one the HTTP reports above counted.
const DETAIL = "/compositions/colonne%20sonore/nebbia-su-ferrara";
const LONG_TRACK = silentWav(40);

type PlayRow = { trackId: number; started: number; played30s: number; completed: number };

describe("plays reported from Chromium", () => {
  it("reports a track heard to its end as started, 30 s and complete, and one skipped after 5 s as started only", async () => {
    const [first, second] = rows<{ id: number }>(
      server,
      `SELECT t."id" FROM "MusicTrack" t JOIN "Music" m ON m."id" = t."musicId" WHERE m."slug" = 'nebbia-su-ferrara' ORDER BY t."position", t."id"`,
    );
    const { context, errors } = await browser.newContext({ javaScriptEnabled: true, viewport: { width: 1440, height: 900 } });
    await acceptCookies(context, server.url);
    await context.route(
      (url) => url.pathname.startsWith("/media/") && /\.(mp3|wav|flac|ogg)$/i.test(url.pathname),
      (route) => route.fulfill({ status: 200, contentType: "audio/wav", body: LONG_TRACK }),
    );
    const page = await context.newPage();
    await visit(page, `${server.url}${DETAIL}`);
    const playing = (after: number) =>
      page.waitForFunction((s) => {
        const audio = document.querySelector("audio");
        return Boolean(audio && !audio.paused && audio.currentTime > s);
      }, after);

    await page.locator(".track-link").first().click();
    await playing(0);
    await page.evaluate(() => {
      document.querySelector("audio")!.playbackRate = 16;
    });
    // The first track ends and the player goes on to the second: its beacon went at the end.
    await page.locator(".track-link").nth(1).and(page.locator("[aria-current]")).waitFor({ timeout: 15_000 });
    await playing(0);
    await page.evaluate(() => {
      document.querySelector("audio")!.playbackRate = 4;
    });
    await playing(5);
    await page.getByRole("button", { name: "Traccia successiva" }).click();

    const counts = () =>
      rows<PlayRow>(
        server,
        `SELECT "trackId", "started", "played30s", "completed" FROM "PlayDay" WHERE "trackId" IN (?, ?) ORDER BY "trackId"`,
        first!.id,
        second!.id,
      );
    await expect.poll(counts, { timeout: 10_000 }).toEqual([
      { trackId: first!.id, started: 1, played30s: 1, completed: 1 },
      { trackId: second!.id, started: 1, played30s: 0, completed: 0 },
    ]);
    expect(errors).toEqual([]);
  });
});

describe("every public page", () => {
  it("is counted once per view and sets no cookie; a revalidation answered 304 is a view too", async () => {
    const pages = await publicPages(server.url);
    const admin = await staff();
    // Read in the database (the api's list stops at the top pages), after the api flushed this server's counts.
    const viewsByPath = async () => {
      await expectJson(await admin.fetch(`/api/stats/?from=${today}&to=${today}`), "GET /api/stats/");
      const stored = rows<{ path: string; views: number }>(
        server,
        `SELECT "path", SUM("views") AS "views" FROM "PageVisitDay" WHERE "day" = ? GROUP BY "path"`,
        today,
      );
      return new Map(stored.map((p) => [p.path, Number(p.views)]));
    };
    const before = await viewsByPath();
    const expected = new Map<string, number>();
    for (const page of pages) {
      // Twice: rendered, then (but for the contact form's page) from the page cache.
      for (let time = 0; time < 2; time++) {
        const res = await get(page);
        expect(res.status, page).toBe(200);
        expect(res.headers.getSetCookie(), page).toEqual([]);
      }
      const path = new URL(page, server.url).pathname;
      expected.set(path, (expected.get(path) ?? before.get(path) ?? 0) + 2);
    }
    // A browser holding a page asks whether it changed (a reload, a link back to it) and shows its copy: a view of the page.
    // raw(), not fetch: fetch adds Cache-Control: no-cache to a conditional request, which asks for the whole page.
    await get("/en/credits");
    const held = await get("/en/credits");
    expect(held.headers.get("x-page-cache")).toBe("HIT");
    const etag = String(held.headers.get("etag"));
    const revalidate = (userAgent: string) => raw(server.url, "GET", "/en/credits", { headers: { "If-None-Match": etag, "User-Agent": userAgent } });
    const revalidated = await revalidate(FIREFOX);
    expect([revalidated.status, revalidated.headers["x-page-cache"], revalidated.headers["set-cookie"]]).toEqual([304, "HIT", undefined]);
    // A bot's revalidation is no view.
    expect((await revalidate(GOOGLEBOT)).status).toBe(304);
    expected.set("/en/credits", (before.get("/en/credits") ?? 0) + 2 + 1);

    const after = await viewsByPath();
    expect(new Map([...after].filter(([path]) => expected.has(path)))).toEqual(expected);
  });

  it("each table of /admin/stats downloads as a CSV file holding the table's figures", async () => {
    await get("/news?utm_source=csv-test");
    const admin = await staff();
    const page = await (await admin.get("/admin/stats?periodo=30")).text();
    const decode = (html: string) =>
      html
        .replace(/<!-- -->/g, "")
        .replace(/&#x27;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&amp;/g, "&");
    const sections = [...page.matchAll(/<section[^>]*data-table="([^"]+)"[^>]*>([\s\S]*?)<\/section>/g)];
    expect(sections.map((s) => s[1])).toEqual(["visite", "pagine", "sorgenti", "lingue", "dispositivi", "ascolti", "tracce"]);
    for (const [, name, html] of sections) {
      expect(html).toContain(`href="/admin/stats/csv/${name}?periodo=30" download=""`);
      const cells = (row: string, tag: string) => [...row.matchAll(new RegExp(`<${tag}[^>]*>([\\s\\S]*?)</${tag}>`, "g"))].map((m) => decode(m[1]!));
      const rows = [...html!.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) => m[1]!);
      const shown = [
        cells(rows[0]!, "th"),
        ...rows
          .slice(1)
          .map((row) => cells(row, "td"))
          .filter((row) => row[0] !== "Nessun dato nel periodo."),
      ];
      if (!["ascolti", "tracce"].includes(name!)) expect(shown.length, `${name} has figures`).toBeGreaterThan(1);
      const res = await admin.get(`/admin/stats/csv/${name}?periodo=30`);
      expect([res.status, res.headers.get("content-type")], name).toEqual([200, "text/csv; charset=utf-8"]);
      expect(parse(await res.text(), { bom: true }), name).toEqual(shown);
    }
  });
});
