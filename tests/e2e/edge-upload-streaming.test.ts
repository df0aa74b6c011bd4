import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { tmpFiles } from "../support/db";
import { expectJson, HttpClient, uploadInFlight } from "../support/http";
import { rssMb, sampleRss } from "../support/memory";
import { ADMIN, serverPid, serverPerFile, startServer } from "../support/server";

/**
 * issue 9: uploads stream to disk. A 40 MB track sent to PUT api/file/upload/ must never sit in the
 * server's memory whole (multipart file parts go to a .part file under UPLOADS_DIR/tmp while they
 * arrive), and a part over the limit is a 413 that leaves nothing in the tmp folder.
 */
// V8's young generation is sized by the Node version (Node 24's grows to tens of MB before a scavenge,
// Node 20's stays smaller): pinned, so the RSS growth measured below is what the server keeps, on any Node.
const server = serverPerFile({ env: { SEED_DEMO: "0", NODE_OPTIONS: "--max-semi-space-size=4" } });
let staff: HttpClient;
beforeAll(async () => {
  staff = new HttpClient(server.url);
  await staff.apiLogin(ADMIN.username, ADMIN.password);
});

const MB = 1024 * 1024;

/** A valid PCM WAV of `total` bytes: RIFF/WAVE, a fmt chunk, then a data chunk of silence. */
function wav(total: number): Buffer {
  const out = Buffer.alloc(total);
  out.write("RIFF", 0, "latin1");
  out.writeUInt32LE(total - 8, 4);
  out.write("WAVE", 8, "latin1");
  out.write("fmt ", 12, "latin1");
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20); // PCM
  out.writeUInt16LE(2, 22); // channels
  out.writeUInt32LE(44100, 24);
  out.writeUInt32LE(44100 * 4, 28);
  out.writeUInt16LE(4, 32);
  out.writeUInt16LE(16, 34);
  out.write("data", 36, "latin1");
  out.writeUInt32LE(total - 44, 40);
  return out;
}

/**
 * Streams one multipart upload of a `total`-byte WAV (its header, then silence, 1 MB at a time) to
 * PUT api/file/upload/ with its Content-Length, so the test never holds a few hundred MB itself.
 * Resolves with the status and the body of the answer.
 */
function streamedWavUpload(base: string, client: HttpClient, total: number, name: string): Promise<{ status: number; body: string }> {
  const { req, head, tail, answer } = uploadInFlight(base, client, name, total);
  const header = wav(44);
  header.writeUInt32LE(total - 8, 4);
  header.writeUInt32LE(total - 44, 40);
  const silence = Buffer.alloc(MB);
  let sent = 0;
  const pump = () => {
    while (sent < total) {
      const chunk = sent === 0 ? Buffer.concat([head, header, silence.subarray(0, MB - 44)]) : silence.subarray(0, Math.min(MB, total - sent));
      sent += sent === 0 ? MB : chunk.length;
      if (!req.write(chunk)) return void req.once("drain", pump);
    }
    req.end(tail);
  };
  pump();
  return answer;
}

describe("track masters up to MAX_TRACK_MB (issue 25; default 1 GB)", () => {
  it("a 300 MB WAV master is accepted and streamed to disk: the server's memory grows by less than a third of it", async () => {
    // A 5-minute CD-quality WAV (52.9 MB) was refused with 413 when tracks were limited to 50 MB.
    const pid = serverPid(server.process.pid!);
    await expectJson(await staff.upload(wav(8 * MB), "warm.wav", "track"), "warm-up upload");
    const baseline = rssMb(pid);
    const stop = sampleRss(pid);
    const answer = await streamedWavUpload(server.url, staff, 300 * MB, "Sinfonia.wav");
    const peak = stop();
    expect(answer.status, answer.body).toBe(200);
    const saved = JSON.parse(answer.body) as { temp_name: string };
    expect(fs.statSync(path.join(server.dataDir, "uploads", "tmp", saved.temp_name)).size).toBe(300 * MB);
    // Held in memory, the body would add 300 MB or more. Streamed, Node 24's collector still lets the heap
    // grow with the traffic: 40 MB in one CI run, 63.6 MB in another (stop 41, nothing in the upload path
    // changed). The bound is a third of the body: far from what buffering it would take, clear of that noise.
    expect(peak - baseline, `RSS ${baseline.toFixed(1)} MB -> peak ${peak.toFixed(1)} MB`).toBeLessThan(100);
    await expect.poll(() => tmpFiles(server).filter((name) => name.endsWith(".part")), { timeout: 5000 }).toEqual([]);
  }, 120_000);

  it("a master declared over the default 1 GB is refused with 413 before a byte is read", async () => {
    const { req, head, answer } = uploadInFlight(server.url, staff, "too-big.wav", 1100 * MB);
    req.write(head);
    const { status } = await answer;
    req.destroy();
    expect(status).toBe(413);
  });
});

