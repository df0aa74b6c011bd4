import type * as ReactRouter from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";

// React Router's matchRoutes, counted: it flattens and ranks the whole route table on every call.
const matchRoutes = vi.hoisted(() => ({ calls: [] as string[] }));
vi.mock("react-router", async (importOriginal) => {
  const actual = await importOriginal<typeof ReactRouter>();
  return {
    ...actual,
    matchRoutes: (...args: Parameters<typeof actual.matchRoutes>) => {
      const location = args[1];
      matchRoutes.calls.push(typeof location === "string" ? location : (location.pathname ?? ""));
      return actual.matchRoutes(...args);
    },
  };
});

const { createRouteTable } = await import("~/server/http/routes.server");

const Page = () => null;
/** A small table of the shape app/routes.ts builds: a root, a fixed page, a page with a slug, the catch-all. */
const build = {
  routes: {
    root: { id: "root", path: "", module: { default: Page } },
    "routes/bio": { id: "routes/bio", parentId: "root", path: "bio", module: { default: Page, loader: () => null } },
    "routes/news-detail": { id: "routes/news-detail", parentId: "root", path: "news/:slugNews", module: { default: Page, loader: () => null } },
    "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*", module: { default: Page, loader: () => null } },
  },
} as unknown as Parameters<typeof createRouteTable>[0];

describe("the edge's route table", () => {
  beforeEach(() => {
    matchRoutes.calls.length = 0;
  });

  it("spells a case variant of a page as the site does", () => {
    const table = createRouteTable(build);
    expect(table.caseCanonicalPath("/Bio")).toBe("/bio");
    expect(table.caseCanonicalPath("/NEWS/Un-Concerto")).toBe("/news/un-concerto");
    expect(table.caseCanonicalPath("/bio")).toBeNull();
    expect(table.caseCanonicalPath("/Nothing/Here")).toBeNull(); // only the catch-all: case does not matter
  });

  // Vite names the built files with capitals (entry.client-Bsrs3ixB.js), and the guard asked every
  // such GET whether it was a case variant of a page: about 2 ms of matching per script a page loads,
  // more than sending the file (`npm run bench pages`: the small built file 311 req/s with it, 1,331-1,633
  // without; the server's CPU per file 3.6 ms, then 0.7-0.85 ms).
  it("does not match built files or data requests against the table", () => {
    const table = createRouteTable(build);
    expect(table.caseCanonicalPath("/assets/entry.client-Bsrs3ixB.js")).toBeNull();
    expect(table.caseCanonicalPath("/News/Un-Concerto.data")).toBeNull();
    expect(matchRoutes.calls).toEqual([]);
  });

  it("matches a path once, however many times the edge asks about it", () => {
    const table = createRouteTable(build);
    for (let i = 0; i < 3; i++) {
      expect(table.routeLabel("/news/un-concerto")).toBe("routes/news-detail");
      expect(table.factsFor("/news/un-concerto").methods).toEqual(["GET", "HEAD", "OPTIONS"]);
      expect(table.caseCanonicalPath("/News/Un-Concerto")).toBe("/news/un-concerto");
      expect(table.isUnknownPage("/gone.php")).toBe(true);
    }
    expect(matchRoutes.calls.sort()).toEqual(["/News/Un-Concerto", "/gone.php", "/news/un-concerto"]);
  });
});
