// The page cache middleware in a small Express app: the byte bound, the CSP nonce contract with the
// request edge, and the content version in the database that every content write bumps.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createCategory, updateCategory } from "~/server/domain/categories.server";
import { logActivity } from "~/server/domain/activity.server";
import { contentChanged, contentVersion } from "~/server/storage/content-version.server";
import { createPageCache, type PageCache } from "~/server/http/page-cache.server";
import { db } from "~/server/storage/db.server";
import { sessionCookie } from "~/server/domain/session.server";

type Site = { url: string; renders: () => number; close: () => Promise<void> };
const sites: Site[] = [];
afterEach(async () => {
  await Promise.all(sites.splice(0).map((site) => site.close()));
});

/**
 * The request edge (a fresh nonce per response in res.locals and the CSP header), the cache, and
 * a renderer that puts the nonce on its scripts the way React Router does.
 */
async function site(cache: PageCache, body: (req: express.Request, nonce: string) => string): Promise<Site> {
  const app = express();
  let renders = 0;
  app.use((_req, res, next) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", `script-src 'self' 'nonce-${nonce}'`);
    next();
  });
  app.use(cache);
  app.get("*", (req, res) => {
    renders++;
    res.type("html");
    const html = body(req, res.locals.cspNonce as string);
    // Streamed in pieces, as React Router does.
    res.write(html.slice(0, 10));
    res.end(html.slice(10));
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  const result = {
    url: `http://127.0.0.1:${port}`,
    renders: () => renders,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  sites.push(result);
  return result;
}

const page = (req: express.Request, nonce: string) =>
  `<!DOCTYPE html><html><head><script nonce="${nonce}">window.a=1</script></head>` +
  `<body>${req.originalUrl}<script nonce="${nonce}" type="module">import("/x.js")</script></body></html>`;

describe("page cache middleware", () => {
  it("serves a stored page without a nonce, its policy allowing by hash only the scripts that carried the render's nonce", async () => {
    const cache = createPageCache({ readVersion: () => 1 });
    // The last script reached the page without the nonce, as a script injected into content would.
    const injected = "<script>alert(document.cookie)</script>";
    const { url, renders } = await site(cache, (req, nonce) => page(req, nonce).replace("</body>", `${injected}</body>`));
    const first = await fetch(`${url}/news`);
    const firstNonce = /'nonce-([^']+)'/.exec(first.headers.get("content-security-policy")!)![1]!;
    expect(await first.text()).toContain(`nonce="${firstNonce}"`);

    const hit = await fetch(`${url}/news`);
    expect(hit.headers.get("x-page-cache")).toBe("HIT");
    expect(renders()).toBe(1);
    const html = await hit.text();
    expect(html).not.toContain("nonce");
    expect(html).toContain(injected);
    const sha256 = (text: string) => `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;
    expect(hit.headers.get("content-security-policy")).toBe(`script-src 'self' ${sha256("window.a=1")} ${sha256('import("/x.js")')}`);
  });

  it("answers a hit in brotli, gzip or plain as the client accepts, the same page in each, never compressed again", async () => {
    const cache = createPageCache({ readVersion: () => 1 });
    const filler = Array.from({ length: 4000 }, (_, i) => `<li>brano ${i} ${crypto.randomUUID()}</li>`).join("");
    const { url } = await site(cache, (req, nonce) => `${page(req, nonce)}${filler}`);
    const raw = (acceptEncoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${url}/compositions`, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          })
          .on("error", reject);
      });
    const miss = await raw("identity");
    expect(miss.headers["x-page-cache"]).toBe("MISS");
    const text = miss.body.toString("utf8").replaceAll(/ nonce="[^"]+"/g, "");

    const decoded = { br: zlib.brotliDecompressSync, gzip: zlib.gunzipSync };
    // Chromium's Accept-Encoding lists gzip first: brotli, the smaller, is sent all the same.
    const sent = new Map<string, Buffer>();
    for (const [acceptEncoding, encoding] of [
      ["gzip, deflate, br, zstd", "br"],
      ["gzip, deflate", "gzip"],
      ["br;q=0, gzip", "gzip"],
    ] as const) {
      const hit = await raw(acceptEncoding);
      expect(hit.headers["x-page-cache"], acceptEncoding).toBe("HIT");
      expect(hit.headers["content-encoding"], acceptEncoding).toBe(encoding);
      expect(hit.headers.vary).toBe("Cookie, Accept-Encoding");
      expect(Number(hit.headers["content-length"])).toBe(hit.body.length);
      expect(decoded[encoding](hit.body).toString("utf8")).toBe(text);
      // Far smaller than the page: it is compressed, not stored.
      expect(hit.body.length).toBeLessThan(text.length / 2);
      // Compressed once: every hit in an encoding is the same bytes.
      expect(hit.body.equals(sent.get(encoding) ?? hit.body)).toBe(true);
      sent.set(encoding, hit.body);
    }
    expect((await raw("gzip, deflate, br, zstd")).body.equals(sent.get("br")!)).toBe(true);
    const plain = await raw("identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString("utf8")).toBe(text);
  });

  it("stays within its byte bound under many distinct query strings", async () => {
    const maxBytes = 64 * 1024;
    const cache = createPageCache({ maxBytes, readVersion: () => 1 });
    const { url } = await site(cache, (req, nonce) => page(req, nonce) + "x".repeat(4000));
    for (let i = 0; i < 300; i++) await (await fetch(`${url}/search?query=${i}-${crypto.randomUUID()}`)).text();
    expect(cache.size).toBeLessThanOrEqual(maxBytes);
    expect(cache.entries).toBeGreaterThan(0);
    expect(cache.entries).toBeLessThan(20);
    // The most recent pages are still there.
    const recent = `${url}/search?query=recent`;
    await (await fetch(recent)).text();
    expect((await fetch(recent)).headers.get("x-page-cache")).toBe("HIT");
  });

  it("empties when the content version changes, and stores nothing rendered across a change", async () => {
    let version = 1;
    const cache = createPageCache({ readVersion: () => version });
    const { url, renders } = await site(cache, page);
    await (await fetch(`${url}/bio`)).text();
    expect((await fetch(`${url}/bio`)).headers.get("x-page-cache")).toBe("HIT");
    version = 2;
    const after = await fetch(`${url}/bio`);
    expect(after.headers.get("x-page-cache")).toBe("MISS");
    expect(renders()).toBe(2);
  });

  it("passes other methods, staff and unlocalized paths straight through", async () => {
    const cache = createPageCache({ readVersion: () => 1 });
    const { url, renders } = await site(cache, page);
    const staff = (await sessionCookie().serialize("42")).split(";")[0]!;
    for (let i = 0; i < 2; i++) {
      await (await fetch(`${url}/admin/newsList`)).text();
      await (await fetch(`${url}/api/news/`)).text();
      await (await fetch(`${url}/news`, { headers: { Cookie: staff } })).text();
    }
    expect(renders()).toBe(6);
    expect(cache.entries).toBe(0);
  });

  it("does not let a made-up staff cookie skip the cache (it would force a render per request)", async () => {
    const cache = createPageCache({ readVersion: () => 1 });
    const { url, renders } = await site(cache, page);
    for (let i = 0; i < 5; i++) await (await fetch(`${url}/news`, { headers: { Cookie: `staff_session=forged-${i}` } })).text();
    expect(renders()).toBe(1);
  });

  it("removes the query parameters no page reads before rendering: cache-busters and tracking links share one entry", async () => {
    const cache = createPageCache({ readVersion: () => 1 });
    const { url, renders } = await site(cache, page);
    const first = await (await fetch(`${url}/news?utm_source=newsletter&page=2`)).text();
    // The render saw only what pages read, so the stored page never echoes a visitor's parameters.
    expect(first).toContain("<body>/news?page=2<");
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${url}/news?page=2&bench=${crypto.randomUUID()}&fbclid=${i}`);
      expect(res.headers.get("x-page-cache")).toBe("HIT");
      expect(await res.text()).toContain("<body>/news?page=2<");
    }
    await (await fetch(`${url}/news?page=3&utm_medium=x`)).text();
    expect(renders()).toBe(2);
    expect(cache.entries).toBe(2);
  });
});

describe("content version", () => {
  it("is moved by every content write in its transaction, never by a rolled-back one, nor by the activity log alone", async () => {
    const user = await db.user.create({ data: { username: "writer", passwordHash: "x", isStaff: true } });
    const actor = { id: user.id, username: user.username };
    const start = contentVersion();
    const category = await createCategory({ name: "Prova", name_eng: "Test", type: "news" }, actor);
    expect(contentVersion()).toBe(start + 1);
    if (!category.ok) throw new Error("fixture category not saved");
    await updateCategory(category.item.id, { name: "Prova 2", name_eng: "Test 2", type: "news" }, actor);
    expect(contentVersion()).toBe(start + 2);
    expect(await db.contentVersion.count()).toBe(1);

    // A sign-in writes an activity row and changes no content: the caches stay.
    await db.$transaction((tx) => logActivity(tx, actor, "Accesso effettuato"));
    expect(contentVersion()).toBe(start + 2);
    // A write that rolls back leaves the version where it was.
    await expect(
      db.$transaction(async (tx) => {
        await contentChanged(tx);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(contentVersion()).toBe(start + 2);
  });
});