describe("uploads stream to disk", () => {
  it("a 40 MB track is stored without the server holding it in memory", async () => {
    const pid = serverPid(server.process.pid!);
    const bytes = wav(40 * MB);
    // Warm up the route (modules, buffers of the network and file streams, the allocator) with a
    // smaller upload, so the baseline is the server's working state and the growth is the file's.
    await expectJson(await staff.upload(wav(8 * MB), "warm.wav", "track"), "warm-up upload");
    const baseline = rssMb(pid);
    const stop = sampleRss(pid);
    const saved = await expectJson<{ temp_name: string }>(await staff.upload(bytes, "Suite per archi.wav", "track"), "40 MB upload");
    const peak = stop();
    expect(saved.temp_name).toMatch(/\.wav$/);
    const stored = path.join(server.dataDir, "uploads", "tmp", saved.temp_name);
    expect(fs.statSync(stored).size).toBe(bytes.length);
    console.log(`40 MB upload: RSS ${baseline.toFixed(1)} MB -> peak ${peak.toFixed(1)} MB`);
    // Held in memory, the body would add 300 MB or more. Streamed, Node 20 stays within 25 MB; Node 24's
    // collector let the heap grow by 40 MB over the same upload (CI's second pass), so the bound is 60 MB.
    expect(peak - baseline, `RSS ${baseline.toFixed(1)} MB -> peak ${peak.toFixed(1)} MB`).toBeLessThan(60);
    // The .part files the edge streamed the parts to are removed once the request has ended.
    await expect.poll(() => tmpFiles(server).filter((name) => name.endsWith(".part")), { timeout: 5000 }).toEqual([]);
  });

  it("a file part over the limit (MAX_TRACK_MB) is a 413 and leaves no file in the tmp folder", async () => {
    const small = await startServer({ env: { SEED_DEMO: "0", MAX_TRACK_MB: "20" } });
    try {
      const client = new HttpClient(small.url);
      await client.apiLogin(ADMIN.username, ADMIN.password);
      const before = tmpFiles(small);
      const res = await client.upload(wav(20 * MB + 512 * 1024), "troppo.wav", "track");
      expect(res.status).toBe(413);
      await res.text();
      // The streamed .part file of the refused part is removed when the request ends, just after the answer.
      await expect.poll(() => tmpFiles(small), { timeout: 5000 }).toEqual(before);
      expect((await client.upload(wav(19 * MB), "entro.wav", "track")).status).toBe(200);
    } finally {
      await small.stop();
      fs.rmSync(small.dataDir, { recursive: true, force: true });
    }
  });
});

describe("uploads and the disk (issue 20)", () => {
  it("an upload that would leave less than the free-space floor is refused with 413 and a message; the dashboard shows the uploads' total", async () => {
    // A floor no disk can keep free: every upload is refused (30 x 19 MB were accepted in 14 s before).
    const full = await startServer({ env: { SEED_DEMO: "0", MIN_FREE_DISK_MB: String(999_999_999) } });
    try {
      const client = new HttpClient(full.url);
      await client.apiLogin(ADMIN.username, ADMIN.password);
      const res = await client.upload(wav(1 * MB), "pieno.wav", "track");
      expect(res.status).toBe(413);
      expect(((await res.json()) as { error: string }).error).toMatch(/Spazio su disco quasi esaurito/);
      expect(tmpFiles(full).filter((name) => name.endsWith(".part"))).toEqual([]);
      // React separates the text of adjacent expressions with empty comments.
      const dashboard = (await (await client.get("/admin/")).text()).replaceAll("<!-- -->", "");
      expect(dashboard).toMatch(/File caricati: \d+ \([\d.,]+ MB\)/);
      expect(dashboard).toContain('data-storage="low"');
      expect(dashboard).toContain("i nuovi caricamenti sono rifiutati");
    } finally {
      await full.stop();
      fs.rmSync(full.dataDir, { recursive: true, force: true });
    }
  });

  it("the .part files of uploads cut off by a stop (SIGTERM) are removed", async () => {
    const own = await startServer({ env: { SEED_DEMO: "0" } });
    const client = new HttpClient(own.url);
    await client.apiLogin(ADMIN.username, ADMIN.password);
    // Half of a declared 20 MB upload, then nothing: the request is in flight when the stop comes.
    const { req, head } = uploadInFlight(own.url, client, "a.wav", 20 * MB);
    req.write(Buffer.concat([head, wav(10 * MB)]));
    await expect.poll(() => tmpFiles(own).filter((name) => name.endsWith(".part")).length, { timeout: 10_000 }).toBe(1);
    await own.stop("SIGTERM");
    req.destroy();
    expect(tmpFiles(own).filter((name) => name.endsWith(".part"))).toEqual([]);
    fs.rmSync(own.dataDir, { recursive: true, force: true });
  }, 60_000);
});
