// The "every public page" sweeps of several e2e files (feeds and structured data in <head>, inlined
// CSS, clean consoles, sized pictures, shared classes) used to load the same pages, each file in its
// own loop: a page load is most of what a browser test costs on this CPU-bound machine. Here a page is
// loaded once per browser configuration and worker, everything those sweeps read is recorded, and the
// sweeps assert over the records.
//
// The records are kept at module level: the e2e project runs its files with `isolate: false`, so every
// file a worker runs shares them (the other worker records its own, of the same server). Only the
// shared read-only demo server (sharedDemoServer) is surveyed: a record must not depend on rows a test
// changed.
import type { Request, Response } from "playwright-core";
import type { TestBrowser } from "./browser";
import { visit } from "./browser";
import type { ServerInfo } from "./server";

/** A browser configuration the sweeps run in: JavaScript on or off, the viewport's width. */
type SurveyConfig = { javaScriptEnabled: boolean; width: number };

export type Lang = "it" | "en";

/**
 * The browser configurations the every-page sweeps run in, each with one language: together they hold every
 * pair of (JavaScript on or off, phone or desktop width, Italian or English) once. A behaviour that does not
 * depend on all three together is so proven once for each value of each, with half the page loads of the
 * whole 2 x 2 x 2 (issue 33). A test whose subject differs by the combination itself keeps its own loops.
 */
export const PAIRWISE: readonly (SurveyConfig & { lang: Lang })[] = [
  { javaScriptEnabled: true, width: 390, lang: "it" },
  { javaScriptEnabled: true, width: 1440, lang: "en" },
  { javaScriptEnabled: false, width: 390, lang: "en" },
  { javaScriptEnabled: false, width: 1440, lang: "it" },
];

/** "JavaScript on, 390 px, it": a configuration as a test's name says it. */
export const configName = (config: SurveyConfig & { lang?: Lang }) =>
  `JavaScript ${config.javaScriptEnabled ? "on" : "off"}, ${config.width} px${config.lang ? `, ${config.lang}` : ""}`;

/** `path` in `lang`: English pages start with "/en", and the English home page is "/en". */
export const localized = (path: string, lang: Lang) => (lang === "it" ? path : path === "/" ? "/en" : `/en${path}`);

/**
 * Computed styles the sweeps compare, of the first element matching each selector. A sweep that
 * compares another one adds its selector here.
 */
const STYLES = {
  body: ["display"],
  "#home-compositions-title": ["text-align", "font-size"],
  ".pills .pill": ["text-transform"],
  ".section-title": ["text-align", "font-size"],
  ".card-grid": ["grid-template-columns"],
  ".work-card__artists .pill": ["text-transform"],
} as const;

type StyleSelector = keyof typeof STYLES;

/**
 * The computed `property` of the first element matching `selector` on `page` (both listed in STYLES);
 * fails when no element matches, as `page.$eval` did.
 */
export function computedStyle<S extends StyleSelector>(page: PageRecord, selector: S, property: (typeof STYLES)[S][number]): string {
  const styles = page.styles[selector];
  if (!styles) throw new Error(`no ${selector} on ${page.path}`);
  return styles[property] ?? "";
}

/** A content image (`main img`) as the image checks read it. */
export type ImageRecord = {
  /** The start of its HTML, to name it in a failure. */
  html: string;
  inPicture: boolean;
  /** The srcset of its <picture>'s AVIF source (null when there is none). */
  avif: string | null;
  /** Its computed background-image: the blurred placeholder. */
  background: string;
};

