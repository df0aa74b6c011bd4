import type { Page } from "playwright-core";
import { afterAll, describe, expect, it, vi } from "vitest";
import { contentSecurityPolicy, securityHeaders } from "~/server/http/csp.server";
import type { BrowserContext } from "playwright-core";
import { browserPerWorker, visit } from "../support/browser";
import { inlineScripts, refusedInlineScripts, scriptSources } from "../support/csp";
import { raw } from "../support/http";
import { ADMIN, sharedDemoServer } from "../support/server";

/**
 * issue 9: no Content-Security-Policy (6 inline scripts without a nonce), no HSTS,
 * Permissions-Policy or COOP. Every rendered answer has a CSP with a fresh nonce that every script
 * carries; a page from the page cache has the hashes of its own inline scripts instead (ADR 021).
 * The pages work under it: no violation while the player, video modal, lightbox, zoom viewer and
 * rich-text editor are used, and a script that is not the page's own is refused.
 */
const server = sharedDemoServer();
const browser = browserPerWorker();
afterAll(async () => {});

const nonceOf = (csp: string | undefined) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

describe("headers on every HTML answer", () => {
  it("a CSP with a different nonce on two rendered responses, carried by every script", async () => {
    // The contact page is rendered for every visitor (its captcha): never from the page cache.
    const a = await raw(server.url, "GET", "/contacts");
    const b = await raw(server.url, "GET", "/contacts");
    const csp = String(a.headers["content-security-policy"]);
    const nonceA = nonceOf(csp);
    const nonceB = nonceOf(String(b.headers["content-security-policy"]));
    expect(nonceA).toBeTruthy();
    expect(nonceB).toBeTruthy();
    expect(nonceA).not.toBe(nonceB);
    for (const directive of [
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'self'",
      "form-action 'self'",
      "frame-src https://www.youtube-nocookie.com https://player.vimeo.com",
    ]) {
      expect(csp).toContain(directive);
    }
    const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? "";
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    const scripts = [...a.body.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(3);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonceA}"`);
    expect(a.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(a.headers["permissions-policy"]).toContain("camera=()");
    expect(a.headers["x-content-type-options"]).toBe("nosniff");
    expect(a.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    // PUBLIC_ORIGIN is http here: no HSTS
    expect(a.headers["strict-transport-security"]).toBeUndefined();
  });

  it("the cached, error and English pages carry one that allows their own inline scripts only", async () => {
    for (const path of ["/", "/en/news", "/pagina-che-non-esiste", "/en/contacts", "/login"]) {
      // Twice: a render (nonce), then, for the pages the cache keeps, a hit (hashes).
      for (let i = 0; i < 2; i++) {
        const res = await raw(server.url, "GET", path);
        const policy = String(res.headers["content-security-policy"]);
        expect(scriptSources(policy), path).not.toContain("'unsafe-inline'");
        expect(inlineScripts(res.body).length, path).toBeGreaterThan(2);
        expect(refusedInlineScripts(res.body, policy), path).toEqual([]);
      }
    }
  });

  it("built scripts and stylesheets go without the document-only headers; a missing one gets the 404 page with its policy", async () => {
    const home = await raw(server.url, "GET", "/");
    const files = [...new Set([...home.body.matchAll(/\/assets\/[\w.-]+\.(?:js|css)/g)].map((m) => m[0]))];
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      const res = await raw(server.url, "GET", file, { headers: { "Accept-Encoding": "br" } });
      expect(res.status, file).toBe(200);
      // nor what an immutable file never needs: validators, ranges, a request id, a referrer policy of
      // its own (a module script then uses the document's): Lighthouse counts their bytes (issue 33)
      for (const name of ["content-security-policy", "x-frame-options", "cross-origin-opener-policy", "permissions-policy"])
        expect(res.headers[name], `${file} ${name}`).toBeUndefined();
      for (const name of ["etag", "last-modified", "accept-ranges", "x-request-id", "referrer-policy"])
        expect(res.headers[name], `${file} ${name}`).toBeUndefined();
      // what a script or stylesheet response does need stays
      expect(res.headers["x-content-type-options"], file).toBe("nosniff");
      expect(res.headers["cache-control"], file).toBe("public, max-age=31536000, immutable");
    }
    const missing = await raw(server.url, "GET", "/assets/nessun-file.js");
    expect(missing.status).toBe(404);
    expect(missing.headers["content-security-policy"]).toContain("script-src");
    expect(missing.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  it("X-Content-Type-Options once on every kind of answer (issue 20: /media sent it twice)", async () => {
    const home = await raw(server.url, "GET", "/");
    const media = [...new Set([...home.body.matchAll(/\/media\/[\w./%-]+\.(?:jpg|jpeg|png|webp|avif|mp3)/g)].map((m) => m[0]))];
    expect(media.length).toBeGreaterThan(0);
    for (const path of ["/", "/en/news", "/rss.xml", "/api/news/", "/api/nessuna-risorsa/", "/healthz", media[0]!]) {
      const res = await raw(server.url, "GET", path);
      expect(res.status, path).toBeLessThan(500);
      expect(res.headers["x-content-type-options"], path).toBe("nosniff");
    }
  });

  it("HSTS when PUBLIC_ORIGIN is https", () => {
    expect(securityHeaders({ https: true })["Strict-Transport-Security"]).toMatch(/max-age=\d+/);
    expect(securityHeaders({ https: false })["Strict-Transport-Security"]).toBeUndefined();
    expect(contentSecurityPolicy("abc", { https: true })).toContain("upgrade-insecure-requests");
  });
});

/** Collects CSP violations: the DOM event and Chromium's console message. */
async function watchedPage(context: BrowserContext): Promise<{ page: Page; violations: string[] }> {
  const violations: string[] = [];
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __csp: string[] }).__csp ??= [];
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  const page = await context.newPage();
  page.on("console", (msg) => {
    if (/Refused to|Content Security Policy/i.test(msg.text())) violations.push(`console: ${msg.text()}`);
  });
  return { page, violations };
}

async function violationsIn(page: Page, violations: string[]) {
  const fromDom = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
  return [...violations, ...fromDom.map((v) => `event: ${v}`)];
}

describe("no CSP violation in the browser", () => {
  it("public pages with the player, the video modal, the lightbox and the zoom viewer", async () => {
    const { context } = await browser.newContext();
    await context.addCookies([{ name: "cookie_consent", value: "ImFjY2VwdGVkIg%3D%3D", url: server.url }]);
    const { page, violations } = await watchedPage(context);
    for (const path of [
      "/",
      "/en",
      "/bio",
      "/news",
      "/compositions",
      "/art-direction",
      "/credits",
      "/gallery",
      "/contacts",
      "/en/contacts",
      "/portfolio",
      "/search?q=notte",
      "/privacy-policy",
      "/login",
    ]) {
      await visit(page, `${server.url}${path}`);
    }
    // the player
    await visit(page, `${server.url}/compositions/colonne%20sonore/nebbia-su-ferrara`);
    await page.locator(".track-link").first().click();
    await page.waitForFunction(() => document.querySelector("audio") && !document.querySelector("audio")!.paused);
    // the video modal (the iframe's own page is the provider's: only its embedding is ours to check)
    await page.locator(".composition__actions a[data-action=video]").click();
    await page.locator("dialog.video-modal iframe").waitFor();
    await page.keyboard.press("Escape");
    // the lightbox and its zoom viewer
    await visit(page, `${server.url}/gallery`);
    await page.locator('.gallery__grid[data-hydrated="true"]').waitFor();
    await page.locator(".gallery-card").first().click();
    const viewer = page.getByRole("dialog").locator(".image-viewer");
    await viewer.waitFor();
    await viewer.dblclick();
    await page.waitForFunction(() => document.querySelector(".image-viewer")?.getAttribute("data-scale") === "2.00");
    expect(await violationsIn(page, violations)).toEqual([]);
    await context.close();
  });

  for (const width of [390, 1440]) {
    it(`${width} px: pages from the cache run their own scripts, hydrate, and refuse a script that is not theirs`, async () => {
      const paths = ["/news", "/en/bio"];
      // Stored (a render, then hits), so the browser's request is a hit.
      for (const path of paths) {
        await vi.waitFor(
          async () => {
            const res = await fetch(`${server.url}${path}`, { headers: { "accept-encoding": "gzip, deflate, br" } });
            await res.arrayBuffer();
            expect(res.headers.get("x-page-cache")).toBe("HIT");
            expect(res.headers.get("content-length")).toBeTruthy();
          },
          { timeout: 10_000, interval: 50 },
        );
      }
      const { context, errors } = await browser.newContext({ viewport: { width, height: 900 } });
      const { page, violations } = await watchedPage(context);
      for (const path of paths) {
        const answer = page.waitForResponse(`${server.url}${path}`);
        await visit(page, `${server.url}${path}`);
        const headers = (await answer).headers();
        expect(headers["x-page-cache"], path).toBe("HIT");
        expect(scriptSources(headers["content-security-policy"] ?? "").join(" "), path).not.toMatch(/nonce|unsafe-inline/);
        expect(await page.evaluate(() => document.documentElement.dataset.hydrated), path).toBe("true");
      }
      // The menu (JavaScript only) works after hydration.
      if (width === 390) {
        const button = page.locator(".navbar__menu-button");
        await button.click();
        await expect.poll(() => button.getAttribute("aria-expanded")).toBe("true");
      }
      expect(await violationsIn(page, violations)).toEqual([]);
      expect(errors).toEqual([]);

      // An inline script that is not one of the page's own, as a script injected into content would be.
      await page.evaluate(() => {
        const script = document.createElement("script");
        script.textContent = "window.__injected = true";
        document.body.append(script);
      });
      await page.waitForFunction(() => ((window as unknown as { __csp?: string[] }).__csp ?? []).length > 0);
      expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
      expect(await violationsIn(page, violations)).toContainEqual(expect.stringMatching(/^event: script-src(-elem)? inline$/));
    });
  }

  it("the first-paint loader revives only the page's own module script, not one injected into the page (a render and a cache hit)", async () => {
    // Found reading ADR 021: the loader gave every inert module script the page's nonce, so a
    // <script type="module"> that reached a rendered page some other way would have run.
    const { context, errors } = await browser.newContext();
    const { page } = await watchedPage(context);
    const injected = '<script type="module">window.__injected = true</script>';
    for (const path of ["/contacts", "/news"]) {
      await page.route(`${server.url}${path}`, async (route) => {
        const answer = await route.fetch();
        // As the server would have made it inert (first-paint.server.ts rewrites every module script).
        const html = (await answer.text()).replace("</body>", `${injected.replace('type="module"', 'type="x-module"')}</body>`);
        await route.fulfill({ response: answer, body: html });
      });
      await visit(page, `${server.url}${path}`);
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
      expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected), path).toBeUndefined();
      await page.unroute(`${server.url}${path}`);
    }
    expect(errors.filter((error) => !/Content Security Policy/i.test(error))).toEqual([]);
  });

  it("the admin with the rich-text editor in use", async () => {
    const { context } = await browser.newContext();
    const { page, violations } = await watchedPage(context);
    await visit(page, `${server.url}/login`);
    await page.fill('input[name="username"]', ADMIN.username);
    await page.fill('input[name="password"]', ADMIN.password);
    await Promise.all([page.waitForURL(/\/admin\/?$/), page.click('button[type="submit"]')]);
    await page.goto(`${server.url}/admin/newsCreate`);
    await page.locator("#description_eng .ql-editor").waitFor();
    const editor = page.locator("#description .ql-editor");
    await editor.click();
    await page.keyboard.type("Prova ");
    await page.keyboard.press("Control+b");
    await page.keyboard.type("grassetto");
    await page.waitForFunction(() => document.querySelector("#description .ql-editor strong")?.textContent === "grassetto");
    expect(await violationsIn(page, violations)).toEqual([]);
    await context.close();
  });
});
