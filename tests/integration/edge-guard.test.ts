// The request edge's method/size guard (app/server/http/express.server.ts) in-process, with the route
// matcher counted: matching the whole route table is the most expensive thing the edge can do, and
// most requests (static files, cached pages) are GETs that never need it (issue 11: a static file
// ran at 500 req/s because every request flattened and ranked the route table).
import type { NextFunction, Request, Response } from "express";
import type * as ReactRouter from "react-router";
import { describe, expect, it, vi } from "vitest";

const matched = vi.hoisted(() => ({ count: 0 }));
vi.mock("react-router", async (importOriginal) => {
  const actual = await importOriginal<typeof ReactRouter>();
  return {
    ...actual,
    matchRoutes: (...args: Parameters<typeof actual.matchRoutes>) => {
      matched.count++;
      return actual.matchRoutes(...args);
    },
  };
});

const { createEdge } = await import("~/server/http/express.server");

const routes = {
  root: { id: "root", path: "", module: { default: () => null } },
  "routes/news": { id: "routes/news", parentId: "root", path: "news", module: { default: () => null, loader: () => null } },
  "routes/contacts": { id: "routes/contacts", parentId: "root", path: "contacts", module: { default: () => null, loader: () => null, action: () => null } },
};

/** Runs the guard on a bare request; answers what it did: passed on, or answered with a status. */
function guard(method: string, path: string, headers: Record<string, string> = {}) {
  const edge = createEdge({ routes } as never);
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  const req = { method, path, protocol: "http", headers: lower, get: (name: string) => lower[name.toLowerCase()] } as unknown as Request;
  let status: number | null = null;
  const res = {
    locals: {},
    headersSent: false,
    setHeader: () => res,
    status: (code: number) => ((status = code), res),
    type: () => res,
    set: () => res,
    json: () => res,
    send: () => res,
    end: () => res,
  } as unknown as Response;
  let passed = false;
  edge.guard(req, res, (() => (passed = true)) as NextFunction);
  return { passed, status };
}

describe("edge guard", () => {
  it("lets GET and HEAD through without matching the route table", () => {
    matched.count = 0;
    for (const path of ["/news", "/assets/entry.client-abc.js", "/no-such-page", "/news.data"]) {
      expect(guard("GET", path).passed).toBe(true);
      expect(guard("HEAD", path).passed).toBe(true);
    }
    expect(matched.count).toBe(0);
  });

  it("still matches the route table for other methods: 405 where no action, POST on a form page passes", () => {
    matched.count = 0;
    expect(guard("POST", "/news", { host: "localhost", origin: "http://localhost" })).toEqual({ passed: false, status: 405 });
    expect(guard("POST", "/contacts", { host: "localhost", origin: "http://localhost" }).passed).toBe(true);
    expect(guard("DELETE", "/contacts").status).toBe(405);
    expect(matched.count).toBe(3);
  });
});
