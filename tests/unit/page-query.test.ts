// The query parameters pages read (app/lib/page-query.ts): the page cache removes every other one
// before rendering, so a parameter missing from the list would silently stop working.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isLocalizablePath } from "~/lib/i18n";
import { PAGE_QUERY_PARAMS, pageQuery } from "~/lib/page-query";

/** Files whose searchParams reads are not a public page's query (with why). */
const NOT_PAGE_QUERIES = new Map([
  ["app/lib/video.ts", "reads a YouTube link's ?v=, not a request"],
  ["app/routes/resources/media.ts", "/media/ is not a page: the page cache never sees it"],
  ["app/server/views/stats-tables.server.ts", "the admin statistics' ?periodo=: staff pages are never cached"],
]);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe("page query parameters", () => {
  it("lists every parameter a page reads (searchParams.get/getAll/has anywhere in app/, outside staff and api routes)", () => {
    const read = new Map<string, string>();
    for (const file of sourceFiles("app")) {
      if (NOT_PAGE_QUERIES.has(file) || /^app\/routes\/(admin|api)\//.test(file)) continue;
      for (const match of fs.readFileSync(file, "utf8").matchAll(/searchParams\.(?:get|getAll|has)\(\s*["'`]([^"'`]+)["'`]/g)) {
        read.set(match[1]!, file);
      }
    }
    expect(read.size).toBeGreaterThan(5); // the scan finds the reads it is meant to find
    const missing = [...read].filter(([name]) => !PAGE_QUERY_PARAMS.has(name)).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it("lists every parameter React Router's own request handling reads (_routes, index, route discovery)", () => {
    const dist = path.resolve("node_modules/react-router/dist/development");
    const read = new Set<string>();
    for (const name of fs.readdirSync(dist).filter((n) => n.endsWith(".mjs"))) {
      for (const match of fs.readFileSync(path.join(dist, name), "utf8").matchAll(/searchParams\.(?:get|getAll|has)\(\s*"([^"]+)"/g)) read.add(match[1]!);
    }
    expect(read).toContain("_routes");
    expect([...read].filter((name) => !PAGE_QUERY_PARAMS.has(name))).toEqual([]);
  });

  it("staff, api and media paths are never pages (their own parameters need no listing)", () => {
    for (const p of ["/admin/newsList", "/api/news/", "/media/images/a.jpg"]) expect(isLocalizablePath(p)).toBe(false);
  });

  it("keeps the parameters pages read, in order, and drops the others", () => {
    expect(pageQuery("")).toBe("");
    expect(pageQuery("?")).toBe("");
    expect(pageQuery("?utm_source=x&fbclid=y")).toBe("");
    expect(pageQuery("?utm_source=x&query=colonna%20sonora&bench=1-2&page=2")).toBe("?query=colonna+sonora&page=2");
    expect(pageQuery("?_routes=it%3Anews&x=1")).toBe("?_routes=it%3Anews");
    expect(pageQuery("?page=1&page=2")).toBe("?page=1&page=2");
  });
});
