import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { MissingProgramError, transcodeAudio, UnreadableAudioError } from "~/server/domain/audio-transcode.server";
import { runJobsUntilIdle } from "~/server/domain/jobs.server";
import { resetEnvForTests } from "~/server/platform/env.server";
import { JOB_HANDLERS, streamJobs } from "~/server/domain/track-streams.server";
import { db } from "~/server/storage/db.server";
import { urlOfKey } from "~/server/storage/file-store.server";
import { fileStore } from "~/server/storage/storage.server";
import { silentWav, toneAiff, toneWav } from "../support/files";

/**
 * issue 34, findings 7, 4 and 6: how the transcode reads what staff upload. A missing decoder is not a
 * damaged file; a WAV is read to the end of its samples and no further; a master that decodes to more
 * than it says, or to more than MAX_TRACK_MINUTES, is refused before it fills the disk and the memory.
 */
/** MAX_TRACK_MINUTES' default. */
const MAX = 180 * 60;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "composer-transcode-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** A FLAC of a WAV, made by Debian's flac (the decoder the site runs). */
const flacOf = (wav: Buffer) => execFileSync("flac", ["--silent", "--stdout", "-"], { input: wav, maxBuffer: 64 * 1024 * 1024 });

/** The CPU time `work` takes in this process, in seconds (user and system). */
async function cpuSeconds(work: () => Promise<unknown>) {
  const before = process.cpuUsage();
  await work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1e6;
}

/** A composition with one track of `master`, stored, and its transcode job queued (`maxAttempts` tries). */
async function trackWithJob(slug: string, master: Buffer, extension: string, maxAttempts = 3) {
  const category = await db.category.create({ data: { name: slug, nameEng: slug, type: "music" }, select: { id: true } });
  const music = await db.music.create({ data: { slug, title: slug, categoryId: category.id, img: "/media/images/x.png" }, select: { id: true } });
  const url = urlOfKey((await fileStore().put("tracks", master, extension)).key);
  await db.musicTrack.create({ data: { musicId: music.id, position: 0, name: "Tema", url } });
  await db.job.create({ data: { kind: "transcode", key: url, payload: JSON.stringify({ url }), maxAttempts } });
  return url;
}

const trackState = (url: string) => db.musicTrack.findFirstOrThrow({ where: { url }, select: { streamState: true, streamError: true } });

describe("a decoder that is not installed", () => {
  it("is reported as «decoder non installato» (to try again once it is), not as a file that cannot be read", async () => {
    const flac = flacOf(toneWav(1));
    const path0 = process.env.PATH;
    // A server without Debian's flac: nothing on its PATH has it.
    process.env.PATH = fs.mkdtempSync(path.join(scratch, "bin-"));
    let refusal: unknown;
    try {
      await transcodeAudio(Readable.from([flac]), "flac", { outFile: null, maxSeconds: MAX }).catch((error: unknown) => (refusal = error));
    } finally {
      process.env.PATH = path0;
    }
    expect(refusal).toBeInstanceOf(MissingProgramError);
    expect(refusal).not.toBeInstanceOf(UnreadableAudioError);
    expect((refusal as Error).message).toMatch(/^decoder non installato: manca il programma flac/);
  });

  it("a FLAC track is retried while flac is missing, with the reason staff see, and streamed once flac is installed", async () => {
    // A server with lame but without Debian's flac.
    const bin = fs.mkdtempSync(path.join(scratch, "bin-"));
    fs.symlinkSync(execFileSync("sh", ["-c", "command -v lame"], { encoding: "utf8" }).trim(), path.join(bin, "lame"));
    const url = await trackWithJob("senza-flac", flacOf(toneWav(1)), "flac", 1);
    const path0 = process.env.PATH;
    process.env.PATH = bin;
    try {
      await runJobsUntilIdle(JOB_HANDLERS);
    } finally {
      process.env.PATH = path0;
    }
    // Its one try is used, and it is queued again all the same: waiting, not failed as a damaged file.
    const waiting = await db.job.findFirstOrThrow({ where: { key: url }, select: { state: true, attempts: true, lastError: true, runAt: true } });
    expect(waiting).toMatchObject({ state: "queued", attempts: 1 });
    expect(waiting.lastError).toMatch(/^decoder non installato: manca il programma flac/);
    expect((await trackState(url)).streamState).toBe("processing");
    expect((await streamJobs([url])).get(url)?.lastError).toBe(waiting.lastError);

    // flac installed: the next try (moved to now here, rather than waiting its backoff) makes the stream.
    await db.job.updateMany({ where: { key: url }, data: { runAt: new Date() } });
    await runJobsUntilIdle(JOB_HANDLERS);
    expect(await trackState(url)).toEqual({
      streamState: "ready",
      streamError: null,
    });
  });
});

