import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { row, run } from "../support/db";
import { silentWav, toneWav } from "../support/files";
import { HttpClient } from "../support/http";
import { SERVER_TEST, serverPerFile, serverPid } from "../support/server";
import { createWithTrack, staffClientOnce, trackIn } from "../support/tracks";

/**
 * issue 34, findings 4 and 5 (ADR 047): a master is decoded in a process of its own, with its own heap
 * limit, a wall-time limit and a lower priority. The server here has a 420 MB heap
 * (NODE_OPTIONS=--max-old-space-size=420, what a container with a 420 MB memory limit leaves V8:
 * `prlimit --as` breaks V8's address-space reservations), and the file measures the server process
 * itself (/proc of server.mjs, not of its transcoder) while the transcodes run.
 */
const server = serverPerFile({ env: { SEED_DEMO: "0", NODE_OPTIONS: "--max-old-space-size=420" } });

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CPU seconds (user and system) and niceness of a process, from /proc/PID/stat; null once it is gone. */
function stat(pid: number): { cpuSeconds: number; nice: number } | null {
  let text: string;
  try {
    text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15, nice 19.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return { cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND, nice: Number(fields[16]) };
}

function rssMb(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(line?.[1] ?? 0) / 1024;
}

/** The transcoder process the server started (build/server/transcoder.js), if one runs now. */
function transcoderOf(pid: number): number | null {
  let children: number[];
  try {
    children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return null;
  }
  for (const child of children) {
    try {
      if (fs.readFileSync(`/proc/${child}/cmdline`, "utf8").includes("transcoder.js")) return child;
    } catch {
      // ended meanwhile
    }
  }
  return null;
}

/** How the kernel ranks a process for the CPU and for the OOM killer; null once it is gone. */
function prioritiesOf(pid: number): string | null {
  try {
    return `nice ${stat(pid)?.nice}, oom_score_adj ${fs.readFileSync(`/proc/${pid}/oom_score_adj`, "utf8").trim()}`;
  } catch {
    return null;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** One visitor's request to a page the page cache holds, its latency in ms. */
async function timedGet(visitor: HttpClient, path: string): Promise<number> {
  const start = performance.now();
  const res = await visitor.get(path);
  await res.arrayBuffer();
  expect(res.status).toBe(200);
  return performance.now() - start;
}

/** A visitor's pace: the server's CPU for answering is then a few % of a core, and decoding would show. */
const REQUEST_EVERY_MS = 80;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A FLAC of `seconds` of silence at 44.1 kHz: a few KB that decode to megabytes. */
const flacBomb = (seconds: number) => {
  const mono = silentWav(seconds, 44100);
  return execFileSync("flac", ["--silent", "--stdout", "-"], { input: mono, maxBuffer: 64 * 1024 * 1024 });
};

/** The crafted WAV of finding 4: one second of audio, then a chunk of `mb` MB of nothing. */
function wavWithTail(mb: number): Buffer {
  const tail = Buffer.alloc(8 + mb * 1024 * 1024);
  tail.write("junk", 0, "latin1");
  tail.writeUInt32LE(mb * 1024 * 1024, 4);
  return Buffer.concat([toneWav(1), tail]);
}

const staffClient = staffClientOnce(server);

const trackRow = (url: string) =>
  row<{ streamState: string; streamError: string | null }>(server, "SELECT streamState, streamError FROM MusicTrack WHERE url = ?", url);

describe("decoding a master in a process of its own", () => {
  it(
    "the crafted WAV (200 MB after its samples) and a FLAC bomb: the server's CPU and memory stay its own, visitors' latency within 2x",
    SERVER_TEST,
    async () => {
      const poison = wavWithTail(200);
      const bomb = flacBomb(600);
      expect(bomb.length).toBeLessThan(200 * 1024);
      const api = await staffClient();
      const visitor = new HttpClient(server.url);
      const pid = serverPid(server.process.pid!);
      for (let i = 0; i < 5; i++) await timedGet(visitor, "/"); // the page cache holds / from here
      const idle: number[] = [];
      for (let i = 0; i < 40; i++) {
        idle.push(await timedGet(visitor, "/"));
        await pause(REQUEST_EVERY_MS);
      }

      const poisoned = await createWithTrack(api, "Coda enorme", poison, "coda.wav");
      const bombed = await createWithTrack(api, "Bomba", bomb, "bomba.flac");
      const urls = [poisoned, bombed].map((music) => music.music_tracks[0]!.url);
      const before = { cpu: stat(pid)!.cpuSeconds, rss: rssMb(pid), at: performance.now() };
      const busy: number[] = [];
      let peakRss = before.rss;
      const transcoders = new Map<number, string>(); // pid -> its priorities
      while (urls.some((url) => !["ready", "failed"].includes(trackRow(url).streamState))) {
        const child = transcoderOf(pid);
        const priorities = child ? prioritiesOf(child) : null;
        if (child && priorities) transcoders.set(child, priorities);
        busy.push(await timedGet(visitor, "/"));
        peakRss = Math.max(peakRss, rssMb(pid));
        await pause(REQUEST_EVERY_MS);
        expect(performance.now() - before.at).toBeLessThan(150_000);
      }
      const serverCpu = stat(pid)!.cpuSeconds - before.cpu;
      const seconds = (performance.now() - before.at) / 1000;

      // What the tracks became: the poison is one second (its tail never read), the bomb ten minutes.
      expect(urls.map((url) => trackRow(url).streamState)).toEqual(["ready", "ready"]);
      expect((await trackIn(api, poisoned.slug, ["ready"])).duration).toBe(1);
      expect((await trackIn(api, bombed.slug, ["ready"])).duration).toBeCloseTo(600, 0);
      console.log(JSON.stringify({ idleMs: median(idle), busyMs: median(busy), requests: busy.length, serverCpu, seconds, rss: before.rss, peakRss }));
      // The decoding ran in transcoder processes (at nice 10, the OOM killer's first pick), not in the server;
      // the server's own CPU over the run (mostly answering this test's requests) stays under a tenth of a
      // core (decoding the bomb in it took 1 to 1.5 s of CPU in its 10 s).
      expect(transcoders.size).toBeGreaterThan(0);
      expect(new Set(transcoders.values())).toEqual(new Set(["nice 10, oom_score_adj 500"]));
      expect(serverCpu / seconds).toBeLessThan(0.1);
      expect(peakRss - before.rss).toBeLessThan(60);
      expect(busy.length).toBeGreaterThan(15);
      expect(median(busy)).toBeLessThanOrEqual(2 * median(idle));
    },
  );

  it(
    "a try whose process is killed (a container's OOM killer) fails that try only: the job fails after its 3, /healthz answers throughout",
    SERVER_TEST,
    async () => {
      const api = await staffClient();
      const created = await createWithTrack(api, "Uccisa", flacBomb(660), "uccisa.flac");
      const url = created.music_tracks[0]!.url;
      const pid = serverPid(server.process.pid!);
      let health = { ok: 0, all: 0 };
      let polling = true;
      const poller = (async () => {
        while (polling) {
          const res = await fetch(`${server.url}/healthz`).catch(() => null);
          health = { ok: health.ok + (res?.status === 200 ? 1 : 0), all: health.all + 1 };
          await res?.arrayBuffer();
          await pause(50);
        }
      })();
      const job = () =>
        row<{ id: number; state: string; attempts: number; lastError: string | null }>(
          server,
          "SELECT id, state, attempts, lastError FROM Job WHERE key = ?",
          url,
        );
      try {
        for (let attempt = 1; attempt <= 3; attempt++) {
          const child = await vi.waitFor(
            () => {
              const found = transcoderOf(pid);
              if (!found) throw new Error(`no transcoder yet (job ${JSON.stringify(job())})`);
              return found;
            },
            { timeout: 60_000, interval: 20 },
          );
          process.kill(child, "SIGKILL");
          await vi.waitFor(() => expect(job()).toMatchObject({ state: attempt < 3 ? "queued" : "failed", attempts: attempt }), {
            timeout: 30_000,
            interval: 50,
          });
          // The next try now rather than after its backoff (30 s, then 2 min); Prisma keeps a SQLite DateTime as ISO text.
          if (attempt < 3) run(server, "UPDATE Job SET runAt = ? WHERE id = ?", new Date().toISOString().replace("Z", "+00:00"), job().id);
        }
      } finally {
        polling = false;
        await poller;
      }
      const reason = "la conversione si è interrotta senza finire (segnale SIGKILL, forse memoria esaurita)";
      expect(job().lastError).toBe(reason);
      expect(trackRow(url)).toEqual({ streamState: "failed", streamError: reason });
      const admin = new HttpClient(server.url);
      await admin.login();
      expect(await (await admin.get(`/admin/musicList/${created.slug}`)).text()).toContain(reason);
      // The same server process all along, answering its health check.
      expect(serverPid(server.process.pid!)).toBe(pid);
      expect(health.all).toBeGreaterThan(20);
      expect(health.ok / health.all).toBeGreaterThanOrEqual(0.99);
    },
  );
});
