import { describe, expect, it } from "vitest";
import { raw } from "../support/http";
import { sharedDemoServer } from "../support/server";

/**
 * issue 21: `/favicon.ico` answered 404 with the whole rendered not-found page (about 13 KB on the wire,
 * uncached), and so did every missing file a scanner asks for (`/wp-login.php`, `/x.png`,
 * `/assets/missing.js`): each one cost a full React render, a cheap way to load the server.
 */
const server = sharedDemoServer(); // reads only: the shared demo server

describe("site icons (issue 21)", () => {
  it("/favicon.ico is an icon (16, 32 and 48 px PNGs in an ICO), cacheable", async () => {
    const res = await fetch(`${server.url}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expect(res.headers.get("cache-control")).toMatch(/max-age=[1-9]/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 6)]).toEqual([0, 0, 1, 0, 3, 0]); // ICO header, three images
    expect(bytes.subarray(6 + 3 * 16 + 1, 6 + 3 * 16 + 4).toString("latin1")).toBe("PNG");
  });

  it("/apple-touch-icon.png, which iOS asks for at the root, is a 180 px PNG", async () => {
    const res = await fetch(`${server.url}/apple-touch-icon.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([180, 180]); // IHDR width, height
  });
});

describe("a missing file is a short, cacheable 404, not a rendered page (issue 21)", () => {
  const MISSING_FILES = ["/wp-login.php", "/x.png", "/assets/missing.js", "/en/old-logo.svg", "/news/feed.php/x.js", "/.env", "/Favicon.ICO"];

  it.each(MISSING_FILES)("GET %s", async (path) => {
    const res = await raw(server.url, "GET", path);
    expect(res.status).toBe(404);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.body).toBe("404 File non trovato. / File not found.\n");
    expect(res.headers["cache-control"]).toMatch(/^public, max-age=[1-9]/);
    const head = await raw(server.url, "HEAD", path);
    expect(head.status).toBe(404);
    expect(head.body).toBe("");
  });

  it("a missing page still gets the rendered not-found page, and missing media and api/ paths keep their own answers", async () => {
    for (const [path, lang, title] of [
      ["/no-such-page", "it", "Pagina non trovata"],
      ["/en/no-such-page", "en", "Page not found"],
      ["/news/no-such-news", "it", "Pagina non trovata"],
    ] as const) {
      const res = await raw(server.url, "GET", path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toContain(`<html lang="${lang}"`);
      expect(res.body, path).toContain(title);
    }
    const media = await raw(server.url, "GET", "/media/images/00112233445566778899aabbccddeeff.jpg");
    expect(media.status).toBe(404);
    expect(media.body).toBe("Not found");
    const api = await raw(server.url, "GET", "/api/no-such-thing.json");
    expect(api.status).toBe(404);
    expect(JSON.parse(api.body)).toHaveProperty("error");
    // Real routes whose path has an extension are not missing files.
    for (const path of ["/rss.xml", "/en/rss.xml", "/robots.txt", "/sitemap.xml", "/data/bio.json"]) {
      expect((await raw(server.url, "GET", path)).status, path).toBe(200);
    }
  });
});
