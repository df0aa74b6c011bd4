import fs from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { acceptCookies, browserPerWorker, visit } from "../support/browser";
import { tmpFiles } from "../support/db";
import { silentWav } from "../support/files";
import { HttpClient, uploadInFlight } from "../support/http";
import { jsonLines } from "../support/scripts";
import { SERVER_TEST, startServer, serverPerFile } from "../support/server";
import { defined, first } from "../support/present";

const server = serverPerFile();
const browser = browserPerWorker();

const get = (p: string, init?: RequestInit) => fetch(`${server.url}${p}`, { redirect: "manual", ...init });

describe("server-rendered layout and languages", () => {
  it("serves Italian HTML at / with navbar, footer and cookie banner", async () => {
    const res = await get("/");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="it"');
    expect(html).toMatch(/<header class="navbar"/);
    for (const href of ["/", "/bio", "/compositions", "/art-direction", "/portfolio", "/gallery", "/credits", "/contacts", "/news", "/search"]) {
      expect(html).toContain(`href="${href}"`);
    }
    expect(html).toContain("Composizioni");
    expect(html).toContain(`2014 - ${new Date().getFullYear()}`);
    expect(html).toContain('href="/privacy-policy"');
    expect(html).toContain('href="/cookie-policy"');
    expect(html).toContain('href="/legal-notes"');
    expect(html).toContain('href="/login"');
    expect(html).toContain('class="cookie-banner"');
  });

  it("serves English under /en with links that stay under /en", async () => {
    const html = await (await get("/en")).text();
    expect(html).toContain('<html lang="en"');
    expect(html).toContain("Compositions");
    for (const href of ["/en/bio", "/en/compositions", "/en/news", "/en/search", "/en/privacy-policy"]) {
      expect(html).toContain(`href="${href}"`);
    }
    expect(html).not.toContain('href="/bio"');
  });

  it("gives every public page a canonical link and hreflang alternates", async () => {
    const html = await (await get("/en/news")).text();
    expect(html).toContain(`<link rel="canonical" href="${server.url}/en/news"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="it" href="${server.url}/news"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="en" href="${server.url}/en/news"/>`);
    expect(html).toMatch(/<title>News \| Elena Marchetti<\/title>/);
  });

  it("saves the language chosen with the toggle and sends unprefixed pages to the /en twin", async () => {
    const toggle = await get("/news?page=2&lng=en");
    expect(toggle.status).toBe(302);
    expect(toggle.headers.get("location")).toBe("/en/news?page=2");
    const cookie = toggle.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^lng=/);
    const langCookie = first(cookie.split(";"));

    const next = await get("/news", { headers: { Cookie: langCookie } });
    expect(next.status).toBe(302);
    expect(next.headers.get("location")).toBe("/en/news");

    // admin, login, api and data stay where they are
    expect((await get("/data/bio.json", { headers: { Cookie: langCookie } })).status).toBe(200);
    expect((await get("/login", { headers: { Cookie: langCookie } })).status).toBe(200);

    const back = await get("/en/news?lng=it", { headers: { Cookie: langCookie } });
    expect(back.headers.get("location")).toBe("/news");
    const itCookie = first((back.headers.get("set-cookie") ?? "").split(";"));
    expect((await get("/news", { headers: { Cookie: itCookie } })).status).toBe(200);
  });

  it("answers unknown pages with a bilingual 404 page inside the layout", async () => {
    const it404 = await get("/pagina-che-non-esiste");
    expect(it404.status).toBe(404);
    const itHtml = await it404.text();
    expect(itHtml).toContain("Pagina non trovata");
    expect(itHtml).toContain('class="footer"');
    const en404 = await get("/en/no-such-page");
    expect(en404.status).toBe(404);
    expect(await en404.text()).toContain("Page not found");
    const api404 = await get("/api/nothing-here");
    expect(api404.status).toBe(404);
    expect(await api404.json()).toEqual({ error: expect.any(String) });
  });
});

