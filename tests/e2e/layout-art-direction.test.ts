// Issue 13 (Layout): the labels of /art-direction were one 280 px column at 1440 px (75 % of the
// width empty); they form a responsive grid: several columns on a desktop, one on a phone.
import { describe, expect, it } from "vitest";
import { acceptCookies, browserPerWorker, visit } from "../support/browser";
import { sharedDemoServer } from "../support/server";

const server = sharedDemoServer();
const browser = browserPerWorker();

describe("the labels of /art-direction", () => {
  for (const javaScriptEnabled of [true, false]) {
    for (const prefix of ["", "/en"]) {
      for (const [width, maxColumns] of [
        [1440, 4],
        [390, 1],
      ] as const) {
        it(`${width} px, JS ${javaScriptEnabled ? "on" : "off"}, ${prefix || "/it"}: up to ${maxColumns} column(s), using the width`, async () => {
          const { context } = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 900 } });
          await acceptCookies(context, server.url);
          const page = await context.newPage();
          await visit(page, `${server.url}${prefix}/art-direction`);
          const layout = await page.evaluate(() => {
            const cards = [...document.querySelectorAll(".labels .label-card")].map((c) => c.getBoundingClientRect());
            const section = document.querySelector(".labels")!.getBoundingClientRect();
            return {
              cards: cards.length,
              columns: new Set(cards.map((r) => Math.round(r.left))).size,
              used: (Math.max(...cards.map((r) => r.right)) - Math.min(...cards.map((r) => r.left))) / section.width,
              scrollWidth: document.documentElement.scrollWidth,
            };
          });
          expect(layout.cards).toBeGreaterThanOrEqual(3);
          expect(layout.columns).toBe(Math.min(maxColumns, layout.cards));
          expect(layout.used).toBeGreaterThan(0.9);
          expect(layout.scrollWidth).toBeLessThanOrEqual(width);
          await context.close();
        });
      }
    }
  }
});
