import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--autoplay-policy=no-user-gesture-required",
    ],
  });
}

/** Playwright gives every context a fresh profile, so no --user-data-dir is needed. */

/** A context with JavaScript on or off; console errors and page errors are collected. */
export async function newContext(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, ...options });
  const errors: string[] = [];
  context.on("page", (page) => watchErrors(page, errors));
  return { context, errors };
}

export function watchErrors(page: Page, errors: string[]) {
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(`console: ${msg.text()}`);
  });
  page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
}

/** Pretends the visitor accepted cookies earlier, so the banner does not cover the page. */
export async function acceptCookies(context: BrowserContext, baseUrl: string) {
  await context.addCookies([{ name: "cookie_consent", value: "ImFjY2VwdGVkIg%3D%3D", url: baseUrl }]);
}

/** Opens a page and, with JavaScript on, waits until React has hydrated it (handlers attached). */
export async function visit(page: Page, url: string) {
  await page.goto(url);
  if (await page.evaluate(() => document.documentElement.dataset.js === "on")) {
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  }
}

/** Content images without width/height would shift the layout while loading. */
export function imagesWithoutSize(page: Page) {
  return page.$$eval("main img", (imgs) => imgs.filter((img) => !img.getAttribute("width") || !img.getAttribute("height")).map((img) => img.outerHTML));
}