describe("operations", () => {
  it("GET /healthz answers 200 when the database answers", async () => {
    const res = await get("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok" });
  });

  it("serves the 14 static content files with their keys", async () => {
    // SPEC.md 7: each file holds its list under its own name, but cookie_policy.json under cookie_Policy.
    const names =
      "album_desciption slider_hero follows bio internal_link subCategory artistic_direction portfolio lable credits gallery privacy_policy legal_notes cookie_policy";
    for (const file of names.split(" ")) {
      const key = file === "cookie_policy" ? "cookie_Policy" : file;
      const res = await get(`/data/${file}.json`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get("content-type")).toContain("application/json");
      const body = await res.json();
      expect(Array.isArray(body[key]), `${file} has ${key}`).toBe(true);
      expect(body[key].length, file).toBeGreaterThan(0);
    }
    expect((await get("/data/passwd.json")).status).toBe(404);
    expect((await get("/data/..%2Fpackage.json")).status).toBe(404);
  });

  it("generates the images referenced by the content files and serves them", async () => {
    const slides = (await (await get("/data/slider_hero.json")).json()).slider_hero as { img: string }[];
    expect(slides).toHaveLength(8);
    const slide = first(slides);
    const res = await get(slide.img);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(fs.existsSync(path.join(server.dataDir, "uploads", "content", path.basename(slide.img)))).toBe(true);
  });

  it("answers Range requests on media with 206 and the exact bytes", async () => {
    const tracksDir = path.join(server.dataDir, "uploads", "tracks");
    const track = fs.readdirSync(tracksDir).find((f) => f.endsWith(".wav"));
    expect(track).toBeTruthy();
    const size = fs.statSync(path.join(tracksDir, track!)).size;
    const res = await get(`/media/tracks/${track}`, { headers: { Range: "bytes=1000-1999" } });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe(`bytes 1000-1999/${size}`);
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("content-type")).toBe("audio/wav");
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect((await res.arrayBuffer()).byteLength).toBe(1000);
    const outside = await get(`/media/tracks/${track}`, { headers: { Range: `bytes=${size + 10}-` } });
    expect(outside.status).toBe(416);
    expect((await get("/media/..%2F..%2Fapp.db")).status).toBe(404);
    expect((await get("/media/%2e%2e/app.db")).status).toBe(404);
  });
});

