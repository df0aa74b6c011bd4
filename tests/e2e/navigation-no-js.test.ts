// Issue 13 (Defects): without JavaScript, up to 1199 px, the menu opens below the bar; every link
// must be readable (it was white on white on the white-header pages) and lead to its page.
import { describe, expect, it } from "vitest";
import { acceptCookies, browserPerWorker } from "../support/browser";
import { sharedDemoServer } from "../support/server";

const server = sharedDemoServer();
const browser = browserPerWorker();

/** WCAG contrast of each nav link's text against the first opaque background behind it. */
const linkContrasts = `(() => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }).reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const background = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length === 3 || (c.length === 4 && c[3] > 0.9)) return c;
    }
    return [255, 255, 255];
  };
  return [...document.querySelectorAll("#main-nav a")].map((a) => {
    const box = a.getBoundingClientRect();
    const fg = lum(rgb(getComputedStyle(a).color)), bg = lum(background(a));
    const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return { text: a.textContent.trim(), ratio: Math.round(ratio * 100) / 100, onScreen: box.width > 0 && box.left >= 0 && box.right <= innerWidth, reachable: a.contains(hit) };
  });
})()`;

describe("the menu without JavaScript on tablets and phones", () => {
  for (const width of [390, 768, 1024]) {
    for (const [lang, path, contacts] of [
      ["it", "/news", "Contatti"],
      ["en", "/en/news", "Contacts"],
      ["it", "/", "Contatti"],
      ["en", "/en/compositions", "Contacts"],
    ] as const) {
      it(`${width} px, ${path} (${lang}): every link readable, on screen and leads to its page`, async () => {
        const { context } = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 } });
        await acceptCookies(context, server.url);
        const page = await context.newPage();
        await page.goto(`${server.url}${path}`);
        const links = (await page.evaluate(linkContrasts)) as { text: string; ratio: number; onScreen: boolean; reachable: boolean }[];
        expect(links.length).toBe(11); // ten pages and the language toggle
        for (const link of links) {
          expect.soft(link.ratio, `${link.text} contrast`).toBeGreaterThanOrEqual(4.5);
          expect.soft(link.onScreen, `${link.text} on screen`).toBe(true);
          expect.soft(link.reachable, `${link.text} not covered`).toBe(true);
        }
        await Promise.all([page.waitForURL(/\/contacts$/), page.locator("#main-nav").getByRole("link", { name: contacts, exact: true }).click()]);
        expect(await page.locator("h1").first().textContent()).toBeTruthy();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await context.close();
      });
    }
  }
});
