// Issue 26: what one instance writes, the other serves. A news item created through instance A shows
// through instance B within a second on every read path with a cache of its own (the public page,
// api/, search, the RSS feed); the files it was sent with are served by B from the bucket, and no
// instance keeps them on its disk.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bucketKeys, instanceOf, theCluster } from "../support/cluster";
import { pngBytes, uniquePdf } from "../support/files";
import { expectJson, formData, HttpClient } from "../support/http";

const cluster = theCluster();

/** Every file under `dir` whose bytes are `bytes`. */
function filesHolding(dir: string, bytes: Buffer): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => fs.statSync(file).size === bytes.length && fs.readFileSync(file).equals(bytes));
}

describe.skipIf(!cluster)("a write through one instance, read through the other", () => {
  it("a news item created through A shows through B within a second: its page, api/, search, the RSS feed", async () => {
    const [a, b] = [instanceOf(cluster!, "a"), instanceOf(cluster!, "b")];
    const stamp = crypto.randomBytes(4).toString("hex");
    const staff = new HttpClient(a.url);
    await staff.apiLogin(cluster!.staff.username, cluster!.staff.password);
    const category = await expectJson(
      await staff.request("POST", "/api/category/", { json: { name: `Grappolo ${stamp}`, name_eng: `Cluster ${stamp}`, type: "news" } }),
      "category through A",
    );
    const title = `Notizia del grappolo ${stamp}`;
    const word = `grappolo${stamp}`;
    const reads = [`/news`, `/api/news/`, `/search?query=${word}`, `/rss.xml`];
    // B has each of them cached (page cache, read cache, search index) before the write.
    for (const read of reads) {
      const res = await fetch(`${b.url}${read}`);
      expect(res.status, read).toBe(200);
      expect(await res.text(), read).not.toContain(title);
    }

    await expectJson(
      await staff.request("POST", "/api/news/", {
        form: formData({
          category: String(category.id),
          title,
          title_eng: `Cluster news ${stamp}`,
          description: `<p>Scritta attraverso A: ${word}</p>`,
          description_eng: `<p>Written through A: ${word}</p>`,
          date: "2026-11-27",
        }),
      }),
      "news through A",
    );
    const acknowledgedAt = Date.now();
    const seenAfter: Record<string, number> = {};
    while (Object.keys(seenAfter).length < reads.length && Date.now() - acknowledgedAt < 5_000) {
      await Promise.all(
        reads
          .filter((read) => seenAfter[read] === undefined)
          .map(async (read) => {
            const text = await (await fetch(`${b.url}${read}`)).text();
            if (text.includes(title)) seenAfter[read] = Date.now() - acknowledgedAt;
          }),
      );
    }
    console.log(`through B, ms after A acknowledged the write: ${JSON.stringify(seenAfter)}`);
    for (const read of reads) expect(seenAfter[read], `${read} through B, ms after A acknowledged the write`).toBeLessThanOrEqual(1_000);
  });

  it("files sent through A are served by B from the bucket, and are on neither instance's disk", async () => {
    const [a, b] = [instanceOf(cluster!, "a"), instanceOf(cluster!, "b")];
    const staff = new HttpClient(a.url);
    await staff.apiLogin(cluster!.staff.username, cluster!.staff.password);
    const [category] = await staff.getJson("/api/category/?type=news");
    const pdf = Buffer.from(uniquePdf());
    const image = Buffer.from(await pngBytes(`#${crypto.randomBytes(3).toString("hex")}`, 32));
    const upload = await expectJson(await staff.upload(pdf, "Programma di sala.pdf"), "upload through A");
    const news = await expectJson(
      await staff.request("POST", "/api/news/", {
        form: formData({
          category: String(category.id),
          title: `Con allegato ${crypto.randomBytes(4).toString("hex")}`,
          title_eng: "With an attachment",
          description: "",
          description_eng: "",
          date: "2026-11-27",
          image: [new Blob([image], { type: "image/png" }), "foto.png"],
          attachments: JSON.stringify([{ temp_name: upload.temp_name, display_name: "Programma" }]),
        }),
      }),
      "news through A",
    );
    const files = [
      { url: news.attachments[0].url as string, bytes: pdf },
      { url: news.image as string, bytes: image },
    ];
    const keys = await bucketKeys(cluster!);
    for (const { url, bytes } of files) {
      const served = await fetch(`${b.url}${url}`);
      expect(served.status, url).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(bytes), `${url} through B: the bytes sent to A`).toBe(true);
      expect(keys).toContain(url.replace(/^\/media\//, ""));
      for (const instance of cluster!.instances) expect(filesHolding(instance.dataDir, bytes), `${url} in ${instance.dataDir}`).toEqual([]);
    }
  });
});
