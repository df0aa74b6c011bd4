// Issue 26, "A CDN in front": after a content change the page URLs the server had cached are
// POSTed to CDN_PURGE_URL (Cloudflare's purge-by-URL body), within a second and with no request.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { run } from "../support/db";
import { appPerFile } from "../support/in-process";

type Purge = { path: string | undefined; authorization: string | undefined; files: string[]; everything: boolean };

/** A stand-in for the CDN's purge API: records each call; answers 500 while `refuse` is set. */
const purges: Purge[] = [];
let refuse = false;
const cdn = http.createServer((req, res) => {
  let body = "";
  req.on("data", (chunk: Buffer) => (body += chunk.toString()));
  req.on("end", () => {
    const sent = JSON.parse(body) as { files?: string[]; purge_everything?: boolean };
    purges.push({ path: req.url, authorization: req.headers.authorization, files: sent.files ?? [], everything: sent.purge_everything === true });
    res.writeHead(refuse ? 500 : 200, { "Content-Type": "application/json" }).end('{"success":true}');
  });
});
await new Promise<void>((resolve) => cdn.listen(0, "127.0.0.1", resolve));
afterAll(() => new Promise<void>((resolve) => cdn.close(() => resolve())));

const PUBLIC = "https://www.composer.example";
const purgeUrl = (path: string) => `http://127.0.0.1:${(cdn.address() as AddressInfo).port}${path}`;
const server = appPerFile({ env: { CDN_PURGE_URL: purgeUrl("/purge"), CDN_PURGE_TOKEN: "cdn-token-1234", PUBLIC_ORIGIN: PUBLIC } });
// Without PUBLIC_ORIGIN the cache's keys carry the Host clients sent: nothing is purged (issue 34, finding 11).
const withoutOrigin = appPerFile({ env: { CDN_PURGE_URL: purgeUrl("/purge-without-origin"), PUBLIC_ORIGIN: undefined } });

/** Asks for each path until it is a cache hit, so it is one of the pages the cache holds. */
async function cache(paths: string[], site: { url: string } = server) {
  for (const path of paths) {
    for (let i = 0; ; i++) {
      const res = await fetch(`${site.url}${path}`);
      await res.text();
      expect(res.status).toBe(200);
      if (res.headers.get("x-page-cache") === "HIT") break;
      if (i === 4) throw new Error(`${path} is never cached`);
    }
  }
}

async function purgedFiles(calls: number, withinMs: number): Promise<string[]> {
  const deadline = Date.now() + withinMs;
  while (purges.length < calls) {
    if (Date.now() > deadline) throw new Error(`${purges.length} purge calls after ${withinMs} ms, expected ${calls}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return purges.flatMap((purge) => purge.files);
}

describe("the CDN purge hook", () => {
  it("posts the cached pages' public URLs within a second of a change, with the token, and nothing when nothing changed", async () => {
    await cache(["/", "/en/news", "/compositions"]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(purges).toEqual([]); // the version did not move

    run(server, `UPDATE "News" SET title = title || '' WHERE id = (SELECT min(id) FROM "News")`); // a write outside the app moves the version (db.ts)
    const started = Date.now();
    const files = await purgedFiles(1, 2000);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(files.sort()).toEqual([`${PUBLIC}/`, `${PUBLIC}/compositions`, `${PUBLIC}/en/news`]);
    expect(purges[0]!.authorization).toBe("Bearer cdn-token-1234");
  });

  it("sends at most 30 URLs per call, and a refused purge leaves the site serving", async () => {
    purges.length = 0;
    refuse = true;
    await cache(Array.from({ length: 35 }, (_, i) => `/search?q=nota${i}`));
    run(server, `UPDATE "News" SET title = title || '' WHERE id = (SELECT min(id) FROM "News")`);
    const files = await purgedFiles(2, 3000);
    expect(purges.map((purge) => purge.files.length)).toEqual([30, 5]);
    expect(files).toContain(`${PUBLIC}/search?q=nota34`);
    expect(server.output()).toMatch(/"msg":"CDN purge refused"/);
    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
  });

  it("past 90 URLs sends one purge of everything instead of a call per 30 (a visitor's thousands of query variants)", async () => {
    purges.length = 0;
    refuse = false;
    await cache(Array.from({ length: 91 }, (_, i) => `/search?q=variante${i}`));
    run(server, `UPDATE "News" SET title = title || '' WHERE id = (SELECT min(id) FROM "News")`);
    await purgedFiles(1, 3000);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // no second call follows
    expect(purges.map(({ everything, files }) => ({ everything, files: files.length }))).toEqual([{ everything: true, files: 0 }]);
  });

  it("without PUBLIC_ORIGIN purges nothing (the cached URLs carry client-sent hosts) and says so once", async () => {
    purges.length = 0;
    await cache(["/", "/news"], withoutOrigin);
    run(withoutOrigin, `UPDATE "News" SET title = title || '' WHERE id = (SELECT min(id) FROM "News")`);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(purges.filter((purge) => purge.path === "/purge-without-origin")).toEqual([]);
    expect(withoutOrigin.output()).toMatch(/"msg":"CDN purge off: CDN_PURGE_URL needs PUBLIC_ORIGIN/);
  });
});