describe("a WAV with a large chunk after its samples", () => {
  it("is read to the end of its samples only: bounded CPU time, not a copy of a growing buffer per read", async () => {
    const wav = toneWav(1);
    const extra = Buffer.alloc(8 + 40 * 1024 * 1024);
    extra.write("junk", 0, "latin1");
    extra.writeUInt32LE(40 * 1024 * 1024, 4);
    const file = path.join(scratch, "extra-chunk.wav");
    fs.writeFileSync(file, Buffer.concat([wav, extra]));
    let result: Awaited<ReturnType<typeof transcodeAudio>> | undefined;
    const seconds = await cpuSeconds(async () => {
      result = await transcodeAudio(fs.createReadStream(file), "wav", { outFile: null, maxSeconds: MAX });
    });
    expect(result?.durationSeconds).toBe(1);
    // Measured: about 0.5 s; the reader that re-copied its buffer took 15 s.
    expect(seconds).toBeLessThan(2);
  });

  it("AIFF, an MP3 and a FLAC still read whole, whatever the size of the pieces the stream gives", async () => {
    const aiff = toneAiff(2);
    // Its headers in pieces of 1 to 7 bytes, so each is split across reads; then the rest in one.
    const pieces: Buffer[] = [];
    let read = 0;
    for (let n = 1; read < 300; read += n, n = (n % 7) + 1) pieces.push(aiff.subarray(read, read + n));
    pieces.push(aiff.subarray(read));
    expect((await transcodeAudio(Readable.from(pieces), "aif", { outFile: null, maxSeconds: MAX })).durationSeconds).toBe(2);
    expect((await transcodeAudio(Readable.from([flacOf(toneWav(2))]), "flac", { outFile: null, maxSeconds: MAX })).durationSeconds).toBe(2);
    const mp3 = execFileSync("lame", ["--quiet", "-", "-"], { input: toneWav(2), maxBuffer: 16 * 1024 * 1024 });
    // lame --decode writes a WAV whose length says 2 GB: read to the end of what it decodes.
    expect((await transcodeAudio(Readable.from([mp3]), "mp3", { outFile: null, maxSeconds: MAX })).durationSeconds).toBeGreaterThan(1.9);
  });
});

describe("a master that decodes to more than it may (a decompression bomb)", () => {
  // Ten minutes of silence: 9.6 MB of samples in a FLAC of a few KB.
  const bomb = () => flacOf(silentWav(600));

  it("longer than MAX_TRACK_MINUTES: refused from its header, before the samples are decoded", async () => {
    const flac = bomb();
    expect(flac.length).toBeLessThan(200 * 1024);
    const outFile = path.join(scratch, "bomb.mp3");
    let refusal: unknown;
    const seconds = await cpuSeconds(() =>
      transcodeAudio(Readable.from([flac]), "flac", { outFile, maxSeconds: 5 * 60 }).catch((error: unknown) => (refusal = error)),
    );
    expect(refusal).toBeInstanceOf(UnreadableAudioError);
    expect((refusal as Error).message).toBe("la traccia dura 10 min, oltre il limite di 5 min (MAX_TRACK_MINUTES): non viene convertita");
    expect(seconds).toBeLessThan(1);
    expect(fs.existsSync(outFile) ? fs.statSync(outFile).size : 0).toBeLessThan(64 * 1024);
  });

  it("longer than its header said when it was uploaded: refused once the samples pass that length", async () => {
    let refusal: unknown;
    await transcodeAudio(Readable.from([bomb()]), "flac", { outFile: null, expectedSeconds: 60, maxSeconds: MAX }).catch((error: unknown) => (refusal = error));
    expect(refusal).toBeInstanceOf(UnreadableAudioError);
    expect((refusal as Error).message).toBe("la traccia decodificata dura più di quanto dichiara il file (1 min): non viene convertita");
  });

  it('a WAV whose length says "to the end" is stopped once its samples pass MAX_TRACK_MINUTES', async () => {
    // A streamed WAV says "to the end" (all ones): then the decoded length is what counts.
    const wav = silentWav(600);
    wav.writeUInt32LE(0xffffffff, 40);
    let refusal: unknown;
    await transcodeAudio(Readable.from([wav]), "wav", { outFile: null, maxSeconds: 5 * 60 }).catch((error: unknown) => (refusal = error));
    expect(refusal).toBeInstanceOf(UnreadableAudioError);
    expect((refusal as Error).message).toBe("la traccia decodificata supera il limite di 5 min (MAX_TRACK_MINUTES): non viene convertita");
  });

  it("the track's job reads MAX_TRACK_MINUTES and ends the track 'failed' with the reason staff see", async () => {
    const url = await trackWithJob("bomba", bomb(), "flac");
    Object.assign(process.env, { MAX_TRACK_MINUTES: "5" });
    resetEnvForTests();
    try {
      await runJobsUntilIdle(JOB_HANDLERS);
    } finally {
      delete process.env.MAX_TRACK_MINUTES;
      resetEnvForTests();
    }
    expect(await trackState(url)).toEqual({
      streamState: "failed",
      streamError: "la traccia dura 10 min, oltre il limite di 5 min (MAX_TRACK_MINUTES): non viene convertita",
    });
  });
});