/** What one load of one page showed. Lists hold every match in document order, so "exactly one" can be asserted. */
export type PageRecord = {
  /** As visited: "/en/news". */
  path: string;
  /** Every console message, as "type: text", and every uncaught exception, as "pageerror: message". */
  console: string[];
  /** Console errors ("console: text") and uncaught exceptions, as browserPerWorker's `errors` collects them. */
  errors: string[];
  /** Paths of the stylesheets the page fetched while loading. */
  stylesheetRequests: string[];
  /** The page's CSS: its <style> elements and the stylesheets it fetched. */
  css: string;
  /** Length of the text of `head style#site-css` (null when there is none). */
  siteCssLength: number | null;
  title: string;
  /** The content of each `meta[name="description"]`. */
  descriptions: (string | null)[];
  /** The href of each `link[rel="canonical"]`. */
  canonicals: (string | null)[];
  /** The content of each `meta[property]`, by property (og:url, og:type...). */
  metaProperties: Record<string, (string | null)[]>;
  /** The RSS feeds `<head>` links (`link[rel="alternate"][type="application/rss+xml"]`). */
  feeds: { href: string | null; title: string | null }[];
  /** The text of each `script[type="application/ld+json"]`. */
  jsonLd: string[];
  /** The text of each h1. */
  h1s: (string | null)[];
  images: ImageRecord[];
  /** The HTML of each content image without width or height (browser.ts imagesWithoutSize). */
  imagesWithoutSize: string[];
  /** The computed STYLES of the first element matching each selector (null when none matches). */
  styles: Record<StyleSelector, Record<string, string> | null>;
};

/**
 * With JavaScript, a page is recorded once it has hydrated and no request has been in flight for
 * this long since: the pictures near the viewport (lazy, so not waited for by the load event) and
 * what hydration fetches end first, and a failure among them (a console error) is in the page's
 * record, not lost or put in the next page's. Requests after hydration start within a few tens of
 * ms (the hero's next slide); Playwright's "networkidle", which the every-page hygiene sweep waited
 * for, waits 500 ms without a request and cost a third of a second a page.
 * Without JavaScript there is nothing to wait for: Chromium loads lazy pictures at once when
 * scripting is off, so the load event came after every request of the page.
 */
const QUIET_MS = 100;
/** A request still loading this long after hydration fails the sweep (networkidle's own limit was 30 s). */
const QUIET_LIMIT_MS = 15_000;

/** The `errors` of `pages`, each after the path of its page. */
export const errorsOf = (pages: readonly PageRecord[]) => pages.flatMap((page) => page.errors.map((error) => `${page.path}: ${error}`));

/** Records by configuration and server, then by path; a record is a promise while its page loads. */
const surveys = new Map<string, Map<string, Promise<PageRecord>>>();

/**
 * The records of `paths` (as visited: "/en/news") in `config` on the shared demo server. Pages this worker
 * has not recorded in `config` yet are loaded now, one after the other in one page of one new context
 * (closed after). The visitor has not answered the cookie banner: consent only hides the banner
 * (app/root.tsx), so such a page shows everything one with consent does, and the banner too.
 */
export async function survey(browser: TestBrowser, server: ServerInfo, config: SurveyConfig, paths: readonly string[]): Promise<PageRecord[]> {
  const key = `${server.url} JavaScript ${config.javaScriptEnabled ? "on" : "off"} ${config.width} px`;
  const records = surveys.get(key) ?? new Map<string, Promise<PageRecord>>();
  surveys.set(key, records);
  const missing = [...new Set(paths.filter((path) => !records.has(path)))];
  if (missing.length > 0) {
    const loading = load(browser, server, config, missing);
    missing.forEach((path, i) =>
      records.set(
        path,
        loading.then((loaded) => loaded[i]!),
      ),
    );
    // A failed load (a timeout on a loaded machine) is tried again by the next sweep that needs it.
    loading.catch(() => missing.forEach((path) => records.delete(path)));
  }
  return Promise.all(paths.map((path) => records.get(path)!));
}

