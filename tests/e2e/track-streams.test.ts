import { parseBuffer } from "music-metadata";
import { describe, expect, it, vi } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { row, run } from "../support/db";
import { toneAiff, toneWav } from "../support/files";
import { HttpClient } from "../support/http";
import { at } from "../support/present";
import { SERVER_TEST, serverPerFile, serverPid, sharedDemoServer } from "../support/server";
import { createWithTrack, staffClientOnce, trackIn, type WireMusic } from "../support/tracks";

// It writes and kills its server: a process of its own. A short lease, so the job of the killed
// process is taken over a few seconds after the restart rather than a minute.
const server = serverPerFile({ env: { SEED_DEMO: "0", JOB_LEASE_S: "3" } });
const demo = sharedDemoServer();

const staffClient = staffClientOnce(server);

/** The composition's public page (the client never follows redirects: the canonical path is followed here). */
async function compositionPage(api: HttpClient, slug: string) {
  let res = await api.get(`/compositions/colonne%20sonore/${slug}`);
  for (let hops = 0; hops < 3 && res.headers.get("location"); hops++) {
    res = await api.get(res.headers.get("location")!);
  }
  return res;
}

describe("track streams", () => {
  it("turns a 60 s 44.1 kHz stereo WAV master into an MP3 stream with peaks and loudness, served with Range", SERVER_TEST, async () => {
    const master = toneWav(60); // before signing in: see "resumes a transcode" below
    const api = await staffClient();
    const created = await createWithTrack(api, "Sessanta secondi", master, "sessanta.wav");
    const first = at(created.music_tracks, 0);
    // Until the stream is ready, clients play the master: nothing breaks meanwhile.
    expect(["pending", "processing", "ready"]).toContain(first.state);
    if (first.state !== "ready") expect(first).toMatchObject({ stream_url: first.url, stream_type: "audio/wav", peaks_url: null });

    const track = await trackIn(api, created.slug, ["ready", "failed"]);
    expect(track.state).toBe("ready");
    expect(track.url).toBe(first.url); // the master is kept, untouched
    expect(track.stream_type).toBe("audio/mpeg");
    expect(track.stream_url).toMatch(/^\/media\/tracks\/[0-9a-f]{32}\.mp3$/);
    expect(track.duration).toBeCloseTo(60, 1);
    expect(track.loudness_lufs).toEqual(expect.any(Number));
    expect(track.loudness_lufs!).toBeGreaterThan(-30);
    expect(track.loudness_lufs!).toBeLessThan(-5);

    const streamRes = await api.get(track.stream_url);
    expect(streamRes.status).toBe(200);
    expect(streamRes.headers.get("content-type")).toBe("audio/mpeg");
    const stream = Buffer.from(await streamRes.arrayBuffer());
    expect(stream.length).toBeLessThanOrEqual(1.5 * 1024 * 1024); // 1.5 MB for one minute of listening
    const { format } = await parseBuffer(stream, { mimeType: "audio/mpeg" }, { duration: true });
    expect(format).toMatchObject({ sampleRate: 44100, numberOfChannels: 2 });
    expect(Math.abs(format.duration! - 60)).toBeLessThan(0.1);

    const ranged = await api.get(track.stream_url, { headers: { Range: "bytes=1000-1999" } });
    expect(ranged.status).toBe(206);
    expect(ranged.headers.get("content-range")).toBe(`bytes 1000-1999/${stream.length}`);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(stream.subarray(1000, 2000))).toBe(true);

    const peaksRes = await api.get(track.peaks_url!);
    expect(peaksRes.headers.get("cache-control")).toContain("immutable");
    const peaks = (await peaksRes.json()) as { length: number; data: number[] };
    expect(peaks.length).toBeGreaterThan(1000);
    expect(peaks.data).toHaveLength(peaks.length * 2);

    // The page plays the stream; the master is still what staff uploaded.
    const page = await (await compositionPage(api, created.slug)).text();
    expect(page).toContain(track.stream_url);
    const masterBytes = Buffer.from(await (await api.get(track.url)).arrayBuffer());
    expect(masterBytes.equals(master)).toBe(true);
    // Counted while the track uses them: the janitor keeps them.
    for (const url of [track.stream_url, track.peaks_url!]) {
      expect(row<{ refCount: number }>(server, `SELECT refCount FROM StoredFile WHERE key = ?`, url.slice("/media/".length)).refCount).toBe(1);
    }
  });

  it("turns an AIFF master into the same MP3 stream as a WAV one", SERVER_TEST, async () => {
    const api = await staffClient();
    const created = await createWithTrack(api, "Da un Mac", toneAiff(12), "studio.aif");
    const first = at(created.music_tracks, 0);
    expect(first.url).toMatch(/\.aif$/);
    const track = await trackIn(api, created.slug, ["ready", "failed"]);
    expect(track.state, row<{ streamError: string | null }>(server, "SELECT streamError FROM MusicTrack WHERE url = ?", first.url).streamError ?? "").toBe(
      "ready",
    );
    expect(track.stream_type).toBe("audio/mpeg");
    const streamRes = await api.get(track.stream_url);
    expect(streamRes.headers.get("content-type")).toBe("audio/mpeg");
    const { format } = await parseBuffer(Buffer.from(await streamRes.arrayBuffer()), { mimeType: "audio/mpeg" }, { duration: true });
    expect(format).toMatchObject({ sampleRate: 44100, numberOfChannels: 2 });
    expect(Math.abs(format.duration! - 12)).toBeLessThan(0.1);
    expect(Math.abs(track.duration! - 12)).toBeLessThan(0.1);
    expect(track.loudness_lufs).toEqual(expect.any(Number));
  });

  it("shows staff when a master whose try failed is tried again, not a plain 'in coda'", SERVER_TEST, async () => {
    const api = await staffClient();
    const created = await createWithTrack(api, "In attesa", toneWav(2), "attesa.wav");
    const url = at(created.music_tracks, 0).url;
    await trackIn(api, created.slug, ["ready", "failed"]);
    // The job row is marked done just after the track row: wait for it rather than race it.
    await vi.waitFor(() => expect(row<{ state: string }>(server, "SELECT state FROM Job WHERE key = ?", url).state).toBe("done"), {
      timeout: 10_000,
      interval: 50,
    });
    // The state the queue leaves after a failed try (jobs.server.ts): queued again, with backoff.
    // Prisma keeps a SQLite DateTime as ISO text, and compares it as text.
    const retryAt = new Date(Date.UTC(2031, 4, 6, 13, 45)).toISOString().replace("Z", "+00:00");
    run(
      server,
      "UPDATE Job SET state = 'queued', attempts = 1, lastError = 'lame interrotto (SIGKILL)', runAt = ?, finishedAt = NULL WHERE key = ?",
      retryAt,
      url,
    );
    run(server, "UPDATE MusicTrack SET streamState = 'processing' WHERE url = ?", url);
    const edit = (await (await api.get(`/admin/musicList/${created.slug}`)).text()).replaceAll("<!-- -->", "");
    // 13:45 UTC is 15:45 in Rome (summer time).
    expect(edit).toContain("In attesa di un nuovo tentativo (previsto il 06/05/2031 15:45)");
    expect(edit).toContain("lame interrotto (SIGKILL)");
    expect(edit).toContain('data-stream-state="retrying"');
  });

  it("ends a corrupt master 'failed' with a readable reason; the site keeps working and staff can retry", SERVER_TEST, async () => {
    const api = await staffClient();
    // A WAV header the upload accepts, then a format no decoder knows.
    const corrupt = toneWav(2);
    corrupt.writeUInt16LE(0x1234, 20);
    const created = await createWithTrack(api, "Guasto", corrupt, "guasto.wav");
    const track = await trackIn(api, created.slug, ["failed", "ready"]);
    expect(track.state).toBe("failed");
    expect(track.stream_url).toBe(track.url);
    const reason = row<{ streamError: string }>(server, `SELECT streamError FROM MusicTrack WHERE url = ?`, track.url).streamError;
    expect(reason).toMatch(/formato WAV non supportato/);

    expect((await compositionPage(api, created.slug)).status).toBe(200);
    const admin = new HttpClient(server.url);
    await admin.login();
    const edit = await (await admin.get(`/admin/musicList/${created.slug}`)).text();
    expect(edit).toContain("Errore");
    expect(edit).toContain("formato WAV non supportato");
    const retried = await admin.post(`/admin/musicList/${created.slug}`, { intent: "retry-stream", url: track.url });
    expect(retried.status).toBe(302);
    expect(row<{ n: number }>(server, `SELECT count(*) AS n FROM Job WHERE key = ?`, track.url).n).toBe(2);
    expect((await trackIn(api, created.slug, ["failed"])).state).toBe("failed");
  });

  it("resumes a transcode interrupted by killing the server, after the restart", SERVER_TEST, async () => {
    // Ten minutes at 22.05 kHz: long enough (resampled to 44.1 kHz) to be killed mid-way. Made before
    // signing in: making it keeps this worker busy for seconds at load, and the sign-in's connection, idle
    // that long, was closed by the server (keep-alive 5 s) as the upload was written to it (EPIPE, CI's Node 24 pass).
    const master = toneWav(600, { sampleRate: 22050, channels: 1 });
    const api = await staffClient();
    const created = await createWithTrack(api, "Interrotta", master, "lunga.wav");
    const url = at(created.music_tracks, 0).url;
    const job = () =>
      row<{ state: string; attempts: number; progress: number }>(server, `SELECT state, attempts, progress FROM Job WHERE key = ? ORDER BY id DESC`, url);
    await vi.waitFor(
      () => {
        const current = job();
        if (current.state !== "running" || current.progress <= 0) throw new Error(`job ${current.state} ${current.progress}`);
      },
      { timeout: 60_000, interval: 50 },
    );
    // The half-written stream is in the data folder (uploads/tmp), named by its job, where it can be found again.
    const scratch = path.join(server.dataDir, "uploads", "tmp");
    const workDirs = () => (fs.existsSync(scratch) ? fs.readdirSync(scratch).filter((name) => name.startsWith("transcode-")) : []);
    expect(workDirs()).toHaveLength(1);
    const pid = serverPid(server.process.pid!);
    process.kill(pid, "SIGKILL");
    // The start wrapper starts a new server.mjs; its queue takes the job over once the lease passed.
    const track = await trackIn(api, created.slug, ["ready", "failed"], 150_000);
    expect(serverPid(server.process.pid!)).not.toBe(pid);
    expect(track.state).toBe("ready");
    // The job row is marked done just after the track row is saved: wait for it rather than race it.
    await vi.waitFor(() => expect(job()).toMatchObject({ state: "done", attempts: 2 }), { timeout: 10_000, interval: 50 });
    expect(track.duration).toBeCloseTo(600, 1);
    // The killed run's work folder was swept (at start and at the claim), the finished one removed.
    expect(workDirs()).toEqual([]);
  });

  it("has the demo tracks streamed after the first start, with peaks and loudness", async () => {
    const list = await new HttpClient(demo.url).getJson<WireMusic[]>("/api/music/");
    const tracks = list.flatMap((m) => m.music_tracks);
    expect(tracks.length).toBeGreaterThan(40);
    for (const track of tracks) {
      expect(track).toMatchObject({ state: "ready", stream_type: "audio/mpeg", peaks_url: expect.stringMatching(/^\/media\/peaks\//) });
      expect(track.loudness_lufs).toEqual(expect.any(Number));
    }
  });
});
