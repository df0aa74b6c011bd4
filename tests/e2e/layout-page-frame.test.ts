// The page frame around the content (issue 21): no white band between a dark page end and the dark
// footer, none under the footer of a short page (with or without the cookie banner), and the bio
// texts use the width of a desktop screen.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { acceptCookies, browserPerWorker, visit } from "../support/browser";
import { firstHref } from "../support/routes";
import { sharedDemoServer } from "../support/server";

const server = sharedDemoServer();
const browser = browserPerWorker();

/** Where the footer starts and ends against the block above it and the end of the document. */
const footerFrame = (page: Page) =>
  page.evaluate(() => {
    const footerElement = document.querySelector("footer.footer")!;
    const footer = footerElement.getBoundingClientRect();
    const main = document.querySelector("main")!;
    const lastBlock = main.lastElementChild!.getBoundingClientRect();
    // The main area shows between its last block and the footer: it counts as a gap unless it is dark like the footer.
    const mainIsDark = getComputedStyle(main).backgroundColor === getComputedStyle(footerElement).backgroundColor;
    return {
      gapAbove: Math.round(footer.top - (mainIsDark ? main.getBoundingClientRect().bottom : lastBlock.bottom)),
      whiteBelow: Math.max(0, Math.round(document.documentElement.scrollHeight - (footer.bottom + window.scrollY))),
      footerBottom: Math.round(footer.bottom + window.scrollY),
      viewport: window.innerHeight,
    };
  });

describe("footer", () => {
  for (const width of [390, 1440]) {
    it(`${width} px: a composition's dark section runs straight into the dark footer`, async () => {
      const detail = await firstHref(server.url, "/compositions", /href="(\/compositions\/[^"/]+\/[^"/]+)"/);
      const { context } = await browser.newContext({ viewport: { width, height: 900 } });
      await acceptCookies(context, server.url);
      const page = await context.newPage();
      await visit(page, `${server.url}${detail}`);
      expect(await page.evaluate(() => document.querySelector("main")!.lastElementChild!.className)).toBe("composition");
      expect((await footerFrame(page)).gapAbove).toBe(0);
    });

    for (const javaScriptEnabled of [true, false]) {
      for (const consented of [true, false]) {
        it(`${width} px, JavaScript ${javaScriptEnabled ? "on" : "off"}, cookie banner ${consented ? "answered" : "shown"}: the footer of a short page ends the document at or below the viewport's bottom`, async () => {
          const { context } = await browser.newContext({ viewport: { width, height: 900 }, javaScriptEnabled });
          if (consented) await acceptCookies(context, server.url);
          const page = await context.newPage();
          for (const path of ["/login", "/no-such-page"]) {
            await visit(page, `${server.url}${path}`);
            const frame = await footerFrame(page);
            expect(frame.whiteBelow, path).toBe(0);
            expect(frame.footerBottom, path).toBeGreaterThanOrEqual(frame.viewport);
          }
        });
      }
    }
  }
});

describe("bio", () => {
  it("1440 px: the texts fill the container, not its left two thirds", async () => {
    const { context } = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await acceptCookies(context, server.url);
    const page = await context.newPage();
    await visit(page, `${server.url}/bio`);
    const { container, textsRight } = await page.evaluate(() => {
      const box = document.querySelector(".bio-page")!.getBoundingClientRect();
      const style = getComputedStyle(document.querySelector(".bio-page")!);
      const right = Math.max(...[...document.querySelectorAll(".bio-text")].map((el) => el.getBoundingClientRect().right));
      return { container: { left: box.left + parseFloat(style.paddingLeft), right: box.right - parseFloat(style.paddingRight) }, textsRight: right };
    });
    expect(textsRight).toBeGreaterThan(container.right - 2);
  });

  it("390 px: one column of texts, nothing wider than the screen", async () => {
    const { context } = await browser.newContext({ viewport: { width: 390, height: 900 } });
    await acceptCookies(context, server.url);
    const page = await context.newPage();
    await visit(page, `${server.url}/bio`);
    const lefts = await page.$$eval(".bio-text", (texts) => new Set(texts.map((el) => Math.round(el.getBoundingClientRect().left))).size);
    expect(lefts).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