async function load(browser: TestBrowser, server: ServerInfo, config: SurveyConfig, paths: string[]): Promise<PageRecord[]> {
  const { context } = await browser.newContext({ javaScriptEnabled: config.javaScriptEnabled, viewport: { width: config.width, height: 900 } });
  try {
    const page = await context.newPage();
    let current = { console: [] as string[], errors: [] as string[], stylesheets: [] as { path: string; body: Promise<string> }[] };
    page.on("console", (msg) => {
      current.console.push(`${msg.type()}: ${msg.text()}`);
      if (msg.type() === "error") current.errors.push(`console: ${msg.text()}`);
    });
    page.on("pageerror", (err) => {
      current.console.push(`pageerror: ${err.message}`);
      current.errors.push(`pageerror: ${err.message}`);
    });
    const inFlight = new Set<Request>();
    let quietSince = Date.now();
    const ended = (request: Request) => {
      if (inFlight.delete(request) && inFlight.size === 0) quietSince = Date.now();
    };
    page.on("request", (request) => inFlight.add(request));
    page.on("requestfinished", ended);
    page.on("requestfailed", ended);
    page.on("response", (response: Response) => {
      if (response.request().resourceType() !== "stylesheet") return;
      current.stylesheets.push({ path: new URL(response.url()).pathname, body: response.text().catch(() => "") });
    });
    const loaded: PageRecord[] = [];
    for (const path of paths) {
      current = { console: [], errors: [], stylesheets: [] };
      await visit(page, `${server.url}${path}`);
      if (config.javaScriptEnabled) {
        // the quiet time counts from hydration at the earliest: what hydration starts is the page's too
        quietSince = Math.max(quietSince, Date.now());
        const limit = Date.now() + QUIET_LIMIT_MS;
        while (inFlight.size > 0 || Date.now() - quietSince < QUIET_MS) {
          if (Date.now() > limit)
            throw new Error(`${path}: still loading ${QUIET_LIMIT_MS} ms after hydration: ${[...inFlight].map((r) => r.url()).join(", ")}`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
      const seen = await page.evaluate((styles) => {
        const all = (selector: string) => [...document.querySelectorAll(selector)];
        const metaProperties: Record<string, (string | null)[]> = {};
        for (const meta of all("meta[property]")) (metaProperties[meta.getAttribute("property")!] ??= []).push(meta.getAttribute("content"));
        const computed = Object.fromEntries(
          Object.entries(styles).map(([selector, properties]) => {
            const element = document.querySelector(selector);
            if (!element) return [selector, null];
            const style = getComputedStyle(element);
            return [selector, Object.fromEntries(properties.map((property) => [property, style.getPropertyValue(property)]))];
          }),
        );
        const images = all("main img") as HTMLImageElement[];
        return {
          inlineCss: all("style").map((s) => s.textContent ?? ""),
          siteCssLength: document.querySelector("head style#site-css")?.textContent?.length ?? null,
          title: document.title,
          descriptions: all('meta[name="description"]').map((m) => m.getAttribute("content")),
          canonicals: all('link[rel="canonical"]').map((l) => l.getAttribute("href")),
          metaProperties,
          feeds: all('head link[rel="alternate"][type="application/rss+xml"]').map((l) => ({ href: l.getAttribute("href"), title: l.getAttribute("title") })),
          jsonLd: all('script[type="application/ld+json"]').map((s) => s.textContent ?? ""),
          h1s: all("h1").map((h) => h.textContent),
          images: images.map((img) => ({
            html: img.outerHTML.slice(0, 120),
            inPicture: img.parentElement?.tagName === "PICTURE",
            avif: img.parentElement?.querySelector('source[type="image/avif"]')?.getAttribute("srcset") ?? null,
            background: getComputedStyle(img).backgroundImage,
          })),
          imagesWithoutSize: images.filter((img) => !img.getAttribute("width") || !img.getAttribute("height")).map((img) => img.outerHTML),
          styles: computed as Record<StyleSelector, Record<string, string> | null>,
        };
      }, STYLES);
      const { inlineCss, ...rest } = seen;
      const sheets = current.stylesheets;
      loaded.push({
        path,
        console: current.console,
        errors: current.errors,
        stylesheetRequests: sheets.map((s) => s.path),
        css: [...inlineCss, ...(await Promise.all(sheets.map((s) => s.body)))].join("\n"),
        ...rest,
      });
    }
    return loaded;
  } finally {
    await context.close();
  }
}
