import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it, vi } from "vitest";
import { rows, run } from "../support/db";
import { HttpClient } from "../support/http";
import { ADMIN, serverPid, startServer, type TestServer } from "../support/server";

/**
 * issue 10: after hard kills of the server under write load, orphaned stored files and `.part` files
 * stayed forever (the hourly clean-up only looked at tmp/). Now the janitor runs at start: after
 * each kill and restart no stored file is left that no row uses, no `.part` file is left, and no
 * row points at a missing file.
 */
let server: TestServer | undefined;
let dataDir = "";

afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const uploads = () => path.join(dataDir, "uploads");

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(uploads(), path.join(d.parentPath, d.name)));
}

/** What rows use, and what is on disk that nothing uses or that was never finished. */
function leftovers(s: TestServer) {
  const used = new Set(
    rows<{ url: string }>(
      s,
      `SELECT img AS url FROM Music UNION ALL SELECT image FROM News WHERE image IS NOT NULL UNION ALL SELECT url FROM MusicTrack UNION ALL SELECT url FROM NewsAttachment`,
    ).map((r) => r.url.replace(/^\/media\//, "")),
  );
  const files = walk(uploads());
  const stored = files.filter((f) => /^(images|tracks|attachments)\//.test(f) && !f.endsWith(".part"));
  return {
    orphans: stored.filter((f) => !used.has(f)),
    parts: files.filter((f) => f.endsWith(".part")),
    dangling: [...used].filter((key) => !fs.existsSync(path.join(uploads(), key))),
  };
}

async function pngOf(seed: string): Promise<Buffer> {
  const [r, g, b] = crypto.createHash("sha256").update(seed).digest();
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: r!, g: g!, b: b! } } })
    .png()
    .toBuffer();
}

const bigPdf = () => Buffer.concat([Buffer.from("%PDF-1.4\n", "latin1"), crypto.randomBytes(3 * 1024 * 1024), Buffer.from("\n%%EOF\n", "latin1")]);

/** One writer: upload an attachment, create a news item with a new image and it, now and then delete one. */
async function writer(client: HttpClient, categoryId: number, name: string, stop: { now: boolean }, created: number[]) {
  for (let n = 0; !stop.now; n++) {
    try {
      const upload = await client.upload(bigPdf(), `${name}-${n}.pdf`, "attachment");
      if (!upload.ok) continue;
      const { temp_name } = (await upload.json()) as { temp_name: string };
      const form = new FormData();
      form.set("category", String(categoryId));
      form.set("title", `${name} ${n}`);
      form.set("title_eng", `${name} ${n}`);
      form.set("image", new Blob([new Uint8Array(await pngOf(`${name}-${n}`))], { type: "image/png" }), "foto.png");
      form.set("attachments", JSON.stringify([{ temp_name, display_name: "Programma" }]));
      const res = await client.request("POST", "/api/news/", { form });
      if (res.status === 201) created.push(((await res.json()) as { id: number }).id);
      if (n % 3 === 2 && created.length > 1) await client.request("DELETE", `/api/news/${created.shift()}/`);
    } catch {
      // The server was killed under this request.
      return;
    }
  }
}

describe("the janitor after hard kills under write load", () => {
  it("leaves no orphaned stored file and no .part file, and every row finds its file", { timeout: 240_000 }, async () => {
    server = await startServer({ env: { SEED_DEMO: "0" } });
    dataDir = server.dataDir;
    run(server, `INSERT INTO Category (id, name, nameEng, type) VALUES (70, 'Crash', 'Crash', 'news')`);
    let leftBehind = 0;
    for (let round = 0; round < 3; round++) {
      const client = new HttpClient(server.url);
      await client.apiLogin(ADMIN.username, ADMIN.password);
      const stop = { now: false };
      const created: number[] = [];
      const writers = Array.from({ length: 5 }, (_, i) => writer(client, 70, `r${round}w${i}`, stop, created));
      // Kill while writes are in flight: once a few saves have committed, others are half way.
      // (after a minute without three, it kills anyway)
      await vi.waitFor(() => expect(created.length).toBeGreaterThanOrEqual(3), { timeout: 60_000, interval: 20 }).catch(() => {});
      const pid = serverPid(server.process.pid!);
      const exited = new Promise((resolve) => server!.process.once("exit", resolve));
      // The wrapper first (it would start a killed server again), then the server: a whole-machine crash.
      process.kill(server.process.pid!, "SIGKILL");
      process.kill(pid, "SIGKILL");
      await exited;
      stop.now = true;
      await Promise.all(writers);

      // However the kill landed, one save is caught between storing its file and committing its row.
      const stored = crypto.randomBytes(16).toString("hex");
      fs.mkdirSync(path.join(uploads(), "attachments"), { recursive: true });
      fs.writeFileSync(path.join(uploads(), "attachments", `${stored}.pdf`), bigPdf());
      const before = leftovers(server);
      expect(before.orphans).toContain(`attachments/${stored}.pdf`);
      leftBehind += before.orphans.length - 1 + before.parts.length;
      // issue 20: the .part files are fresh (206 were left after 32 kills, removed only an hour later):
      // the start removes every one, since no upload is live before the server listens.

      server = await startServer({ dataDir, env: { SEED_DEMO: "0" } });
      expect(leftovers(server)).toEqual({ orphans: [], parts: [], dangling: [] });
      // The counts agree with the rows: the news rows' files, and those of every kept revision and trash
      // entry (issue 24: a file a revision references is in use, so a restore never points at a gone file).
      const counts = rows<{ key: string; refCount: number }>(server, `SELECT key, refCount FROM StoredFile ORDER BY key`);
      const expected = rows<{ key: string; refCount: number }>(
        server,
        `SELECT substr(url, 8) AS key, COUNT(*) AS refCount FROM (
           SELECT image AS url FROM News WHERE image IS NOT NULL UNION ALL SELECT url FROM NewsAttachment
           UNION ALL SELECT j.value FROM Revision r, json_each(r.files) j
           UNION ALL SELECT j.value FROM TrashEntry t, json_each(t.files) j
         ) GROUP BY url ORDER BY key`,
      );
      expect(counts).toEqual(expected);
    }
    // The kills did land mid-write (otherwise this test would prove nothing).
    expect(leftBehind).toBeGreaterThan(0);
  });
});
