import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { raw } from "../support/http";
import { sharedDemoServer } from "../support/server";

/**
 * issue 9: `GET //evil.example/phish?lng=it` answered `302 Location: //evil.example/phish`. Every
 * redirect target taken from a request goes through safeRedirectPath: the answer never leaves the
 * site, however the path is spelled.
 */
const server = sharedDemoServer(); // reads only: the shared demo server

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

  it("safeRedirectPath keeps same-origin paths and drops everything else", () => {
    expect(safeRedirectPath("/en/news?x=1#a")).toBe("/en/news?x=1#a");
    for (const bad of ["//evil.example", "/\\evil.example", "/\t/evil.example", "\\\\evil.example", "https://evil.example", " //evil.example", "/%0d/evil"]) {
      const out = safeRedirectPath(bad, "/");
      expect(new URL(out.replace(/\\/g, "/"), "http://site.test").origin, bad).toBe("http://site.test");
    }
  });
});
