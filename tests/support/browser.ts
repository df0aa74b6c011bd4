// Debian's Chromium through playwright-core: one browser per worker slot (launched by the global
// setup), a connection per test file, contexts (JavaScript on or off) closed automatically after the
// test that opened them, even when it fails.
import fs from "node:fs";
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type BrowserServer, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { ADMIN, thisWorker } from "./server";

// Debian's old headless shell (package chromium-headless-shell, the build Playwright itself runs
// headless) when installed: the same Blink without the full browser around it, 12 % less wall time
// and 17 % less CPU than /usr/bin/chromium on the six heaviest browser files (tests/README).
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const CHROMIUM = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

/** The Chromium of one worker slot (tests/support/global-setup.ts); files connect to it. */
export async function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({
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

export type TestBrowser = {
  /** This file's connection to the Chromium of its worker (set before the first test). */
  readonly browser: Browser;
  /**
   * A fresh profile with JavaScript on or off (1400x900 unless given); console and page errors
   * are collected in `errors`. Opened in a test: closed after it. Opened in beforeAll: after the file.
   */
  newContext(options?: BrowserContextOptions): Promise<{ context: BrowserContext; errors: string[] }>;
};

/**
 * The Chromium of this worker, connected before the file's first test and disconnected after its
 * last (which closes every context the file left open); the browser itself outlives the file.
 */
export function browserPerWorker(): TestBrowser {
  let browser: Browser | undefined;
  let inTest = false;
  const perTest: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await chromium.connect(thisWorker().browser);
  });
  beforeEach(() => {
    inTest = true;
  });
  afterEach(async () => {
    inTest = false;
    await Promise.all(perTest.splice(0).map((c) => c.close().catch(() => {})));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get browser() {
      if (!browser) throw new Error("browserPerWorker(): the browser starts in beforeAll");
      return browser;
    },
    async newContext(options = {}) {
      const context = await this.browser.newContext({
        viewport: { width: 1400, height: 900 },
        ...options,
        // A visitor of its own: the test servers trust X-Forwarded-For, and limits per address (the
        // contact captcha: 10 a minute) would otherwise count every file that shared the demo server.
        extraHTTPHeaders: { "X-Forwarded-For": visitorAddress(), ...options.extraHTTPHeaders },
      });
      if (inTest) perTest.push(context);
      const errors: string[] = [];
      context.on("page", (page) => watchErrors(page, errors));
      return { context, errors };
    },
  };
}

/** A random address from 10.0.0.0/8: files on the shared demo server run in different processes, so no counter is shared. */
function visitorAddress(): string {
  const octet = () => Math.floor(Math.random() * 256);
  return `10.${octet()}.${octet()}.${octet()}`;
}

function watchErrors(page: Page, errors: string[]) {
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

/** Signs in through the login page of a browser page (the UI path; other tests use auth.ts signIn). */
export async function signInThroughForm(page: Page, base: string, redirectTo?: string) {
  await page.goto(`${base}/login${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ""}`);
  await page.fill('input[name="username"]', ADMIN.username);
  await page.fill('input[name="password"]', ADMIN.password);
  await Promise.all([page.waitForURL((u) => u.pathname.startsWith("/admin")), page.click('form button[type="submit"]')]);
}

/** Accepts every dialog (confirm, alert) the page opens; answers the list of their messages. */
export function acceptDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on("dialog", (dialog) => {
    messages.push(dialog.message());
    void dialog.accept();
  });
  return messages;
}
