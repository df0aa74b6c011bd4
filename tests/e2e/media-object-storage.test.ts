// issue 26: with S3_* settings the site keeps stored files in an S3-compatible bucket (a real one:
// Swift with s3api, scripts/s3-test-server.sh) and /media serves them from there as it does from the
// disk: 200 with the same bytes, Range 206, ETag, the same headers; nothing lands in the uploads folder.
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { rows } from "../support/db";
import { pngBytes, uniqueMp3 } from "../support/files";
import { expectJson, formData, HttpClient } from "../support/http";
import { appPerFile } from "../support/in-process";
import { s3Env, s3ServerPerFile } from "../support/s3-server";
import { ADMIN } from "../support/server";

const s3 = await s3ServerPerFile();
const settings = s3 && (await s3.newBucket());
const server = settings && appPerFile({ env: { ...s3Env(settings), SEED_DEMO: "0" }, template: "empty" });
// The same bucket, with large audio redirected to presigned URLs (S3_PRESIGN_AUDIO=1).
const presigning = settings && appPerFile({ env: { ...s3Env({ ...settings, presignAudio: true }), SEED_DEMO: "0" }, template: "empty" });

describe.skipIf(!server)("/media on object storage", () => {
  let staff: HttpClient;
  const track = uniqueMp3();
  let image: Uint8Array<ArrayBuffer>;
  let trackKey: string;
  let imageKey: string;

  beforeAll(async () => {
    staff = new HttpClient(server!.url);
    await staff.apiLogin(ADMIN.username, ADMIN.password);
    const category = await expectJson(
      await staff.request("POST", "/api/category/", { json: { name: "ARCHIVIO S3", name_eng: "S3 ARCHIVE", type: "music" } }),
      "category",
    );
    const uploaded = await expectJson(await staff.upload(track, "Tema.mp3"), "upload");
    image = await pngBytes("#336699", 40);
    const music = await expectJson(
      await staff.request("POST", "/api/music/", {
        form: formData({
          category: String(category.id),
          title: "Album nel bucket",
          description: "Descrizione",
          description_eng: "Description",
          img: [new Blob([image], { type: "image/png" }), "cover.png"],
          music_tracks: JSON.stringify([{ temp_name: uploaded.temp_name, display_name: uploaded.display_name }]),
        }),
      }),
      "music",
    );
    const keys = rows<{ key: string }>(server!, "SELECT key FROM StoredFile ORDER BY key").map((row) => row.key);
    trackKey = keys.find((key) => key.startsWith("tracks/"))!;
    imageKey = keys.find((key) => key.startsWith("images/"))!;
    expect(music.img).toBe(`/media/${imageKey}`);
  });

  it("keeps the uploaded bytes in the bucket under their keys, and none in the uploads folder", async () => {
    expect(await s3!.bytes(settings!.bucket, trackKey)).toEqual(Buffer.from(track));
    expect(await s3!.keys(settings!.bucket, "images/")).toEqual([imageKey]);
    const uploadsDir = path.join(server!.dataDir, "uploads");
    const stored = fs.existsSync(uploadsDir)
      ? fs
          .readdirSync(uploadsDir, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile() && /^(images|tracks)$/.test(path.basename(entry.parentPath)))
      : [];
    expect(stored).toEqual([]);
  });

  it("serves an image and an audio file whole (200) and in part (206), the bucket's bytes, with ETag and the edge's headers", async () => {
    for (const key of [imageKey, trackKey]) {
      const inBucket = await s3!.bytes(settings!.bucket, key);
      const whole = await fetch(`${server!.url}/media/${key}`);
      expect(whole.status).toBe(200);
      expect(Buffer.from(await whole.arrayBuffer())).toEqual(inBucket);
      expect(whole.headers.get("content-type")).toBe(key.startsWith("images/") ? "image/png" : "audio/mpeg");
      expect(whole.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(whole.headers.get("content-security-policy")).toContain("default-src 'self'");
      expect(whole.headers.get("x-content-type-options")).toBe("nosniff");
      const etag = whole.headers.get("etag");
      expect(etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);

      const part = await fetch(`${server!.url}/media/${key}`, { headers: { Range: "bytes=4-19" } });
      expect(part.status).toBe(206);
      expect(part.headers.get("content-range")).toBe(`bytes 4-19/${inBucket.length}`);
      expect(Buffer.from(await part.arrayBuffer())).toEqual(inBucket.subarray(4, 20));

      const again = await fetch(`${server!.url}/media/${key}`, { headers: { "If-None-Match": etag! } });
      expect(again.status).toBe(304);
    }
  });

  it("serves a resized variant of the image, made from the bucket and kept there", async () => {
    const variant = await fetch(`${server!.url}/media/${imageKey}?w=320`);
    expect(variant.status).toBe(200);
    expect(variant.headers.get("content-type")).toBe("image/webp");
    expect(await s3!.keys(settings!.bucket, `.variants/${imageKey}/`)).not.toEqual([]);
  });
});

describe.skipIf(!presigning)("large audio with S3_PRESIGN_AUDIO=1", () => {
  // 1.5 MB of "audio" put straight into the bucket: /media reads the object store, not the rows, for the bytes.
  const bigKey = `tracks/${"b".repeat(32)}.mp3`;
  const big = Buffer.concat([Buffer.from("ID3"), Buffer.alloc(1_500_000, 7)]);
  const smallKey = `tracks/${"c".repeat(32)}.mp3`;
  const small = Buffer.from("ID3 a small file");

  beforeAll(async () => {
    await s3!.put(settings!.bucket, bigKey, big);
    await s3!.put(settings!.bucket, smallKey, small);
  });

  it("redirects it to a short-lived presigned URL of the bucket that plays with ranges, and lets the pages' CSP play from there", async () => {
    const res = await fetch(`${presigning!.url}/media/${bigKey}`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const location = new URL(res.headers.get("location")!);
    expect(location.origin).toBe(s3!.endpoint);
    expect(Number(location.searchParams.get("X-Amz-Expires"))).toBeLessThanOrEqual(300);
    const part = await fetch(location, { headers: { Range: "bytes=0-99" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-type")).toBe("audio/mpeg");
    expect(Buffer.from(await part.arrayBuffer())).toEqual(big.subarray(0, 100));
    const page = await fetch(`${presigning!.url}/`);
    expect(page.headers.get("content-security-policy")).toMatch(new RegExp(`media-src 'self' data: blob: ${s3!.endpoint}(;|$)`));
  });

  it("streams small audio itself, and without the option streams large audio too", async () => {
    const smallRes = await fetch(`${presigning!.url}/media/${smallKey}`, { redirect: "manual" });
    expect(smallRes.status).toBe(200);
    expect(Buffer.from(await smallRes.arrayBuffer())).toEqual(small);
    const proxied = await fetch(`${server!.url}/media/${bigKey}`, { redirect: "manual", headers: { Range: "bytes=1000000-1000099" } });
    expect(proxied.status).toBe(206);
    expect(Buffer.from(await proxied.arrayBuffer())).toEqual(big.subarray(1_000_000, 1_000_100));
    expect((await fetch(`${server!.url}/`)).headers.get("content-security-policy")).toContain("media-src 'self' data: blob:;");
  });
});
