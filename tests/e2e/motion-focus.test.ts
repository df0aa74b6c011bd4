// Issue 13 (Motion and focus): reduced motion stops the hero and the carousel, the hero has a
// pause/play button (WCAG 2.2.2), Back/Forward restore the scroll position, a new page starts at
// the top, and after a client navigation focus moves to the new h1 and the title is announced.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { acceptCookies, browserPerWorker, visit } from "../support/browser";
import { sharedDemoServer } from "../support/server";
import { PAIRWISE } from "../support/survey";

const server = sharedDemoServer();
const browser = browserPerWorker();

async function open(options: { width?: number; reducedMotion?: "reduce" | "no-preference" } = {}) {
  const { context, errors } = await browser.newContext({
    viewport: { width: options.width ?? 1440, height: 900 },
    reducedMotion: options.reducedMotion ?? "no-preference",
  });
  await acceptCookies(context, server.url);
  const page = await context.newPage();
  return { context, page, errors };
}

/**
 * The hero's current slide and the carousel's first slide offset in pixels. keen-slider writes its
 * first transform (translate3d(0px, 0px, 0px)) whenever it has measured the track, possibly after the
 * page hydrated: no transform yet and a zero one are the same position.
 */
const sliderState = (page: Page) =>
  page.evaluate(() => {
    const transform = (document.querySelector(".carousel .keen-slider__slide") as HTMLElement | null)?.style.transform ?? "";
    const offset = /translate3d\(\s*(-?[\d.]+)px/.exec(transform)?.[1];
    return { hero: document.querySelector(".hero__fader")?.getAttribute("data-active"), carousel: offset === undefined ? 0 : Number(offset) };
  });

/** Waits until the carousel's first slide has left `start` (its offset in sliderState). */
const carouselMovedFrom = (page: Page, start: number) =>
  page.waitForFunction((from) => {
    const transform = (document.querySelector(".carousel .keen-slider__slide") as HTMLElement | null)?.style.transform ?? "";
    return Number(/translate3d\(\s*(-?[\d.]+)px/.exec(transform)?.[1] ?? 0) !== from;
  }, start);

describe("reduced motion and the hero's pause control", () => {
  for (const width of [390, 1440]) {
    it(`${width} px: with prefers-reduced-motion the hero and the carousel stay still`, async () => {
      const { context, page } = await open({ width, reducedMotion: "reduce" });
      await page.clock.install();
      await visit(page, `${server.url}/`);
      const before = await sliderState(page);
      await page.clock.runFor(16_000); // three autoplay periods
      expect(await sliderState(page)).toEqual(before);
      // both pause toggles say they are pressed (paused), and the carousel's plays it again (issue 35)
      expect(await page.getByRole("button", { name: "Metti in pausa le immagini", pressed: true }).count()).toBe(1);
      const carouselToggle = page.getByRole("button", { name: "Metti in pausa le composizioni", pressed: true });
      await carouselToggle.click();
      await page.getByRole("button", { name: "Metti in pausa le composizioni", pressed: false }).waitFor();
      await page.clock.runFor(6_000);
      await carouselMovedFrom(page, before.carousel);
      await context.close();
    });

    // The button's place follows the width, its name the language: each width with one language (PAIRWISE).
    const lang = PAIRWISE.find((config) => config.javaScriptEnabled && config.width === width)?.lang ?? "it";
    for (const [prefix, pause] of [lang === "it" ? ["", "Metti in pausa le immagini"] : ["/en", "Pause slideshow"]]) {
      it(`${width} px ${prefix || "/it"}: the hero autoplays until the visible pause button is pressed`, async () => {
        const { context, page } = await open({ width });
        await page.clock.install();
        await visit(page, `${server.url}${prefix}/`);
        // a toggle (issue 35): its name stays, aria-pressed says whether the slides are paused
        const button = page.getByRole("button", { name: pause, pressed: false });
        expect(await button.isVisible()).toBe(true);
        const box = await button.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
        await page.clock.runFor(6_000);
        // keen-slider is fetched for the first step (lazy-slider.ts): the fade starts when it arrives
        await expect.poll(async () => (await sliderState(page)).hero, { timeout: 10_000 }).toBe("1");
        await button.click();
        await page.getByRole("button", { name: pause, pressed: true }).waitFor();
        await page.clock.runFor(16_000);
        expect((await sliderState(page)).hero).toBe("1");
        await context.close();
      });
    }
  }
});

describe("scroll restoration and focus after a client navigation", () => {
  // Scroll positions follow the layout (the width), not the language: each width with one language (PAIRWISE).
  for (const { width, lang } of PAIRWISE.filter((config) => config.javaScriptEnabled)) {
    for (const prefix of [lang === "en" ? "/en" : ""]) {
      it(`${width} px ${prefix || "/it"}: Back lands where the visitor was, a new page starts at the top`, async () => {
        const { context, page, errors } = await open({ width });
        // The last page of the list, whose last card leads to the longest detail page (its attachments).
        const list = `${server.url}${prefix}/news?page=2`;
        await visit(page, list);
        const link = page.locator(".news-card__title a").last();
        await link.scrollIntoViewIfNeeded();
        await page.evaluate(() => window.scrollBy(0, 1)); // a position no layout would land on by itself
        const listY = await page.evaluate(() => Math.round(window.scrollY));
        expect(listY).toBeGreaterThan(300);
        const href = await link.getAttribute("href");
        await Promise.all([page.waitForURL(`${server.url}${href}`), link.click()]);
        await page.locator(".news-detail__title").waitFor();
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
        await page.evaluate(() => window.scrollTo(0, 200));
        await page.goBack();
        await page.waitForURL(list);
        await page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, listY, { timeout: 5_000 }).catch(() => undefined);
        expect(Math.abs((await page.evaluate(() => Math.round(window.scrollY))) - listY)).toBeLessThanOrEqual(2);
        await page.goForward();
        await page.waitForURL(`${server.url}${href}`);
        await page.waitForFunction(() => Math.abs(window.scrollY - 200) <= 2, undefined, { timeout: 5_000 }).catch(() => undefined);
        expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(200);
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }

  for (const [prefix, linkName, announced] of [
    ["", "Contatti", "Pagina caricata: Contatti | Elena Marchetti"],
    ["/en", "Contacts", "Page loaded: Contacts | Elena Marchetti"],
  ]) {
    it(`${prefix || "/it"}: focus moves to the new h1 and the new title is announced, not on the first load`, async () => {
      const { context, page } = await open({ width: 1440 });
      await visit(page, `${server.url}${prefix}/news`);
      const announcer = page.getByTestId("route-announcer");
      expect(await announcer.textContent()).toBe("");
      expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
      await page.locator("#main-nav").getByRole("link", { name: linkName, exact: true }).click();
      await page.waitForURL(`${server.url}${prefix}/contacts`);
      await page.waitForFunction(() => document.activeElement?.tagName === "H1");
      expect(await page.evaluate(() => document.activeElement?.closest("main") !== null)).toBe(true);
      await expect.poll(() => announcer.textContent()).toBe(announced);
      expect(await announcer.getAttribute("aria-live")).toBe("polite");
      await context.close();
    });
  }
});

describe("the mobile menu", () => {
  for (const prefix of ["", "/en"]) {
    it(`390 px ${prefix || "/it"}: Escape closes the menu and focus returns to its toggle`, async () => {
      const { page, errors } = await open({ width: 390 });
      await visit(page, `${server.url}${prefix}/news`);
      const toggle = page.locator(".navbar__menu-button");
      const nav = page.locator("#main-nav");
      // from the toggle itself
      await toggle.click();
      await nav.waitFor({ state: "visible" });
      await page.keyboard.press("Escape");
      await nav.waitFor({ state: "hidden" });
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
      // from a link inside the open menu
      await toggle.click();
      await nav.waitFor({ state: "visible" });
      await nav.getByRole("link").nth(2).focus();
      await page.keyboard.press("Escape");
      await nav.waitFor({ state: "hidden" });
      expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(errors).toEqual([]);
    });
  }
});

describe("the home carousel's auto-advance", () => {
  for (const width of [390, 1440]) {
    it(`${width} px: the hero's pause button stops the carousel too`, async () => {
      const { page } = await open({ width });
      await page.clock.install();
      await visit(page, `${server.url}/`);
      await page.getByRole("button", { name: "Metti in pausa le immagini", pressed: false }).click();
      await page.getByRole("button", { name: "Metti in pausa le immagini", pressed: true }).waitFor();
      const before = await sliderState(page);
      await page.clock.runFor(16_000); // three autoplay periods
      expect(await sliderState(page)).toEqual(before);
      // and pressing it again starts both
      await page.getByRole("button", { name: "Metti in pausa le immagini", pressed: true }).click();
      await page.clock.runFor(6_000);
      await carouselMovedFrom(page, before.carousel);
    });

    it(`${width} px: the carousel's own pause toggle, in view with it, stops the carousel and not the hero`, async () => {
      const { page } = await open({ width });
      await page.clock.install();
      await visit(page, `${server.url}/`);
      const region = page.getByRole("region", { name: /^Composizioni della categoria/ });
      const toggle = region.getByRole("button", { name: "Metti in pausa le composizioni" });
      await region.scrollIntoViewIfNeeded();
      expect(await toggle.getAttribute("aria-pressed")).toBe("false");
      // on screen together with the carousel, while the hero's control has scrolled away
      const box = (await toggle.boundingBox())!;
      const viewport = await page.evaluate(() => ({ top: 0, bottom: window.innerHeight }));
      expect(box.y >= viewport.top && box.y + box.height <= viewport.bottom && box.x + box.width <= width).toBe(true);
      await toggle.click();
      expect(await toggle.getAttribute("aria-pressed")).toBe("true");
      const before = await sliderState(page);
      await page.clock.runFor(16_000); // three autoplay periods
      // the hero goes on (keen-slider arrives for its first step, lazy-slider.ts), the carousel stays
      await expect.poll(async () => (await sliderState(page)).hero, { timeout: 10_000 }).not.toBe(before.hero);
      expect((await sliderState(page)).carousel).toBe(before.carousel);
      await toggle.click();
      expect(await toggle.getAttribute("aria-pressed")).toBe("false");
      await page.clock.runFor(6_000);
      await carouselMovedFrom(page, before.carousel);
    });

    for (const [how, touch] of [
      [
        "a pointer pressed on a card",
        async (page: Page) => {
          const box = (await page.locator(".carousel .music-card__title a").first().boundingBox())!;
          await page.mouse.move(box.x + 2, box.y + 2);
          await page.mouse.down();
        },
      ],
      [
        "keyboard focus on a card",
        async (page: Page) => {
          await page.locator(".carousel .music-card__title a").first().focus();
        },
      ],
    ] as const) {
      it(`${width} px: ${how} stops the carousel where it is`, async () => {
        const { page } = await open({ width });
        await page.clock.install();
        await visit(page, `${server.url}/`);
        await page.locator(".carousel").scrollIntoViewIfNeeded();
        await touch(page);
        const before = (await sliderState(page)).carousel;
        await page.clock.runFor(16_000);
        expect((await sliderState(page)).carousel).toBe(before);
      });
    }
  }
});
