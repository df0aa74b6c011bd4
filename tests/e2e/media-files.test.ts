import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { acceptCookies, browserPerWorker, visit } from "../support/browser";
import { run } from "../support/db";
import { pdfBytes, pngBytes } from "../support/files";
import { appPerFile } from "../support/in-process";

const server = appPerFile({ env: { SEED_DEMO: "0" } });
const browser = browserPerWorker();
const TEMP = "0123456789abcdef0123456789abcdef.pdf";
const PDF = "fedcba9876543210fedcba9876543210.pdf";
const PNG = "00112233445566778899aabbccddeeff.png";
const MP3 = "ffeeddccbbaa99887766554433221100.mp3";
const JPG = "0f1e2d3c4b5a69788796a5b4c3d2e1f0.jpg";
const STRAY_PNG = "aabbccddeeff00112233445566778899.png";
const JPG_NAME = "Copertina ad alta risoluzione – «Città»";

function put(relative: string, bytes: Uint8Array) {
  const full = path.join(server.dataDir, "uploads", relative);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, bytes);
}

beforeAll(async () => {
  put(`tmp/${TEMP}`, pdfBytes("temporary"));
  put(`.variants/images/${PNG}/320.webp`, await pngBytes());
  put(`attachments/${PDF}`, pdfBytes("programme"));
  put(`attachments/${PNG}`, await pngBytes());
  put(`attachments/${JPG}`, await pngBytes()); // the bytes do not matter: the name says JPEG
  put(`attachments/${STRAY_PNG}`, await pngBytes());
  put(`images/${PNG}`, await pngBytes());
  put(`tracks/${MP3}`, new Uint8Array(Buffer.from("ID3 not really audio")));
  const now = Date.now();
  run(server, "INSERT INTO Category (id, name, nameEng, type, createdAt) VALUES (900, 'Eventi', 'Events', 'news', ?)", now);
  run(
    server,
    "INSERT INTO News (id, slug, title, titleEng, date, categoryId, createdAt, updatedAt) VALUES (900, 'concerto', 'Concerto', 'Concert', '2026-01-01', 900, ?, ?)",
    now,
    now,
  );
  run(server, "INSERT INTO NewsAttachment (newsId, position, name, url) VALUES (900, 0, 'Programma di sala – “Città”', ?)", `/media/attachments/${PDF}`);
  // Staff named it without an extension; the download gets the stored file's.
  run(server, "INSERT INTO NewsAttachment (newsId, position, name, url) VALUES (900, 1, ?, ?)", JPG_NAME, `/media/attachments/${JPG}`);
  run(server, "INSERT INTO NewsAttachment (newsId, position, name, url) VALUES (900, 2, 'Foto di scena.png', ?)", `/media/attachments/${PNG}`);
});

const get = (p: string) => fetch(`${server.url}${p}`, { redirect: "manual" });

describe("media path guard", () => {
  it("serves a public file by its plain path", async () => {
    expect((await get(`/media/attachments/${PDF}`)).status).toBe(200);
  });

  it("never reaches temporary uploads, dot folders or files outside the uploads folder, however encoded", async () => {
    const attempts = [
      `/media/tmp/${TEMP}`,
      `/media/images/..%2ftmp/${TEMP}`,
      `/media/images/..%2Ftmp/${TEMP}`,
      `/media/images/%2e%2e/tmp/${TEMP}`,
      `/media/images/%2e%2e%2ftmp/${TEMP}`,
      `/media/images/.%2e/tmp/${TEMP}`,
      `/media/images/..%5ctmp%5c${TEMP}`,
      `/media/images/..%255ctmp%255c${TEMP}`,
      `/media/images/..%252ftmp/${TEMP}`,
      `/media/images/%252e%252e/tmp/${TEMP}`,
      `/media/attachments/..%2f..%2fapp.db`,
      `/media/%2e%2e/app.db`,
      `/media/images%2f..%2f..%2fapp.db`,
      `/media/attachments/${PDF}%00.png`,
      `/media/attachments%00/${PDF}`,
      `/media/.variants/images/${PNG}/320.webp`,
      `/media/images/..%2f.variants/images/${PNG}/320.webp`,
      `/media/tmp%2f${TEMP}`,
      `/media/attachments/%2e%2e%2ftmp%2f${TEMP}`,
      `/media/attachments//${PDF}`,
    ];
    for (const p of attempts) {
      const res = await get(p);
      expect(res.status, p).toBeGreaterThanOrEqual(400);
      expect(res.status, p).toBeLessThan(500);
      expect(await res.text(), p).not.toContain("%PDF");
    }
  });
});

