// Issue 26, "A CDN in front": after a content change the page URLs the server had cached are
// POSTed to CDN_PURGE_URL (Cloudflare's purge-by-URL body), within a second and with no request.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { run } from "../support/db";
import { appPerFile } from "../support/in-process";

type Purge = { authorization: string | undefined; files: string[] };

/** A stand-in for the CDN's purge API: records each call; answers 500 while `refuse` is set. */
const purges: Purge[] = [];
let refuse = false;
const cdn = http.createServer((req, res) => {
  let body = "";
  req.on("data", (chunk: Buffer) => (body += chunk.toString()));
  req.on("end", () => {
    purges.push({ authorization: req.headers.authorization, files: (JSON.parse(body) as { files: string[] }).files });
    res.writeHead(refuse ? 500 : 200, { "Content-Type": "application/json" }).end('{"success":true}');
  });
});
await new Promise<void>((resolve) => cdn.listen(0, "127.0.0.1", resolve));
afterAll(() => new Promise<void>((resolve) => cdn.close(() => resolve())));

const PUBLIC = "https://www.composer.example";
const server = appPerFile({
  env: { CDN_PURGE_URL: `http://127.0.0.1:${(cdn.address() as AddressInfo).port}/purge`, CDN_PURGE_TOKEN: "cdn-token-1234", PUBLIC_ORIGIN: PUBLIC },
});

/** Asks for each path until it is a cache hit, so it is one of the pages the cache holds. */
async function cache(paths: string[]) {
  for (const path of paths) {
    for (let i = 0; ; i++) {
      const res = await fetch(`${server.url}${path}`);
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
});
