import { describe, expect, it } from "vitest";
import { acceptCookies, browserPerWorker } from "../support/browser";
import { appPerFile } from "../support/in-process";

/** A fresh database without demo content: the public pages still render, with their empty states. */
const server = appPerFile({ env: { SEED_DEMO: "0" } });
const browser = browserPerWorker();

describe("an empty site", () => {
  it("shows the empty-news message in both languages", async () => {
    const { context, errors } = await browser.newContext();
    await acceptCookies(context, server.url);
    const page = await context.newPage();
    await page.goto(`${server.url}/news`);
    expect(await page.locator(".empty-message").textContent()).toBe("Al momento non è presente nessuna news");
    expect(await page.locator(".news-card").count()).toBe(0);
    await page.goto(`${server.url}/en/news`);
    expect(await page.locator(".empty-message").textContent()).toBe("There are currently no news available.");
    expect(errors).toEqual([]);
    await context.close();
  });

  it("renders home, compositions and bio without content and without errors", async () => {
    for (const path of ["/", "/compositions", "/bio", "/en"]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
    }
    const { context, errors } = await browser.newContext({ javaScriptEnabled: true });
    await acceptCookies(context, server.url);
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    expect(await page.locator(".hero__title").textContent()).toBe("Elena Marchetti");
    expect(await page.locator(".carousel").count()).toBe(0);
    await page.goto(`${server.url}/compositions`);
    expect(await page.locator(".empty-message").textContent()).toBe("Al momento non sono presenti composizioni.");
    expect(errors).toEqual([]);
    await context.close();
  });
});
