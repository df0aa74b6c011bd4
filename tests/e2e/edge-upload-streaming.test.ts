import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { tmpFiles } from "../support/db";
import { expectJson, HttpClient } from "../support/http";
import { ADMIN, serverPid, serverPerFile } from "../support/server";

/**
 * issue 9: uploads stream to disk. A 40 MB track sent to PUT api/file/upload/ must never sit in the
 * server's memory whole (multipart file parts go to a .part file under UPLOADS_DIR/tmp while they
 * arrive), and a part over the limit is a 413 that leaves nothing in the tmp folder.
 */
const server = serverPerFile({ env: { SEED_DEMO: "0" } });
let staff: HttpClient;
beforeAll(async () => {
  staff = new HttpClient(server.url);
  await staff.apiLogin(ADMIN.username, ADMIN.password);
});

const MB = 1024 * 1024;

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

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

/** Samples the server's resident memory until stopped; answers the peak in MB. */
function sampleRss(pid: number) {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 5);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssMb(pid));
  };
}

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
    expect(peak - baseline, `RSS ${baseline.toFixed(1)} MB -> peak ${peak.toFixed(1)} MB`).toBeLessThan(25);
    // The .part files the edge streamed the parts to are removed once the request has ended.
    await expect.poll(() => tmpFiles(server).filter((name) => name.endsWith(".part")), { timeout: 5000 }).toEqual([]);
  });

  it("a file part over the limit is a 413 and leaves no file in the tmp folder", async () => {
    const before = tmpFiles(server);
    const res = await staff.upload(wav(50 * MB + 512 * 1024), "troppo.wav", "track");
    expect(res.status).toBe(413);
    await res.text();
    // The streamed .part file of the refused part is removed when the request ends, just after the answer.
    await expect.poll(() => tmpFiles(server), { timeout: 5000 }).toEqual(before);
  });
});
