import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { acceptCookies, browserPerWorker, visit } from "../support/browser";
import { HttpClient, raw } from "../support/http";
import { ADMIN, sharedDemoServer } from "../support/server";

/**
 * issue 9: `GET //evil.example/phish?lng=it` answered `302 Location: //evil.example/phish`. Every
 * redirect target taken from a request goes through safeRedirectPath: the answer never leaves the
 * site, however the path is spelled.
 */
const server = sharedDemoServer(); // reads only: the shared demo server
const browser = browserPerWorker();

const EVIL_PATHS = [
  "//evil.example/phish?lng=it",
  "/en//evil.example/?lng=it",
  "/\\evil.example/?lng=it",
  "/\\/evil.example/?lng=en",
  "///evil.example/?lng=it",
  "/en///evil.example/x?lng=en",
  "/%2F%2Fevil.example/?lng=it",
  "/%2fevil.example/?lng=en",
  "/%5Cevil.example/?lng=it",
  "/%5C%5Cevil.example/?lng=en",
  "/%09/evil.example/?lng=it",
  "/%0A/evil.example/?lng=it",
  "/en/%2F%2Fevil.example?lng=it",
  "//evil.example/?lng=en",
  "//evil.example@good/?lng=it",
];

/**
 * issue 20: the check ran before the path was normalised, so `/admin/../..//evil.example` became
 * `Location: //evil.example` after sign-in. Targets that only become another site once dot segments
 * (plain or percent-encoded) are resolved, or once a browser drops tabs and newlines and reads `\` as `/`.
 */
const DOT_SEGMENT_TARGETS = [
  "/admin/../..//evil.example",
  "/admin/../..//evil.example/x?y=1#z",
  "/..//evil.example",
  "/a/b/../../..//evil.example",
  "/admin/./..//evil.example",
  "/admin/%2e%2e/%2e%2e//evil.example",
  "/admin/%2E%2E/..//evil.example",
  "/admin/.%2e/%2e.//evil.example",
  "/admin/..%2f..%2f/evil.example",
  "/admin/../..%2f%2fevil.example",
  "/admin/../../\\evil.example",
  "/admin/../..\\evil.example",
  "/admin/../../\t/evil.example",
  "/admin/../../\n/evil.example",
  "/admin/../..//\tevil.example",
  "/admin/../..///evil.example",
  "/admin/../../%5C%5Cevil.example",
  "/admin/../..//evil.example@site",
];

function offSite(location: string | undefined, base: string): boolean {
  if (!location) return false;
  // A browser strips tabs and newlines and treats \ as / before resolving.
  const normalised = location.replace(/[\t\n\r]/g, "").replace(/\\/g, "/");
  return new URL(normalised, base).origin !== new URL(base).origin;
}

describe("no open redirect (issue 9)", () => {
  it.each(EVIL_PATHS)("GET %s stays on the site", async (path) => {
    const res = await raw(server.url, "GET", path);
    expect(res.status).toBeLessThan(500);
    expect(offSite(res.headers.location, server.url), `Location: ${res.headers.location}`).toBe(false);
  });

  it("the language toggle still keeps the page and its query", async () => {
    const res = await raw(server.url, "GET", "/news?page=2&lng=en");
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe("/en/news?page=2");
  });

  it("the cookie-consent return and the sign-in redirectTo refuse other sites", async () => {
    for (const target of ["//evil.example/x", "/\\evil.example", "https://evil.example/", "/\t/evil.example", "javascript:alert(1)", "/%5C%5Cevil.example"]) {
      const consent = await raw(server.url, "POST", "/cookie-consent", {
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
        body: new URLSearchParams({ redirectTo: target }).toString(),
      });
      expect(consent.status).toBe(302);
      expect(offSite(consent.headers.location, server.url), `consent ${target} -> ${consent.headers.location}`).toBe(false);
      const login = await raw(server.url, "GET", `/login?redirectTo=${encodeURIComponent(target)}`);
      expect(login.status).toBe(200);
      const kept = /name="redirectTo" value="([^"]*)"/.exec(login.body)?.[1] ?? "";
      expect(offSite(kept.replace(/&amp;/g, "&"), server.url), `login ${target} -> ${kept}`).toBe(false);
    }
  });

  it("after sign-in, redirectTo with dot segments stays on the site (GET /login and POST /login)", async () => {
    const client = new HttpClient(server.url);
    await client.login();
    for (const target of DOT_SEGMENT_TARGETS) {
      const signedIn = await client.get(`/login?redirectTo=${encodeURIComponent(target)}`);
      expect(signedIn.status, target).toBe(302);
      const location = signedIn.headers.get("location") ?? "";
      expect(offSite(location, server.url), `GET /login ${target} -> ${location}`).toBe(false);
      expect(location.startsWith("//") || location.startsWith("/\\"), `GET /login ${target} -> ${location}`).toBe(false);
    }
    for (const target of DOT_SEGMENT_TARGETS.slice(0, 3)) {
      const fresh = new HttpClient(server.url);
      const res = await fresh.post("/login", { ...ADMIN, redirectTo: target });
      expect(res.status, target).toBe(302);
      const location = res.headers.get("location") ?? "";
      expect(offSite(location, server.url), `POST /login ${target} -> ${location}`).toBe(false);
    }
  });

  it("safeRedirectPath resolves dot segments before it checks the origin", () => {
    for (const target of DOT_SEGMENT_TARGETS) {
      const out = safeRedirectPath(target, "/admin/");
      expect(offSite(out, "http://site.test"), `${target} -> ${out}`).toBe(false);
      expect(/^\/[\\/]/.test(out), `${target} -> ${out}`).toBe(false);
    }
    expect(safeRedirectPath("/admin/news/../music?x=1")).toBe("/admin/music?x=1");
    expect(safeRedirectPath("/admin/%2e%2e/en/news")).toBe("/en/news");
  });

  it("safeRedirectPath keeps same-origin paths and drops everything else", () => {
    expect(safeRedirectPath("/en/news?x=1#a")).toBe("/en/news?x=1#a");
    for (const bad of ["//evil.example", "/\\evil.example", "/\t/evil.example", "\\\\evil.example", "https://evil.example", " //evil.example", "/%0d/evil"]) {
      const out = safeRedirectPath(bad, "/");
      expect(new URL(out.replace(/\\/g, "/"), "http://site.test").origin, bad).toBe("http://site.test");
    }
  });
});

