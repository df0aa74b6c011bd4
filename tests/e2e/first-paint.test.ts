// Issue 11 (Lighthouse mobile): the first frame of a page must not wait for its JavaScript. React
// Router's module preloads started with the HTML and Chromium painted only after the modules had
// run, so a slow phone network showed nothing until about 140 KB of scripts had arrived. The
// hydration scripts now start loading after the first paint (app/lib/after-first-paint.ts); the
// page still hydrates, every script allowed by the response's policy, and without JavaScript no
// script is fetched at all.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { acceptCookies, browserPerWorker, visit } from "../support/browser";
import { inlineScripts, refusedInlineScripts } from "../support/csp";
import { HttpClient } from "../support/http";
import { publicPages } from "../support/routes";
import { firstLoadJavaScript, type ScriptOnTheWire } from "../../scripts/bench/first-load";
import { sharedDemoServer } from "../support/server";

const server = sharedDemoServer(); // reads only (a sign-in is a row of its own): the shared demo server
const browser = browserPerWorker();

const PAGES = ["/", "/news", "/compositions", "/gallery", "/en/bio", "/contacts", "/search?query=colonna"];

/** The first paint and the start of every built script request, as the page's Performance API saw them. */
const PAINT_AND_SCRIPTS = `(() => {
  const paint = performance.getEntriesByName("first-paint")[0];
  const scripts = performance.getEntriesByType("resource")
    .filter((entry) => /\\/assets\\/[^?]+\\.js$/.test(new URL(entry.name).pathname))
    .map((entry) => ({ path: new URL(entry.name).pathname, start: Math.round(entry.startTime * 10) / 10 }));
  // The picture fetched with high priority (first card, hero): the largest paint on a phone.
  const eager = document.querySelector('img[fetchpriority="high"]');
  const picture = eager && performance.getEntriesByName(eager.currentSrc)[0];
  // When that picture was on screen: its own Element Timing entry, the one for its URL. The blurred
  // placeholder behind it (a data: URI background of the same <img>) has an entry of its own, painted
  // earlier; the observer hands over the buffered ones.
  const picturePainted = new Promise((resolve) => {
    new PerformanceObserver((list) => {
      const entry = list.getEntries().find((e) => e.identifier === "first-picture" && eager && e.url === eager.currentSrc);
      if (entry) resolve(Math.round(entry.renderTime * 10) / 10);
    }).observe({ type: "element", buffered: true });
    setTimeout(() => resolve(null), 1000);
  });
  return picturePainted.then((painted) => ({
    firstPaint: paint ? Math.round(paint.startTime * 10) / 10 : null,
    scripts,
    pictureLoaded: picture ? Math.round(picture.responseEnd * 10) / 10 : null,
    picturePainted: painted,
  }));
})()`;

