import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { acceptCookies, browserPerWorker, visit } from "../support/browser";
import { row, rows, run } from "../support/db";
import { serverPerFile, sharedDemoServer } from "../support/server";
import { configName, errorsOf, localized, PAIRWISE, survey, type ImageRecord, type Lang } from "../support/survey";

// Tests write variants and rows, so the file has a server of its own; the placeholder checks without
// JavaScript read the shared demo server, whose list pages other sweeps record too (support/survey.ts).
const server = serverPerFile();
const demo = sharedDemoServer();
const browser = browserPerWorker();
/** One test loads a dozen or more pages in turn; the machine is shared, so give it room. */
const MATRIX_TIMEOUT = 300_000;
let newsImage = "";

beforeAll(async () => {
  newsImage = row<{ image: string }>(server, "SELECT image FROM News WHERE image IS NOT NULL LIMIT 1").image;
});

const uploads = () => path.join(server.dataDir, "uploads");

describe("AVIF and WebP variants", () => {
  it("answers image/avif for ?fm=avif, makes each variant once and keeps the width limits", async () => {
    const res = await fetch(`${server.url}${newsImage}?w=640&fm=avif`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/avif");
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.subarray(4, 12).toString("latin1")).toBe("ftypavif");
    const cached = path.join(uploads(), ".variants", newsImage.replace(/^\/media\//, ""), "640.avif");
    const { mtimeMs } = fs.statSync(cached);
    const again = await fetch(`${server.url}${newsImage}?w=640&fm=avif`);
    expect(Buffer.from(await again.arrayBuffer()).equals(body)).toBe(true);
    expect(fs.statSync(cached).mtimeMs).toBe(mtimeMs);

    const webp = await fetch(`${server.url}${newsImage}?w=640`);
    expect(webp.headers.get("content-type")).toBe("image/webp");
    expect(body.length).toBeLessThan(Number(webp.headers.get("content-length")));

    for (const query of ["w=641&fm=avif", "w=4000&fm=avif", "w=640&fm=png", "w=640&fm=../x"]) {
      expect((await fetch(`${server.url}${newsImage}?${query}`)).status, query).toBe(404);
    }
    expect(
      fs
        .readdirSync(path.dirname(cached))
        .filter((f) => /^\d+\.(avif|webp)$/.test(f))
        .sort(),
    ).toEqual(["640.avif", "640.webp"]);
  });

  it("makes every stored image's placeholder when it is stored, not when it is shown", async () => {
    const images = rows<{ img: string }>(server, "SELECT img FROM Music UNION SELECT image FROM News");
    for (const { img } of images) {
      const sidecar = path.join(uploads(), ".variants", img.replace(/^\/media\//, ""), "placeholder.txt");
      const uri = fs.readFileSync(sidecar, "utf8");
      expect(uri).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/=]+$/);
      expect(uri.length).toBeLessThan(1200);
    }
  });
});

async function imagesOf(page: Page): Promise<ImageRecord[]> {
  return page.$$eval("main img", (imgs) =>
    imgs.map((img) => ({
      html: img.outerHTML.slice(0, 120),
      inPicture: img.parentElement?.tagName === "PICTURE",
      avif: img.parentElement?.querySelector('source[type="image/avif"]')?.getAttribute("srcset") ?? null,
      background: getComputedStyle(img).backgroundImage,
    })),
  );
}

const LIST_PAGES = ["/", "/news", "/compositions", "/gallery"];

/**
 * The content images of the list pages in `lang` as they are before their pictures arrive; the
 * errors of those loads go to `errors`. With JavaScript they are loaded in `page` with every picture
 * held back, since Picture drops the placeholder once its picture has loaded. Without JavaScript
 * nothing drops it (the placeholder is the server's inline style), so a held-back picture changes
 * nothing these checks read: the survey's records of the shared demo server serve.
 */
async function listPagesWithoutPictures(page: Page, javaScriptEnabled: boolean, width: number, lang: Lang, errors: string[]) {
  if (!javaScriptEnabled) {
    const records = await survey(
      browser,
      demo,
      { javaScriptEnabled, width },
      LIST_PAGES.map((p) => localized(p, lang)),
    );
    errors.push(...errorsOf(records));
    return records;
  }
  await page.route("**/media/**", (route) => (route.request().resourceType() === "image" ? route.abort() : route.continue()));
  const seen: { path: string; images: ImageRecord[] }[] = [];
  for (const p of LIST_PAGES) {
    await visit(page, `${server.url}${localized(p, lang)}`);
    seen.push({ path: p, images: await imagesOf(page) });
  }
  await page.unroute("**/media/**");
  return seen;
}

describe("the largest picture of a list page", () => {
  it("fetches the first card's picture at once with high priority and leaves the others lazy", async () => {
    for (const page of ["/news", "/compositions", "/gallery", "/search?query=a", "/en/news"]) {
      const html = await (await fetch(`${server.url}${page}`)).text();
      const images = [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0]).filter((tag) => tag.includes('loading="'));
      expect(images.length, page).toBeGreaterThan(1);
      const [first, ...rest] = images;
      expect(first, page).toContain('loading="eager"');
      expect(first, page).toContain('fetchPriority="high"');
      for (const other of rest) expect(other, page).toContain('loading="lazy"');
    }
  });
});

describe("pictures in the browser", () => {
  for (const { javaScriptEnabled, width, lang } of PAIRWISE) {
    it(
      `AVIF first, a placeholder behind every image, a designed fallback for items without one (${configName({ javaScriptEnabled, width, lang })})`,
      async () => {
        run(
          server,
          "INSERT OR IGNORE INTO News (slug, title, titleEng, description, descriptionEng, date, image, categoryId, createdAt, updatedAt) " +
            "SELECT 'senza-immagine', 'Senza immagine', 'Without a picture', '<p>Testo</p>', '<p>Text</p>', '2099-01-01', NULL, categoryId, createdAt, updatedAt FROM News LIMIT 1",
        );
        const { context, errors } = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 900 } });
        await acceptCookies(context, server.url);
        const page = await context.newPage();
        // 1. With the pictures held back, every image still shows its placeholder
        for (const { path, images } of await listPagesWithoutPictures(page, javaScriptEnabled, width, lang, errors)) {
          expect(images.length, path).toBeGreaterThan(0);
          for (const img of images) {
            expect(img.inPicture, img.html).toBe(true);
            expect(img.avif, img.html).toMatch(/\?w=\d+&fm=avif \d+w/);
            expect(img.background, img.html).toMatch(/^url\("data:image\/webp;base64,/);
          }
        }

        // 2. The browser picks the AVIF candidate, and it answers image/avif
        await visit(page, `${server.url}${localized("/news", lang)}`);
        const first = page.locator(".news-card img").first();
        await first.scrollIntoViewIfNeeded();
        await page.waitForFunction(() => {
          const img = document.querySelector<HTMLImageElement>(".news-card img");
          return Boolean(img?.complete && img.naturalWidth > 0);
        });
        const chosen = await first.evaluate((img: HTMLImageElement) => img.currentSrc);
        expect(chosen).toMatch(/fm=avif/);
        const res = await fetch(chosen);
        expect(res.headers.get("content-type")).toBe("image/avif");

        // 3. A news item without a picture shows the designed fallback, not an empty box
        const card = page.locator('.news-card[data-slug="senza-immagine"]');
        const fallback = card.locator("[data-testid=image-fallback]");
        expect(await fallback.count()).toBe(1);
        const look = await fallback.evaluate((el) => {
          const box = el.getBoundingClientRect();
          const media = el.closest(".news-card__media")!.getBoundingClientRect();
          return {
            width: box.width,
            height: box.height,
            mediaWidth: media.width,
            mediaHeight: media.height,
            background: getComputedStyle(el).backgroundImage,
            icon: Boolean(el.querySelector("svg")),
          };
        });
        expect(look.width).toBeCloseTo(look.mediaWidth, 0);
        expect(look.height).toBeCloseTo(look.mediaHeight, 0);
        expect(look.height).toBeGreaterThan(50);
        expect(look.background).toMatch(/gradient/);
        expect(look.icon).toBe(true);
        expect(errors.filter((e) => !e.includes("net::ERR_FAILED"))).toEqual([]);
        await context.close();
      },
      MATRIX_TIMEOUT,
    );
  }
});