/**
 * issue 21: React Router matches paths case-insensitively, so `/EN/bio`, `/Bio` and
 * `/compositions/COLONNE%20SONORE` answered 200 with a canonical of their own, and `/EN/bio` showed the
 * Italian page (the language is read from the path) whose language toggle led to `/en/EN/bio` (404).
 */
describe("case variants of a path redirect to the site's spelling (issue 21)", () => {
  const VARIANTS: [string, string][] = [
    ["/EN/bio", "/en/bio"],
    ["/Bio", "/bio"],
    ["/En/Bio", "/en/bio"],
    ["/EN", "/en"],
    ["/compositions/COLONNE%20SONORE", "/compositions/colonne%20sonore"],
    ["/EN/Compositions/Colonne%20Sonore/NEBBIA-SU-FERRARA", "/en/compositions/colonne%20sonore/nebbia-su-ferrara"],
    ["/NEWS?page=2", "/news?page=2"],
    ["/Search?query=Colonna", "/search?query=Colonna"],
    ["/ART-DIRECTION/Nebbia%20Records", "/art-direction/nebbia%20records"],
    ["/RSS.XML", "/rss.xml"],
    ["/Admin/newsList", "/admin/newsList"],
    // Not a case variant but another spelling the page's loader accepts: hyphens for the category's spaces.
    ["/compositions/colonne-sonore", "/compositions/colonne%20sonore"],
    ["/en/compositions/colonne-sonore/nebbia-su-ferrara", "/en/compositions/colonne%20sonore/nebbia-su-ferrara"],
  ];

  it.each(VARIANTS)("GET %s answers 301 to %s, its query kept", async (path, canonical) => {
    const res = await raw(server.url, "GET", path);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(canonical);
    // The target is a page of its own (not another redirect, not a 404), admin aside (sign-in).
    if (!canonical.startsWith("/admin")) expect((await raw(server.url, "GET", canonical)).status).toBe(200);
  });

  it("HEAD redirects too; a canonical path, a non-ASCII name and a missing page are left alone", async () => {
    expect((await raw(server.url, "HEAD", "/Bio")).headers.location).toBe("/bio");
    for (const path of ["/bio", "/en/bio", "/compositions/colonne%20sonore", "/en/compositions/colonne%20sonore/nebbia-su-ferrara", "/gallery/1"]) {
      expect((await raw(server.url, "GET", path)).status, path).toBe(200);
    }
    // Upper-case hex digits of an escape are not a case variant of the name.
    expect((await raw(server.url, "GET", "/art-direction/%C3%A0")).status).not.toBe(301);
    expect((await raw(server.url, "GET", "/art-direction/%C3%80")).headers.location).toBe("/art-direction/%C3%A0");
    // No page has the path in any case: the not-found page, no redirect.
    expect((await raw(server.url, "GET", "/No-Such-Page")).status).toBe(404);
    expect((await raw(server.url, "GET", "/EN/No-Such-Page")).status).toBe(404);
  });

  it("in Chromium, /EN/bio opens the English biography, whose language toggle leads to the Italian one", async () => {
    const { context, errors } = await browser.newContext({ javaScriptEnabled: false });
    await acceptCookies(context, server.url);
    const page = await context.newPage();
    await visit(page, `${server.url}/EN/bio`);
    expect(new URL(page.url()).pathname).toBe("/en/bio");
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(`${server.url}/en/bio`);
    await Promise.all([page.waitForURL(`${server.url}/bio`), page.locator(".navbar__lang").click()]);
    expect(await page.locator("html").getAttribute("lang")).toBe("it");
    expect(errors).toEqual([]);
  });
});
