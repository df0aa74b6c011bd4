// Issue 13 (Defects): a news item with a long word and a pasted URL must not widen the page on a
// 390 px phone (it was 1,605 px wide, the menu button off-screen) nor be clipped in its card.
import { beforeAll, describe, expect, it } from "vitest";
import { acceptCookies, browserPerWorker, visit } from "../support/browser";
import { row, run } from "../support/db";
import { appPerFile } from "../support/in-process";

const server = appPerFile();
const browser = browserPerWorker();
const LONG_WORD = "Precipitevolissimevolmente".repeat(4);
const LONG_URL = `https://www.example.com/${"percorso-molto-lungo-".repeat(12)}fine?query=${"x".repeat(80)}`;
let slug: string;

beforeAll(async () => {
  // Written straight into the database (the test DB helper), as the admin form would store it.
  const category = row<{ id: number }>(server, "SELECT id FROM Category WHERE type = 'news' ORDER BY id LIMIT 1");
  run(
    server,
    "INSERT INTO News (slug, title, titleEng, description, descriptionEng, date, categoryId, updatedAt) VALUES ('annuncio-lungo', ?, ?, ?, ?, '2099-01-01', ?, ?)",
    `Annuncio ${LONG_WORD}`,
    `Announcement ${LONG_WORD}`,
    `<p>Leggi ${LONG_URL} e ${LONG_WORD}</p>`,
    `<p>Read ${LONG_URL} and ${LONG_WORD}</p>`,
    category.id,
    Date.now(),
  );
  slug = row<{ slug: string }>(server, "SELECT slug FROM News WHERE title LIKE 'Annuncio %'").slug;
});

describe("long words and pasted URLs at 390 px", () => {
  for (const javaScriptEnabled of [true, false]) {
    for (const prefix of ["", "/en"]) {
      it(`JS ${javaScriptEnabled ? "on" : "off"}, ${prefix || "/it"}: detail, list, search and home stay 390 px wide; cards do not clip`, async () => {
        const { context } = await browser.newContext({ javaScriptEnabled, viewport: { width: 390, height: 844 } });
        await acceptCookies(context, server.url);
        const page = await context.newPage();
        for (const path of [`/news/${slug}`, "/news", `/search?query=${LONG_WORD.slice(0, 20)}`, "/"]) {
          await visit(page, `${server.url}${prefix}${path}`);
          expect.soft(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
          if (javaScriptEnabled) {
            const button = await page.locator(".navbar__menu-button").boundingBox();
            expect.soft(button && button.x + button.width, `${path}: menu button on screen`).toBeLessThanOrEqual(390);
          }
        }
        await visit(page, `${server.url}${prefix}/news`);
        const card = page.locator(".news-card", { hasText: LONG_WORD.slice(0, 30) });
        expect(await card.count()).toBe(1);
        // nothing inside the card is wider than the card (its overflow is hidden, so wider text is cut)
        const clipped = await card.evaluate((el) => {
          const box = el.getBoundingClientRect();
          return [...el.querySelectorAll("*")]
            .filter((c) => c.getBoundingClientRect().right > box.right + 1 || (c.clientWidth > 0 && c.scrollWidth > c.clientWidth + 1))
            .map((c) => c.className);
        });
        expect(clipped).toEqual([]);
        await context.close();
      });
    }
  }
});
