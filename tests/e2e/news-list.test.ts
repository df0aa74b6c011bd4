import { describe, expect, it } from "vitest";
import { acceptCookies, browserPerWorker, visit } from "../support/browser";
import { count } from "../support/db";
import { raw } from "../support/http";
import { sharedDemoServer } from "../support/server";

/**
 * issue 21: the news list had no pagination: every card on one page, 10,334 px tall at 390 px with
 * the 18 demo news items. It now shows 12 a page, with plain links that work without JavaScript.
 */
const server = sharedDemoServer(); // reads only: the shared demo server
const browser = browserPerWorker();

async function openPage(width: number) {
  const { context, errors } = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 800 } });
  await acceptCookies(context, server.url);
  return { page: await context.newPage(), errors };
}

describe("news list pages (issue 21)", () => {
  it("without JavaScript at 390 px: 12 cards a page, page 2 by a plain link, every item on one of the two pages", async () => {
    expect(count(server, "News")).toBe(18);
    const { page, errors } = await openPage(390);
    await visit(page, `${server.url}/news`);
    const firstPage = await page.locator(".news-card").evaluateAll((cards) => cards.map((c) => c.getAttribute("data-slug")));
    expect(firstPage).toHaveLength(12);
    // Twelve cards in one column, not eighteen: well under the 10,334 px of the whole list.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(8_000);
    const nav = page.getByRole("navigation", { name: "Pagine delle news" });
    expect(await nav.locator('[aria-current="page"]').textContent()).toBe("1");
    expect(await nav.locator(".pagination__prev").getAttribute("aria-disabled")).toBe("true");
    const next = nav.locator(".pagination__next");
    expect(await next.getAttribute("href")).toBe("/news?page=2");
    expect(await next.getAttribute("rel")).toBe("next");
    await Promise.all([page.waitForURL(`${server.url}/news?page=2`), next.click()]);
    const secondPage = await page.locator(".news-card").evaluateAll((cards) => cards.map((c) => c.getAttribute("data-slug")));
    expect(secondPage).toHaveLength(6);
    expect(new Set([...firstPage, ...secondPage]).size).toBe(18);
    expect(await page.locator(".pagination__prev").getAttribute("rel")).toBe("prev");
    expect(await page.locator(".pagination__next").getAttribute("aria-disabled")).toBe("true");
    expect(await page.title()).toBe("News – pagina 2 | Elena Marchetti");
    expect(errors).toEqual([]);
  });

  it("each page has its own canonical, and prev/next links in the head, in both languages", async () => {
    for (const [prefix, pageWord] of [
      ["", "pagina"],
      ["/en", "page"],
    ]) {
      const one = await raw(server.url, "GET", `${prefix}/news`);
      expect(one.body).toContain(`<link rel="canonical" href="${server.url}${prefix}/news"/>`);
      expect(one.body).toContain(`<link rel="next" href="${prefix}/news?page=2"/>`);
      expect(one.body).not.toContain('rel="prev"');
      const two = await raw(server.url, "GET", `${prefix}/news?page=2`);
      expect(two.status).toBe(200);
      expect(two.body).toContain(`<link rel="canonical" href="${server.url}${prefix}/news?page=2"/>`);
      expect(two.body).toContain(`<link rel="prev" href="${prefix}/news"/>`);
      expect(two.body).not.toContain('rel="next"');
      expect(two.body).toContain(`<title>News – ${pageWord} 2 | Elena Marchetti</title>`);
    }
  });

  it("?page=1 redirects to the list; a page past the last or not a page number is a 404", async () => {
    const first = await raw(server.url, "GET", "/news?page=1");
    expect(first.status).toBe(301);
    expect(first.headers.location).toBe("/news");
    expect((await raw(server.url, "GET", "/en/news?page=1")).headers.location).toBe("/en/news");
    for (const query of ["page=3", "page=999999", "page=0", "page=-1", "page=abc", "page=2.5", "page=02", "page="]) {
      const res = await raw(server.url, "GET", `/news?${query}`);
      expect(res.status, query).toBe(404);
      expect(res.body, query).toContain("Pagina non trovata");
    }
  });

  it("api/news keeps answering every news item (SPEC.md 7)", async () => {
    const res = await raw(server.url, "GET", "/api/news/");
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toHaveLength(18);
  });
});
