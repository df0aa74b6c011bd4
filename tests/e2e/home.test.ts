import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CAROUSEL_AUTOPLAY_MS } from "~/components/home/CompositionsBrowser";
import { HERO_AUTOPLAY_MS } from "~/components/home/HeroSlider";
import { acceptCookies, imagesWithoutSize, browserPerWorker, visit as visitUrl } from "../support/browser";
import { sharedDemoServer } from "../support/server";

const server = sharedDemoServer();
const visit = (page: Page, path: string) => visitUrl(page, `${server.url}${path}`);
const browser = browserPerWorker();

async function open(options: { javaScriptEnabled?: boolean; width?: number; height?: number } = {}) {
  const { context, errors } = await browser.newContext({
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    viewport: { width: options.width ?? 1400, height: options.height ?? 900 },
  });
  await acceptCookies(context, server.url);
  const page = await context.newPage();
  return { context, page, errors };
}

/** Slides of the carousel wholly inside its box. */
function visibleSlides(page: Page) {
  return page.evaluate(() => {
    const carousel = document.querySelector(".carousel");
    if (!carousel) return -1;
    const box = carousel.getBoundingClientRect();
    return [...carousel.querySelectorAll(".carousel__slide")].filter((slide) => {
      const r = slide.getBoundingClientRect();
      return r.width > 0 && r.left >= box.left - 2 && r.right <= box.right + 2;
    }).length;
  });
}

function carouselHrefs(page: Page) {
  return page.$$eval(".carousel .music-card__cover", (links) => links.map((a) => a.getAttribute("href") ?? ""));
}

async function close(context: BrowserContext) {
  await context.close();
}