describe("Content-Disposition", () => {
  it("downloads a PDF attachment under its display name (RFC 6266 filename*)", async () => {
    const res = await get(`/media/attachments/${PDF}`);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const disposition = res.headers.get("content-disposition") ?? "";
    expect(disposition).toMatch(/^attachment;/);
    const extended = /filename\*=UTF-8''([^;\s]+)/.exec(disposition)?.[1] ?? "";
    expect(decodeURIComponent(extended)).toBe("Programma di sala – “Città”.pdf");
    expect(disposition).toMatch(/filename="[\x20-\x7e]+\.pdf"/);
  });

  it("keeps images and audio that are not attachments inline", async () => {
    for (const p of [`/media/images/${PNG}`, `/media/tracks/${MP3}`]) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(res.headers.get("content-disposition"), p).toBe("inline");
    }
  });

  /**
   * issue 21: a JPG attachment opened in the browser (inline) and was saved under its hash name.
   * Every attachment downloads, under the name staff gave it.
   */
  it("downloads image attachments under their display name, with the stored file's extension", async () => {
    for (const [file, name, type] of [
      [JPG, `${JPG_NAME}.jpg`, "image/jpeg"],
      [PNG, "Foto di scena.png", "image/png"],
      [STRAY_PNG, STRAY_PNG, "image/png"], // no row names it (yet): its stored name
    ]) {
      const res = await get(`/media/attachments/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get("content-type"), file).toBe(type);
      const disposition = res.headers.get("content-disposition") ?? "";
      expect(disposition, file).toMatch(/^attachment;/);
      const extended = /filename\*=UTF-8''([^;\s]+)/.exec(disposition)?.[1];
      expect(extended ? decodeURIComponent(extended) : /filename="?([^";]+)/.exec(disposition)?.[1], file).toBe(name);
    }
  });

  it("in Chromium, the attachment link of a news page downloads the JPG under its display name", async () => {
    const { context } = await browser.newContext({ javaScriptEnabled: false });
    await acceptCookies(context, server.url);
    const page = await context.newPage();
    await visit(page, `${server.url}/news/concerto`);
    const link = page.locator(".attachments a", { hasText: JPG_NAME });
    // The link opens a new tab (SPEC.md 2.8); Playwright reports the download on the page that opened it.
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe(`${JPG_NAME}.jpg`);
  });
});

describe("conditional requests and types", () => {
  it("answers 304 when any validator of If-None-Match matches (lists, weak validators, *), the file otherwise", async () => {
    const first = await get(`/media/attachments/${PDF}`);
    await first.arrayBuffer();
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"/);
    const conditional = (ifNoneMatch: string) => fetch(`${server.url}/media/attachments/${PDF}`, { headers: { "If-None-Match": ifNoneMatch } });
    for (const header of [etag, `W/"x", ${etag}`, `W/${etag}`, "*"]) {
      const res = await conditional(header);
      expect(res.status, header).toBe(304);
      expect(res.headers.get("etag"), header).toBe(etag);
    }
    const changed = await conditional('W/"x", "other"');
    expect(changed.status).toBe(200);
    expect(Buffer.from(await changed.arrayBuffer()).toString("latin1")).toContain("%PDF");
  });

  it("serves a stored file with the type recorded when its bytes were checked, not one guessed from its name", async () => {
    // The row says what the upload's bytes were found to be (uploads.server.ts); a name can say otherwise.
    const key = "tracks/0123456789abcdef0123456789abcd00.mp3";
    put(key, new Uint8Array(Buffer.from("not really audio")));
    run(server, "INSERT INTO StoredFile (key, size, contentType, refCount) VALUES (?, 16, 'audio/mp4', 1)", key);
    const res = await get(`/media/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("audio/mp4");
  });
});
