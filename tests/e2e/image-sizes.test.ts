// A picture's `sizes` tells the browser how wide its slot will be before any CSS is applied, so it
// picks the variant to fetch from it: a slot announced too wide downloads pixels nobody sees, one
// announced too narrow shows a blurred picture. Each card list's `sizes` must follow the columns of
// its grid (the stylesheet's breakpoints) at every width.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { acceptCookies, browserPerWorker, visit } from "../support/browser";
import { firstHref } from "../support/routes";
import { sharedDemoServer } from "../support/server";

const server = sharedDemoServer();
const browser = browserPerWorker();

/** Widths on both sides of every card-grid breakpoint (576, 768, 992, 1200, 1400 px). */
const WIDTHS = [390, 700, 900, 1100, 1300, 1500];

/**
 * For the first picture in `main`, the slot its `sizes` announces at the current width (the first
 * media condition that matches, in CSS pixels) and the width it is laid out at.
 */
function firstPictureSlot(page: Page) {
  return page.evaluate(() => {
    const img = document.querySelector<HTMLImageElement>("main picture img[sizes]");
    if (!img) return null;
    const entries = (img.getAttribute("sizes") ?? "").split(",").map((part) => part.trim());
    // The length of the first entry whose media condition matches, measured as a box of that width
    // (so vw, px and calc() are all read as the browser reads them).
    let announced = 0;
    for (const entry of entries) {
      const match = /^(\([^)]*\))?\s*(.+)$/.exec(entry);
      if (!match) continue;
      const [, condition, length] = match;
      if (condition && !window.matchMedia(condition).matches) continue;
      const probe = document.createElement("div");
      probe.style.cssText = `position: absolute; visibility: hidden; width: ${length}`;
      document.body.append(probe);
      announced = probe.getBoundingClientRect().width;
      probe.remove();
      break;
    }
    return { announced, laidOut: img.getBoundingClientRect().width, sizes: img.getAttribute("sizes") };
  });
}

describe("picture sizes follow the card grids", () => {
  it("the first picture of home and of every list page announces a slot within a fifth of the width it is laid out at, from phone to wide desktop", async () => {
    const { context } = await browser.newContext();
    await acceptCookies(context, server.url);
    const page = await context.newPage();
    const lists = [
      "/",
      "/news",
      "/compositions",
      await firstHref(server.url, "/compositions", /href="(\/compositions\/[^"/]+)"/),
      "/gallery",
      "/credits",
      await firstHref(server.url, "/art-direction", /href="(\/art-direction\/[^"/]+)"/),
      "/search?query=colonna",
    ];
    const mismatches: string[] = [];
    for (const path of lists) {
      await visit(page, `${server.url}${path}`);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        const slot = await firstPictureSlot(page);
        expect(slot, `${path}: a picture with sizes`).not.toBeNull();
        const ratio = slot!.announced / slot!.laidOut;
        // The page's side padding and grid gaps make a slot a little narrower than its share of the
        // viewport: up to a fifth either way is the same variant or the next one.
        if (ratio < 0.8 || ratio > 1.25)
          mismatches.push(`${path} at ${width} px: sizes says ${Math.round(slot!.announced)} px, laid out at ${Math.round(slot!.laidOut)} px (${slot!.sizes})`);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
