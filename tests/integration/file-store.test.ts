import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { type FileStore, derivedKey } from "~/server/storage/file-store.server";
import { LocalDiskStore } from "~/server/storage/local-disk.server";
import { S3Store } from "~/server/storage/s3.server";
import { s3ServerPerFile } from "../support/s3-server";

/**
 * The FileStore contract (issue 10, issue 26): the same tests against each backend, the local disk
 * and a real S3-compatible server (Swift with s3api, scripts/s3-test-server.sh).
 */
const s3 = await s3ServerPerFile();

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let out = "";
  for await (const chunk of stream) out += chunk.toString();
  return out;
}

const localRoot = () => fs.mkdtempSync(path.join(os.tmpdir(), "store-"));

type Backend = { name: string; make: (() => Promise<FileStore>) | null };
const backends: Backend[] = [
  { name: "local-disk", make: async () => new LocalDiskStore(localRoot()) },
  { name: "S3", make: s3 && (async () => new S3Store(await s3.newBucket(), localRoot())) },
];

for (const { name, make } of backends) {
  describe.skipIf(!make)(`the ${name} FileStore`, () => {
    const store = () => make!();

    it("puts the same bytes under the same content-addressed key and reads byte ranges", async () => {
      const s = await store();
      const a = await s.put("attachments", Buffer.from("0123456789"), "pdf");
      const b = await s.put("attachments", new Blob(["0123456789"]), ".pdf");
      const c = await s.put("attachments", async () => Readable.from([Buffer.from("01234"), Buffer.from("56789")]), "pdf");
      expect(a).toEqual(b);
      expect(c).toEqual(a);
      expect(a.key).toMatch(/^attachments\/[0-9a-f]{32}\.pdf$/);
      expect(a.size).toBe(10);
      expect(await readAll((await s.open(a.key))!.stream)).toBe("0123456789");
      const range = await s.open(a.key, { start: 2, end: 5 });
      expect(range?.size).toBe(10);
      expect(await readAll(range!.stream)).toBe("2345");
      expect(await readAll((await s.open(a.key, { start: 9, end: 9 }))!.stream)).toBe("9");
      expect(await s.open("attachments/missing.pdf")).toBeNull();
      expect(await s.stat("attachments/missing.pdf")).toBeNull();
    });

    it("answers the size and time of a key, writes a server-chosen key over an older one", async () => {
      const s = await store();
      const before = Date.now() - 2000;
      await s.write("tmp/upload-1", Buffer.from("first"));
      await s.write("tmp/upload-1", new Blob(["second version"]));
      const stat = await s.stat("tmp/upload-1");
      expect(stat?.size).toBe("second version".length);
      expect(stat!.modifiedAt.getTime()).toBeGreaterThan(before);
      expect(await readAll((await s.open("tmp/upload-1"))!.stream)).toBe("second version");
      expect(await s.exists("tmp/upload-1")).toBe(true);
      expect(await s.exists("tmp/upload-2")).toBe(false);
    });

    it("deletes a key with its derived files, lists a folder, and refuses keys outside its root", async () => {
      const s = await store();
      const { key } = await s.put("images", Buffer.from("img"), "png");
      await s.write(derivedKey(key, "320.webp"), Buffer.from("small"));
      const listed: string[] = [];
      for await (const file of s.list(".variants/")) listed.push(file.key);
      expect(listed).toEqual([derivedKey(key, "320.webp")]);
      const images: { key: string; size: number }[] = [];
      for await (const file of s.list("images/")) images.push({ key: file.key, size: file.size });
      expect(images).toEqual([{ key, size: 3 }]);
      expect(await s.exists(key)).toBe(true);
      await s.delete(key);
      expect(await s.exists(key)).toBe(false);
      expect(await s.exists(derivedKey(key, "320.webp"))).toBe(false);
      await s.delete(key); // missing: not an error
      for (const bad of ["../x", "images/../../x", "/etc/passwd", "images//x", "images\\x"])
        await expect(s.write(bad, Buffer.from("x"))).rejects.toThrow(/Invalid storage key/);
    });

    it("sweeps only unfinished writes older than the cut-off, on the local disk where they are", async () => {
      const root = localRoot();
      const s = name === "S3" ? new S3Store(await s3!.newBucket(), root) : new LocalDiskStore(root);
      fs.mkdirSync(path.join(root, "tmp"), { recursive: true });
      fs.mkdirSync(path.join(root, "images"), { recursive: true });
      const old = path.join(root, "tmp", "a.part");
      const fresh = path.join(root, "images", "b.part");
      const kept = path.join(root, "images", "c.png");
      for (const f of [old, fresh, kept]) fs.writeFileSync(f, "x");
      const hourAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      fs.utimesSync(old, hourAgo, hourAgo);
      fs.utimesSync(kept, hourAgo, hourAgo);
      expect(await s.sweepUnfinished(new Date(Date.now() - 60 * 60 * 1000))).toEqual(["tmp/a.part"]);
      expect([fs.existsSync(old), fs.existsSync(fresh), fs.existsSync(kept)]).toEqual([false, true, true]);
    });
  });
}

describe.skipIf(!s3)("the S3 FileStore's bytes", () => {
  it("are objects of the bucket under the same keys as on disk, and nothing stays on the local disk", async () => {
    const settings = await s3!.newBucket();
    const root = localRoot();
    const s = new S3Store(settings, root);
    const disk = new LocalDiskStore(localRoot());
    const bytes = Buffer.from("ID3 the same bytes as on disk");
    const { key } = await s.put("tracks", new Blob([bytes]), "mp3");
    expect(key).toBe((await disk.put("tracks", bytes, "mp3")).key);
    expect(await s3!.keys(settings.bucket)).toEqual([key]);
    expect(await s3!.bytes(settings.bucket, key)).toEqual(bytes);
    const leftOnDisk = fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(leftOnDisk).toEqual([]);
  });

  it("gives a presigned URL that reads the object, with ranges, without credentials", async () => {
    const settings = await s3!.newBucket();
    const s = new S3Store(settings, localRoot());
    const { key } = await s.put("tracks", Buffer.from("0123456789"), "mp3");
    const url = await s.signedUrl(key, { contentType: "audio/mpeg", expiresInSeconds: 60 });
    const whole = await fetch(url);
    expect([whole.status, whole.headers.get("content-type"), await whole.text()]).toEqual([200, "audio/mpeg", "0123456789"]);
    const part = await fetch(url, { headers: { Range: "bytes=3-4" } });
    expect([part.status, await part.text()]).toEqual([206, "34"]);
    const unsigned = await fetch(url.split("?")[0]!);
    expect(unsigned.status).toBeGreaterThanOrEqual(400);
  });
});