describe("the first frame does not wait for the hydration scripts", () => {
  for (const [width, path] of [
    [390, "/news"],
    [390, "/en/bio"],
    [1440, "/"],
    [1440, "/compositions"],
  ] as const) {
    it(`${width} px, ${path}: every script request starts after the first paint and the first picture, and the page hydrates`, async () => {
      const { context, errors } = await browser.newContext({ viewport: { width, height: 900 } });
      await acceptCookies(context, server.url);
      const page = await context.newPage();
      // Pictures arrive 300 ms after they are asked for, as on a phone network: the first frame then
      // shows the first picture's blurred placeholder, and its real paint comes later.
      await page.route(/\/media\/images\//, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        await route.continue();
      });
      await visit(page, `${server.url}${path}`);
      const { firstPaint, scripts, pictureLoaded, picturePainted } = (await page.evaluate(PAINT_AND_SCRIPTS)) as {
        firstPaint: number | null;
        scripts: { path: string; start: number }[];
        pictureLoaded: number | null;
        picturePainted: number | null;
      };
      expect(firstPaint).not.toBeNull();
      expect(scripts.length).toBeGreaterThan(3);
      expect(
        scripts.filter((script) => script.start < firstPaint!),
        `first paint at ${firstPaint} ms`,
      ).toEqual([]);
      // On a phone they do not compete with its largest paint either, the first picture (bio's is
      // text). (On a wide screen the hero may change picture once hydrated.)
      if (width === 390 && path !== "/en/bio") expect(pictureLoaded, "the first picture was fetched").not.toBeNull();
      if (width === 390 && pictureLoaded !== null)
        expect(
          scripts.filter((script) => script.start < pictureLoaded),
          `picture loaded at ${pictureLoaded} ms`,
        ).toEqual([]);
      // Nor with the frame that draws it: a script requested before the largest paint competes with
      // it on a simulated phone (Lighthouse), even when it starts after the picture's last byte.
      if (path !== "/en/bio") {
        expect(picturePainted, "the first picture's paint (Element Timing)").not.toBeNull();
        expect(
          scripts.filter((script) => script.start < picturePainted!),
          `first picture on screen at ${picturePainted} ms`,
        ).toEqual([]);
      }
      // Every script ran under the response's CSP (a refused one is a console error).
      expect(errors).toEqual([]);
    });
  }

  it("390 px: the menu button (JavaScript only) works and links navigate on the client", async () => {
    const { context, errors } = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await acceptCookies(context, server.url);
    const page = await context.newPage();
    await visit(page, `${server.url}/news`);
    const button = page.locator(".navbar__menu-button");
    await expect.poll(() => button.getAttribute("aria-expanded")).toBe("false");
    await button.click();
    await expect.poll(() => button.getAttribute("aria-expanded")).toBe("true");
    // A client navigation keeps the window (and this marker); a full page load would not.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.locator('#main-nav a[href="/compositions"]').click();
    await page.waitForURL(`${server.url}/compositions`);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(errors).toEqual([]);
  });

  it("every inline script of each page is allowed by the response's policy, and the page has no live module script before it runs", async () => {
    for (const path of PAGES) {
      const res = await fetch(`${server.url}${path}`);
      const html = await res.text();
      // Its nonce on a render, its hash on an answer from the page cache (ADR 021).
      expect(inlineScripts(html).length, path).toBeGreaterThan(2);
      expect(refusedInlineScripts(html, res.headers.get("content-security-policy") ?? ""), path).toEqual([]);
      // The rewrite's assumption about React Router's <Scripts/> output (ADR 015): whatever the
      // quoting, no module script or module preload is left live, and what was rewritten is there:
      // one inert module script that imports the entry, and inert preloads of the entry and root.
      expect(html, path).not.toMatch(/<script\b[^>]*\btype=["']?module\b/i);
      expect(html, path).not.toMatch(/<link\b[^>]*\brel=["']?modulepreload\b/i);
      const inert = [...html.matchAll(/<script\b[^>]*\btype="x-module"[^>]*>([\s\S]*?)<\/script>/g)];
      expect(inert, path).toHaveLength(1);
      expect(inert[0]?.[1], path).toMatch(/import\("\/assets\/entry\.client-[\w-]+\.js"\)/);
      const preloads = [...html.matchAll(/<link\b[^>]*\brel="x-modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]);
      expect(
        preloads.some((href) => /\/entry\.client-/.test(href ?? "")),
        path,
      ).toBe(true);
      expect(
        preloads.some((href) => /\/root-/.test(href ?? "")),
        path,
      ).toBe(true);
    }
  });

  it("without JavaScript the page shows and no script is downloaded", async () => {
    const { context } = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    await acceptCookies(context, server.url);
    const page = await context.newPage();
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await page.goto(`${server.url}/news`, { waitUntil: "load" });
    expect(await page.locator("main h1").isVisible()).toBe(true);
    expect(requested.filter((p) => p.endsWith(".js"))).toEqual([]);
  });
});

/** Every .ts/.tsx file under `dir`. */
const sources = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));

const read = (file: string) => fs.readFileSync(file, "utf8");
const appSources = sources("app").filter((f) => !f.includes(`${path.sep}generated${path.sep}`));

/**
 * Texts written only in some of app/'s files (`isOwn`): string literals and JSX text of ten or more
 * ASCII characters that read as words, and that no other file of app/ contains. A built chunk that
 * holds one of them carries code or texts from those files.
 */
function textsOnlyIn(isOwn: (file: string) => boolean): string[] {
  const texts = new Set<string>();
  for (const file of appSources.filter(isOwn)) {
    for (const m of read(file).matchAll(/"([ -~]{10,80}?)"|>\s*([A-Z][ -;=?-~]{9,80}?)\s*</g)) {
      const text = (m[1] ?? m[2] ?? "").trim();
      if (/^[A-Z][a-z]+( [a-z'A-Z]+)+$/.test(text)) texts.add(text);
    }
  }
  const elsewhere = appSources
    .filter((f) => !isOwn(f))
    .map(read)
    .join("\n");
  return [...texts].filter((t) => !elsewhere.includes(t));
}
const inFolder =
  (...parts: string[]) =>
  (file: string) =>
    file.includes(`${path.sep}${parts.join(path.sep)}${path.sep}`);
const isAdmin = (file: string) => inFolder("routes", "admin")(file) || inFolder("components", "admin")(file);

/** The built scripts a page loads to hydrate: its (inert) module preloads and what they import, transitively. */
async function pageScripts(get: (path: string) => Promise<Response>, pagePath: string): Promise<Map<string, string>> {
  const html = await (await get(pagePath)).text();
  // what React Router renders for the matched routes: preloads and the module script's imports (not the
  // paths its inline manifest lists for other routes)
  const pending = [...html.matchAll(/(?:rel="x-modulepreload" href="|from "|import\(")(\/assets\/[\w.-]+\.js)"/g)].map((m) => m[1] ?? "");
  const scripts = new Map<string, string>();
  while (pending.length) {
    const file = pending.pop() ?? "";
    if (scripts.has(file)) continue;
    const code = await (await get(file)).text();
    scripts.set(file, code);
    // static imports between chunks ("./x.js"); dynamic import() targets load later, on demand
    for (const m of code.matchAll(/(?:^|[;}])\s*import\s*(?:[\w{},*\s$]+from\s*)?"\.\/([\w.-]+\.js)"/g)) pending.push(`/assets/${m[1]}`);
  }
  return scripts;
}

/** A string of keen-slider's own code (its attribute for clickable slides). */
const KEEN_SLIDER_CODE = "data-keen-slider-clickable";

/** Issue 33: the JavaScript a first visit of home loads before the page runs, as a browser gets it. */
const FIRST_LOAD_BUDGET_KB = 115;

describe("what public pages ship", () => {
  it(`a first visit of home loads at most ${FIRST_LOAD_BUDGET_KB} KB of JavaScript as Lighthouse counts it (brotli bodies and headers), in both languages`, async () => {
    for (const pagePath of ["/", "/en"]) {
      const sent = await firstLoadJavaScript(server.url, pagePath);
      const gzip = await firstLoadJavaScript(server.url, pagePath, "gzip");
      const kb = (scripts: ScriptOnTheWire[]) => scripts.reduce((sum, script) => sum + script.transferred, 0) / 1024;
      // the entry, React Router's chunk, the root and home routes, the texts of the page's language
      expect(sent.length, pagePath).toBeGreaterThan(4);
      const table = sent.map((script, i) => `${script.file} ${script.bytes} ${script.encoding}, ${gzip[i]?.bytes} gzip`).join("\n");
      expect(kb(sent), `${pagePath}: ${sent.length} files, ${kb(sent).toFixed(1)} KB (${kb(gzip).toFixed(1)} KB gzip)\n${table}`).toBeLessThanOrEqual(
        FIRST_LOAD_BUDGET_KB,
      );
    }
  });

  it("no script a public page loads to hydrate holds a text of the admin area or of either language's translations, or keen-slider, in both languages", async () => {
    const admin = textsOnlyIn(isAdmin);
    const italian = textsOnlyIn(inFolder("locales", "it"));
    const english = textsOnlyIn(inFolder("locales", "en"));
    // the probes see what they look for: labels of the admin list screens, texts of both languages
    expect(admin).toEqual(expect.arrayContaining(["Righe per pagina", "Aggiungi notizia"]));
    expect(italian.length).toBeGreaterThan(10);
    expect(english.length).toBeGreaterThan(10);
    const staff = new HttpClient(server.url);
    await staff.login();
    const adminScripts = await pageScripts((p) => staff.get(p), "/admin/newsList");
    expect(
      [...adminScripts.values()].some((code) => code.includes("Righe per pagina")),
      "the admin list's own scripts hold its labels",
    ).toBe(true);
    const found: string[] = [];
    const withSlider: string[] = [];
    for (const page of await publicPages(server.url)) {
      for (const pagePath of [page, page === "/" ? "/en" : `/en${page}`]) {
        for (const [file, code] of await pageScripts((p) => fetch(`${server.url}${p}`), pagePath)) {
          // translations come as one chunk per language, fetched by the entry for the page's language
          const text = [...admin, ...italian, ...english].find((t) => code.includes(t));
          if (text) found.push(`${pagePath}: ${file} holds "${text}"`);
          if (code.includes(KEEN_SLIDER_CODE)) withSlider.push(pagePath);
        }
      }
    }
    expect(found).toEqual([]);
    // keen-slider is fetched when a slider of home first moves (home.test.ts), never to hydrate (issue 33)
    expect([...new Set(withSlider)].sort()).toEqual([]);
  });

  it("the browser fetches the translations of the page's language only", async () => {
    const italian = textsOnlyIn(inFolder("locales", "it"));
    const english = textsOnlyIn(inFolder("locales", "en"));
    for (const [pagePath, own, other] of [
      ["/bio", italian, english],
      ["/en/bio", english, italian],
    ] as const) {
      const { context } = await browser.newContext();
      await acceptCookies(context, server.url);
      const page = await context.newPage();
      const scripts: Promise<string>[] = [];
      page.on("response", (response) => {
        if (response.url().endsWith(".js")) scripts.push(response.text());
      });
      await visit(page, `${server.url}${pagePath}`);
      const code = (await Promise.all(scripts)).join("\n");
      expect(own.filter((t) => code.includes(t)).length, `${pagePath}: its own language`).toBeGreaterThan(10);
      expect(
        other.filter((t) => code.includes(t)),
        `${pagePath}: the other language`,
      ).toEqual([]);
    }
  });
});

// The first card's picture (a phone's largest paint; on a detail page its picture) sits after the inline stylesheet and the
// markup above it; a preload in <head> lets the browser ask for it as soon as it reads the head.
// The preload must be the very request the <picture> then makes: a mismatch would fetch twice.
describe("the picture a page shows first is preloaded from the head, as one request", () => {
  const LIST_PAGES = ["/", "/news", "/compositions", "/compositions/colonne%20sonore", "/gallery", "/search?query=colonna", "/art-direction/nebbia%20records"];
  const DETAIL_PAGES = ["/news/in-arrivo-notturno-urbano", "/compositions/colonne%20sonore/nebbia-su-ferrara", "/gallery/1"];
  for (const [width, prefix] of [
    [390, ""],
    [1440, "/en"],
  ] as const) {
    it(`${width} px, ${prefix || "/it"}: home, every list page and the detail pages`, async () => {
      const { context } = await browser.newContext({ viewport: { width, height: 900 } });
      await acceptCookies(context, server.url);
      const page = await context.newPage();
      const problems: string[] = [];
      for (const listPage of [...LIST_PAGES, ...DETAIL_PAGES]) {
        const pictures: string[] = [];
        const record = (request: { resourceType(): string; url(): string }) => {
          if (request.resourceType() === "image") pictures.push(request.url());
        };
        page.on("request", record);
        await visit(page, `${server.url}${prefix}${listPage === "/" && prefix ? "" : listPage}`);
        page.off("request", record);
        const seen = await page.evaluate(() => {
          const preload = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]');
          const first = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
          const candidates = (preload?.imageSrcset ?? "").split(",").map((c) => new URL(c.trim().split(/\s+/)[0] ?? "", location.href).href);
          return { preloaded: preload !== null, candidates, shown: first?.currentSrc ?? null };
        });
        if (!seen.preloaded) problems.push(`${listPage}: no preload in <head>`);
        else if (!seen.shown || !seen.candidates.includes(seen.shown)) problems.push(`${listPage}: shows ${seen.shown}, not one of the preloaded candidates`);
        const twice = pictures.filter((url, i) => pictures.indexOf(url) !== i);
        if (twice.length > 0) problems.push(`${listPage}: fetched twice ${twice.join(", ")}`);
      }
      expect(problems).toEqual([]);
    });
  }
});