describe("in the browser", () => {
  it("toggles the language with JavaScript, keeps the query and mirrors the choice to localStorage", async () => {
    const { context, errors } = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/search?query=notte`);
    // Hydrated, the toggle is a client navigation (the player keeps playing): the document's
    // language follows once the new page has rendered.
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.click("a.navbar__lang");
    await page.waitForURL(`${server.url}/en/search?query=notte`);
    await page.waitForFunction(() => document.documentElement.lang === "en");
    expect(await page.evaluate(() => localStorage.getItem("isEnglish"))).toBe("true");
    await page.goto(`${server.url}/news`);
    expect(page.url()).toBe(`${server.url}/en/news`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.click("a.navbar__lang");
    await page.waitForURL(`${server.url}/news`);
    await page.waitForFunction(() => document.documentElement.lang === "it");
    expect(await page.evaluate(() => localStorage.getItem("isEnglish"))).toBe("false");
    expect(errors).toEqual([]);
  });

  it("toggles the language without JavaScript", async () => {
    const { context } = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/credits`);
    await page.click("a.navbar__lang");
    await page.waitForURL(`${server.url}/en/credits`);
    await page.goto(`${server.url}/`);
    expect(page.url()).toBe(`${server.url}/en`);
  });

  it("hides the cookie banner without a reload once accepted, and remembers it for 365 days", async () => {
    const { context, errors } = await browser.newContext();
    const page = await context.newPage();
    // Hydration starts after the first paint and the page's load: a click before it is the native form post.
    await visit(page, `${server.url}/bio`);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.getByRole("button", { name: "Accetto" }).click();
    await page.locator(".cookie-banner").waitFor({ state: "detached" });
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    // The banner hides as soon as the post is sent; the cookie arrives with the answer.
    const consent = await vi.waitFor(
      async () =>
        defined(
          (await context.cookies()).find((c) => c.name === "cookie_consent"),
          "cookie_consent",
        ),
      { timeout: 5_000 },
    );
    const days = (consent.expires - Date.now() / 1000) / 86400;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);
    await page.goto(`${server.url}/news`);
    expect(await page.locator(".cookie-banner").count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("accepts cookies without JavaScript through a form post", async () => {
    const { context } = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/credits`);
    await page.getByRole("button", { name: "Accetto" }).click();
    await page.waitForURL(`${server.url}/credits`);
    expect(await page.locator(".cookie-banner").count()).toBe(0);
  });

  it("makes the navbar transparent on home, bio and composition detail, white elsewhere, and colours it after 100 px", async () => {
    const { context } = await browser.newContext({ viewport: { width: 1400, height: 800 } });
    const page = await context.newPage();
    const background = () => page.$eval(".navbar", (el) => getComputedStyle(el).backgroundColor);
    await page.goto(`${server.url}/`);
    await page.evaluate(() => (document.body.style.minHeight = "3000px"));
    expect(await page.getAttribute(".navbar", "data-transparent")).toBe("true");
    expect(await background()).toBe("rgba(0, 0, 0, 0)");
    expect(await page.$eval(".navbar__brand", (el) => getComputedStyle(el).visibility)).toBe("hidden");
    await page.evaluate(() => window.scrollTo(0, 400));
    await page.waitForSelector('.navbar[data-scrolled="true"]');
    await page.waitForFunction(() => getComputedStyle(document.querySelector(".navbar")!).backgroundColor === "rgb(16, 16, 20)");
    expect(await page.$eval(".navbar__brand", (el) => getComputedStyle(el).visibility)).toBe("visible");
    await page.goto(`${server.url}/bio`);
    expect(await page.getAttribute(".navbar", "data-transparent")).toBe("true");
    await page.goto(`${server.url}/news`);
    expect(await page.getAttribute(".navbar", "data-transparent")).toBe("false");
    await page.waitForFunction(() => getComputedStyle(document.querySelector(".navbar")!).backgroundColor === "rgb(255, 255, 255)");
  });

  it("shows the navbar in its scrolled state without JavaScript", async () => {
    const { context } = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1400, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    expect(await page.$eval(".navbar", (el) => getComputedStyle(el).backgroundColor)).toBe("rgb(16, 16, 20)");
    expect(await page.$eval(".navbar__brand", (el) => getComputedStyle(el).visibility)).toBe("visible");
  });

  it("scrolls to the top on a client-side route change and keeps internal links in the language", async () => {
    const { context, errors } = await browser.newContext();
    await acceptCookies(context, server.url);
    const page = await context.newPage();
    await visit(page, `${server.url}/en/news`);
    await page.evaluate(() => {
      document.body.style.minHeight = "5000px";
      window.scrollTo(0, 1500);
    });
    await page.click('footer a[href="/en/privacy-policy"]');
    await page.waitForURL(`${server.url}/en/privacy-policy`);
    await page.waitForFunction(() => window.scrollY === 0);
    expect(errors).toEqual([]);
  });
});

describe("shutdown and restart", () => {
  // The request in flight is an upload held half sent: the server is provably inside it (its .part file
  // is on disk) when the stop comes, and the rest is sent only after the server logged the signal. A
  // page fetched right after kill() raced the signal: on a loaded machine the server closed its idle
  // keep-alive connection before the request reached it (ECONNRESET), which said nothing about stopping.
  it("stops on SIGTERM after finishing requests and keeps every row and file on restart", SERVER_TEST, async () => {
    const own = await startServer();
    const before = await (await fetch(`${own.url}/sitemap.xml`)).text();
    const staff = new HttpClient(own.url);
    await staff.apiLogin();
    const wav = silentWav(20);
    const { req: upload, head, tail, answer } = uploadInFlight(own.url, staff, "prova.wav", wav.length);
    upload.write(Buffer.concat([head, wav.subarray(0, wav.length / 2)]));
    await expect.poll(() => tmpFiles(own).filter((name) => name.endsWith(".part")).length, { timeout: 10_000 }).toBe(1);
    const exit = own.stop("SIGTERM");
    await expect.poll(() => jsonLines(own.output()).some((line) => line.msg === "stopping"), { timeout: 10_000 }).toBe(true);
    upload.end(Buffer.concat([wav.subarray(wav.length / 2), tail]));
    const { status, body } = await answer;
    expect(status, body).toBe(200);
    const saved = JSON.parse(body) as { temp_name: string };
    expect(await exit).toBe(0);
    const files = fs.readdirSync(path.join(own.dataDir, "uploads", "images")).length;
    const again = await startServer({ dataDir: own.dataDir });
    expect(await (await fetch(`${again.url}/sitemap.xml`)).text()).toBe(before.replaceAll(own.url, again.url));
    expect(fs.readdirSync(path.join(own.dataDir, "uploads", "images")).length).toBe(files);
    expect(fs.readFileSync(path.join(own.dataDir, "uploads", "tmp", saved.temp_name))).toEqual(wav);
    expect(again.output()).not.toContain("contenuti dimostrativi");
    await again.stop();
  });
});