describe("home page", () => {
  it("renders hero, compositions, bio, single image, follow row and tiles with localised texts", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    expect(html).toContain("Compositrice Sound Designer");
    // The first hero picture is preloaded in its smallest format (AVIF) with every width.
    expect(html).toMatch(/<link rel="preload" as="image" type="image\/avif" href="\/media\/content\/hero-1\.jpg" imageSrcSet="[^"]*\?w=\d+&amp;fm=avif/i);
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toContain('property="og:image"');
    const en = await (await fetch(`${server.url}/en`)).text();
    expect(en).toContain("Composer Sound Designer");
    expect(en).toContain(">Compositions</h2>");
    expect(en).toContain('href="/en/compositions"');

    const { context, page, errors } = await open();
    await visit(page, "/");
    await expect(page.locator(".hero__title").textContent()).resolves.toBe("Elena Marchetti");
    expect(await page.locator("#home-compositions-title").textContent()).toBe("Composizioni");
    expect(await page.locator(".album-description").count()).toBe(3);
    expect(await page.locator("#home-bio-title").textContent()).toBe("Bio");
    expect(await page.locator(".home-bio__item").count()).toBeGreaterThan(0);
    expect(await page.locator(".home-single-hero img").getAttribute("src")).toBe("/media/content/hero-8.jpg");
    // The demo's follow icons have no address (the composer is invented): no icon leads nowhere.
    expect(await page.locator(".follow-link").count()).toBe(0);
    // Only tiles with an image (the News tile has none)
    const tiles = await page.$$eval(".tile__link", (links) => links.map((a) => a.getAttribute("href")));
    expect(tiles).toEqual(["/compositions", "/art-direction", "/gallery", "/credits", "/portfolio"]);
    // External items open in a new tab, others go to the detail page
    const external = page.locator('.music-card__cover[target="_blank"]');
    expect(await external.count()).toBeGreaterThan(0);
    expect(await external.first().getAttribute("rel")).toContain("noopener");
    expect(await imagesWithoutSize(page)).toEqual([]);
    expect(errors).toEqual([]);
    await close(context);
  });

  it("hero autoplay fades to the next slide", async () => {
    const { context, page, errors } = await open();
    // A fake clock: the 5 s autoplay period passes at once instead of being waited out.
    await page.clock.install();
    await visit(page, "/");
    expect(await page.locator(".hero__fader").getAttribute("data-active")).toBe("0");
    // Pictures are fetched one slide ahead of the one shown, not all eight at once.
    expect(await page.locator(".hero__slide img").count()).toBe(2);
    await page.clock.runFor(HERO_AUTOPLAY_MS + 500);
    await page.waitForFunction(() => document.querySelector(".hero__fader")?.getAttribute("data-active") === "1", null, { timeout: 15_000 });
    await page.waitForFunction(() => document.querySelectorAll(".hero__slide img").length === 3);
    // after the 1.5 s cross-fade the second slide is fully shown and the first hidden
    await page.clock.runFor(2_000);
    await page.waitForFunction(
      () => {
        const slides = document.querySelectorAll<HTMLElement>(".hero__slide");
        return Number(slides[1]?.style.opacity) > 0.99 && Number(slides[0]?.style.opacity) < 0.01;
      },
      null,
      { timeout: 5_000 },
    );
    expect(errors).toEqual([]);
    await close(context);
  });

  it("carousel shows 5, 2 and 1 slides at 1600, 900 and 600 px", async () => {
    for (const [width, expected] of [
      [1600, 5],
      [900, 2],
      [600, 1],
    ] as const) {
      const { context, page, errors } = await open({ width });
      await visit(page, "/");
      await page.waitForFunction(() => Boolean(document.querySelector<HTMLElement>(".carousel__slide")?.style.minWidth));
      await page.waitForFunction(
        (n) => {
          const carousel = document.querySelector(".carousel");
          if (!carousel) return false;
          const box = carousel.getBoundingClientRect();
          const inside = [...carousel.querySelectorAll(".carousel__slide")].filter((slide) => {
            const r = slide.getBoundingClientRect();
            return r.width > 0 && r.left >= box.left - 2 && r.right <= box.right + 2;
          });
          return inside.length === n;
        },
        expected,
        { timeout: 10_000 },
      );
      expect(await visibleSlides(page), `${width}px`).toBe(expected);
      expect(errors).toEqual([]);
      await close(context);
    }
  });

  it("carousel autoplay advances one slide", async () => {
    const { context, page, errors } = await open({ width: 1600 });
    await page.clock.install();
    await visit(page, "/");
    await page.waitForFunction(() => Boolean(document.querySelector<HTMLElement>(".carousel__slide")?.style.minWidth));
    const firstVisible = () =>
      page.evaluate(() => {
        const carousel = document.querySelector(".carousel")!;
        const box = carousel.getBoundingClientRect();
        const slide = [...carousel.querySelectorAll(".carousel__slide")].find((s) => Math.abs(s.getBoundingClientRect().left - box.left) < 3);
        return slide?.querySelector(".music-card")?.getAttribute("data-slug") ?? null;
      });
    const before = await firstVisible();
    expect(before).toBeTruthy();
    // one autoplay period and the slide animation, on the fake clock
    await page.clock.runFor(CAROUSEL_AUTOPLAY_MS + 1_500);
    await page.waitForFunction(
      (slug) => {
        const carousel = document.querySelector(".carousel")!;
        const box = carousel.getBoundingClientRect();
        const slide = [...carousel.querySelectorAll(".carousel__slide")].find((s) => Math.abs(s.getBoundingClientRect().left - box.left) < 3);
        const now = slide?.querySelector(".music-card")?.getAttribute("data-slug");
        return now && now !== slug;
      },
      before,
      { timeout: 12_000 },
    );
    expect(errors).toEqual([]);
    await close(context);
  });

  it("pills filter the carousel instantly with JavaScript (default COLONNE SONORE)", async () => {
    const { context, page, errors } = await open();
    await visit(page, "/");
    expect(await page.locator('.pill[aria-current="true"]').textContent()).toBe("COLONNE SONORE");
    const initial = (await carouselHrefs(page)).filter((h) => h.startsWith("/"));
    expect(initial.length).toBeGreaterThan(0);
    expect(initial.every((h) => h.startsWith("/compositions/colonne%20sonore/"))).toBe(true);
    await page.waitForFunction(() => Boolean(document.querySelector<HTMLElement>(".carousel__slide")?.style.minWidth));
    const url = page.url();
    await page.locator(".pill", { hasText: "TEATRO" }).click();
    await page.waitForFunction(() => document.querySelector('.pill[aria-current="true"]')?.textContent === "TEATRO");
    const hrefs = await carouselHrefs(page);
    expect(hrefs.length).toBe(3);
    expect(hrefs.every((h) => h.startsWith("/compositions/teatro/"))).toBe(true);
    expect(page.url()).toBe(url); // no page load
    expect(errors).toEqual([]);
    await close(context);
  });

  it("pills filter through a query parameter without JavaScript; the first hero slide and a scrollable row show", async () => {
    const { context, page } = await open({ javaScriptEnabled: false, width: 1600 });
    await visit(page, "/");
    const opacities = await page.$$eval(".hero__slide", (slides) => slides.map((s) => getComputedStyle(s).opacity));
    expect(opacities[0]).toBe("1");
    expect(opacities.slice(1).every((o) => o === "0")).toBe(true);
    expect(await page.locator(".hero__title").isVisible()).toBe(true);
    // the carousel is a row that scrolls sideways
    const overflow = await page.$eval(".carousel", (el) => [getComputedStyle(el).overflowX, el.scrollWidth > el.clientWidth]);
    expect(overflow).toEqual(["auto", true]);
    await page.locator(".pill", { hasText: "SOUND DESIGN" }).click();
    await page.waitForURL(/\?category=sound-design#compositions$/);
    expect(await page.locator('.pill[aria-current="true"]').textContent()).toBe("SOUND DESIGN");
    const hrefs = await carouselHrefs(page);
    expect(hrefs.length).toBe(3);
    expect(hrefs.every((h) => h.startsWith("/compositions/sound%20design/"))).toBe(true);
    // a card link works
    await page.locator(".carousel .music-card__title a").first().click();
    await page.waitForURL(/\/compositions\/sound%20design\/[a-z0-9-]+$/);
    expect(await page.locator("h1.composition__title").isVisible()).toBe(true);
    expect(await imagesWithoutSize(page)).toEqual([]);
    await close(context);
  });
});
