import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { MissingProgramError, transcodeAudio, UnreadableAudioError } from "~/server/domain/audio-transcode.server";
import { runJobsUntilIdle } from "~/server/domain/jobs.server";
import { JOB_HANDLERS, streamJobs } from "~/server/domain/track-streams.server";
import { db } from "~/server/storage/db.server";
import { urlOfKey } from "~/server/storage/file-store.server";
import { fileStore } from "~/server/storage/storage.server";
import { toneAiff, toneWav } from "../support/files";

/**
 * issue 34, findings 7, 4 and 6: how the transcode reads what staff upload. A missing decoder is not a
 * damaged file; a WAV is read to the end of its samples and no further; a master that decodes to more
 * than it says, or to more than MAX_TRACK_MINUTES, is refused before it fills the disk and the memory.
 */
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

describe("a decoder that is not installed", () => {
  it("is reported as «decoder non installato» (to try again once it is), not as a file that cannot be read", async () => {
    const flac = flacOf(toneWav(1));
    const path0 = process.env.PATH;
    // A server without Debian's flac: nothing on its PATH has it.
    process.env.PATH = fs.mkdtempSync(path.join(scratch, "bin-"));
    let refusal: unknown;
    try {
      await transcodeAudio(Readable.from([flac]), "flac", { outFile: null }).catch((error: unknown) => (refusal = error));
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
    const category = await db.category.create({ data: { name: "Colonne", nameEng: "Scores", type: "music" }, select: { id: true } });
    const music = await db.music.create({
      data: { slug: "senza-flac", title: "Senza flac", categoryId: category.id, img: "/media/images/x.png" },
      select: { id: true },
    });
    const { key } = await fileStore().put("tracks", flacOf(toneWav(1)), "flac");
    const url = urlOfKey(key);
    await db.musicTrack.create({ data: { musicId: music.id, position: 0, name: "Tema", url } });
    await db.job.create({ data: { kind: "transcode", key: url, payload: JSON.stringify({ url }), maxAttempts: 1 } });
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
    expect(await db.musicTrack.findFirstOrThrow({ where: { url }, select: { streamState: true } })).toEqual({ streamState: "processing" });
    expect((await streamJobs([url])).get(url)?.lastError).toBe(waiting.lastError);

    // flac installed: the next try (moved to now here, rather than waiting its backoff) makes the stream.
    await db.job.updateMany({ where: { key: url }, data: { runAt: new Date() } });
    await runJobsUntilIdle(JOB_HANDLERS);
    expect(await db.musicTrack.findFirstOrThrow({ where: { url }, select: { streamState: true, streamError: true } })).toEqual({
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
      result = await transcodeAudio(fs.createReadStream(file), "wav", { outFile: null });
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
    expect((await transcodeAudio(Readable.from(pieces), "aif", { outFile: null })).durationSeconds).toBe(2);
    expect((await transcodeAudio(Readable.from([flacOf(toneWav(2))]), "flac", { outFile: null })).durationSeconds).toBe(2);
    const mp3 = execFileSync("lame", ["--quiet", "-", "-"], { input: toneWav(2), maxBuffer: 16 * 1024 * 1024 });
    // lame --decode writes a WAV whose length says 2 GB: read to the end of what it decodes.
    expect((await transcodeAudio(Readable.from([mp3]), "mp3", { outFile: null })).durationSeconds).toBeGreaterThan(1.9);
  });
});
