import fs from "node:fs";
import path from "node:path";
import { parseStream } from "music-metadata";
import type { Prisma } from "~/generated/prisma/client";
import { getEnv } from "../platform/env.server";
import { log } from "../platform/log.server";
import { contentChanged } from "../storage/content-version.server";
import { db } from "../storage/db.server";
import { mimeTypeOf } from "../storage/file-types.server";
import { storedKeyOfUrl } from "../storage/file-store.server";
import { fileStore, scratchDir } from "../storage/storage.server";
import { recountFiles, removeUnreferenced, stageFile, type StagedFile } from "../storage/stored-files.server";
import { transcodeInChildProcess } from "./audio-transcode-process.server";
import { MissingProgramError, UnreadableAudioError } from "./audio-transcode.server";
import { enqueueJob, latestJobs, PermanentJobError, WaitingJobError, type JobHandler } from "./jobs.server";

/**
 * The stream of each track (issue 25): the master staff uploaded is kept as it is; a `transcode`
 * job (jobs.server.ts) makes the MP3 visitors play, the waveform peaks and the loudness, and
 * writes them on every track row of that master. The stream and the peaks file are stored files
 * counted by those rows (MusicTrack.streamUrl, .peaksUrl), so the janitor never takes them while a
 * track uses them, and they go with the last such track.
 */

const TRANSCODE_JOB = "transcode";

/** An MP3 master at or under this rate is streamed as it is: V2 averages about 190 kbit/s (1.5 MB a minute is 200). */
const MAX_STREAM_BITRATE = 200_000;

/** What a track row keeps of its stream: copied to a new row of the same master. */
export type StreamFields = {
  streamState: string;
  streamUrl: string | null;
  peaksUrl: string | null;
  loudnessLufs: number | null;
  streamError: string | null;
};

/** What visitors play: the stream once ready, else the master (so nothing breaks meanwhile). */
export function playableUrl(track: { url: string; streamUrl?: string | null; streamState?: string }): string {
  return track.streamState === "ready" && track.streamUrl ? track.streamUrl : track.url;
}

/** The type of what `playableUrl` answers. */
export function playableType(track: { url: string; streamUrl?: string | null; streamState?: string }): string {
  return mimeTypeOf(playableUrl(track));
}

/**
 * In a save's transaction, for the masters of the tracks it writes: the stream fields a row of
 * the same master already has (a kept track, or the same file in another composition), else
 * "pending" with a transcode job queued (one per master, committed with the save).
 */
export async function streamFieldsFor(tx: Prisma.TransactionClient, urls: string[]): Promise<Map<string, StreamFields>> {
  const known = await tx.musicTrack.findMany({
    where: { url: { in: [...new Set(urls)] } },
    select: { url: true, streamState: true, streamUrl: true, peaksUrl: true, loudnessLufs: true, streamError: true },
    orderBy: { id: "desc" },
  });
  const fields = new Map<string, StreamFields>();
  for (const { url, ...row } of known) {
    const had = fields.get(url);
    if (!had || (had.streamState !== "ready" && row.streamState === "ready")) fields.set(url, row);
  }
  for (const url of new Set(urls)) {
    const row = fields.get(url);
    if (!row) fields.set(url, { streamState: "pending", streamUrl: null, peaksUrl: null, loudnessLufs: null, streamError: null });
    if (!row || row.streamState === "pending" || row.streamState === "processing") await enqueueJob(tx, TRANSCODE_JOB, url, { url });
  }
  return fields;
}

/** Staff's "Riprova": a failed master is queued again. false when no track of it failed. */
export async function retryTrackStream(url: string): Promise<boolean> {
  return db.$transaction(async (tx) => {
    const { count } = await tx.musicTrack.updateMany({ where: { url, streamState: "failed" }, data: { streamState: "pending", streamError: null } });
    if (count === 0) return false;
    await enqueueJob(tx, TRANSCODE_JOB, url, { url });
    await contentChanged(tx);
    return true;
  });
}

/** Where the job of a master stands, for the admin's track list: its progress, or when it is tried again. */
export type StreamJob = { progress: number | null; retryAt: string | null; lastError: string | null };

export async function streamJobs(urls: string[]): Promise<Map<string, StreamJob>> {
  const jobs = await latestJobs(TRANSCODE_JOB, urls);
  return new Map(
    [...jobs].map(([url, job]) => {
      // A try failed and the next waits for its backoff: staff see when, not a plain "in coda".
      const waiting = job.state === "queued" && job.attempts > 0 && job.lastError !== null;
      return [
        url,
        {
          progress: job.state === "running" ? job.progress : null,
          retryAt: waiting ? job.runAt.toISOString() : null,
          lastError: waiting ? job.lastError : null,
        },
      ];
    }),
  );
}

/** Where each track's stream stands, for the music edit page and the resource route it polls (issue 35). */
export async function trackStreamRows(tracks: readonly { name: string; url: string; streamState: string; streamError?: string | null }[]) {
  const jobs = await streamJobs(tracks.map((t) => t.url));
  return tracks.map((t) => ({
    name: t.name,
    url: t.url,
    streamState: t.streamState,
    streamError: t.streamError ?? jobs.get(t.url)?.lastError ?? null,
    progress: jobs.get(t.url)?.progress ?? null,
    retryAt: jobs.get(t.url)?.retryAt ?? null,
  }));
}

/**
 * A transcode's work folder (the MP3 being written) is in UPLOADS_DIR/tmp, named by its job, so what
 * a killed process leaves behind is found: at start every one goes (nothing runs yet, and one server
 * holds DATA_DIR, as for the edge's .part files), at claim those of earlier tries of the same job
 * (its lease is this process's now).
 */
const WORK_PREFIX = "transcode-";

async function removeWorkDirs(prefix: string): Promise<string[]> {
  const names = await fs.promises.readdir(scratchDir()).catch(() => [] as string[]);
  const left = names.filter((name) => name.startsWith(prefix));
  await Promise.all(left.map((name) => fs.promises.rm(path.join(scratchDir(), name), { recursive: true, force: true })));
  return left;
}

/** At boot, before the queue starts: the work folders of transcodes a crash or a kill cut off. */
export async function sweepTranscodeWork(): Promise<void> {
  const removed = await removeWorkDirs(WORK_PREFIX);
  if (removed.length > 0) log().info({ removed }, "transcode work folders of an earlier run removed");
}

async function setState(url: string, data: Partial<StreamFields>, where: Prisma.MusicTrackWhereInput = {}) {
  await db.$transaction(async (tx) => {
    const { count } = await tx.musicTrack.updateMany({ where: { url, ...where }, data });
    if (count > 0) await contentChanged(tx);
  });
}

/** Whether an MP3 master is already small enough to stream (44.1/48 kHz, at most MAX_STREAM_BITRATE). */
async function streamableAsIs(key: string): Promise<boolean> {
  const file = await fileStore().open(key);
  if (!file) return false;
  try {
    const { format } = await parseStream(file.stream, { size: file.size, mimeType: "audio/mpeg", path: key }, { duration: true, skipCovers: true });
    const rate = format.sampleRate ?? 0;
    const bitrate = format.bitrate ?? (format.duration ? (file.size * 8) / format.duration : Infinity);
    return (rate === 44100 || rate === 48000) && bitrate <= MAX_STREAM_BITRATE && (format.numberOfChannels ?? 2) <= 2;
  } catch {
    return false;
  } finally {
    file.stream.destroy();
  }
}

/** The job: reads the master once, stores the stream and the peaks, writes them on the master's tracks. */
const transcodeJob: JobHandler = {
  async run(job) {
    const url = typeof (job.payload as { url?: unknown }).url === "string" ? (job.payload as { url: string }).url : job.key;
    const key = storedKeyOfUrl(url);
    if (!key) throw new PermanentJobError("la traccia non è un file caricato sul sito");
    const tracks = await db.musicTrack.findMany({ where: { url }, select: { durationSeconds: true }, take: 1 });
    if (tracks.length === 0) return; // every track of this master was removed meanwhile
    await setState(url, { streamState: "processing", streamError: null }, { streamState: { not: "ready" } });
    const extension = path.extname(key).slice(1).toLowerCase();
    const asIs = extension === "mp3" && (await streamableAsIs(key));
    const jobPrefix = `${WORK_PREFIX}job${job.id}-`;
    await removeWorkDirs(jobPrefix);
    await fs.promises.mkdir(scratchDir(), { recursive: true });
    const workDir = await fs.promises.mkdtemp(path.join(scratchDir(), jobPrefix));
    const staged: StagedFile[] = [];
    try {
      const master = await fileStore().open(key);
      if (!master) throw new PermanentJobError("il file originale non si trova più nell'archivio");
      const outFile = path.join(workDir, "stream.mp3");
      let result;
      try {
        result = await transcodeInChildProcess(master.stream, extension, {
          outFile: asIs ? null : outFile,
          maxSeconds: getEnv().maxTrackSeconds,
          signal: job.signal,
          expectedSeconds: tracks[0]?.durationSeconds,
          onProgress: (fraction) => job.progress(fraction),
        });
      } catch (error) {
        if (error instanceof UnreadableAudioError) throw new PermanentJobError(error.message);
        throw error instanceof MissingProgramError ? new WaitingJobError(error.message) : error;
      }
      const stream = asIs ? null : await stageFile("tracks", () => Promise.resolve(fs.createReadStream(outFile)), "mp3", "audio/mpeg");
      const peaks = await stageFile("peaks", Buffer.from(JSON.stringify(result.peaks)), "json", "application/json");
      staged.push(...(stream ? [stream] : []), peaks);
      const streamUrl = stream?.url ?? url;
      const released = await db.$transaction(async (tx) => {
        const rows = await tx.musicTrack.findMany({ where: { url }, select: { streamUrl: true, peaksUrl: true } });
        await tx.musicTrack.updateMany({
          where: { url },
          data: {
            streamState: "ready",
            streamUrl,
            peaksUrl: peaks.url,
            loudnessLufs: result.loudnessLufs,
            durationSeconds: result.durationSeconds,
            streamError: null,
          },
        });
        await contentChanged(tx);
        const before = rows.flatMap((row) => [row.streamUrl, row.peaksUrl]);
        const after = rows.flatMap(() => [streamUrl, peaks.url]);
        // No row any more (all removed while this ran): the staged files are nobody's.
        return [...(await recountFiles(tx, before, after, staged)), ...(rows.length === 0 ? staged.map((file) => file.key) : [])];
      });
      await removeUnreferenced(released);
      log().info({ master: url, stream: streamUrl, seconds: result.durationSeconds, lufs: result.loudnessLufs }, "track stream ready");
    } catch (error) {
      // Staged bytes no row counted: gone now rather than at the janitor's next round.
      if (staged.length > 0) await removeUnreferenced(staged.map((file) => file.key)).catch(() => []);
      throw error;
    } finally {
      await fs.promises.rm(workDir, { recursive: true, force: true });
    }
  },
  async failed({ key }, reason) {
    await setState(key, { streamState: "failed", streamError: reason }, { streamState: { not: "ready" } });
  },
};

/** The kinds of job the server runs (boot.server.ts). */
export const JOB_HANDLERS = { [TRANSCODE_JOB]: transcodeJob };

/**
 * At boot: tracks with no stream and no job (stored before streams existed, or just seeded) get
 * one; the queue runs them once the server listens. Answers how many masters were queued.
 */
export async function queueMissingStreams(): Promise<number> {
  const pending = await db.musicTrack.findMany({ where: { streamState: { in: ["pending", "processing"] } }, select: { url: true }, distinct: ["url"] });
  if (pending.length === 0) return 0;
  const jobs = await latestJobs(
    TRANSCODE_JOB,
    pending.map((row) => row.url),
  );
  let queued = 0;
  for (const { url } of pending) {
    const job = jobs.get(url);
    if (!job || job.state === "done" || job.state === "failed") {
      await enqueueJob(db, TRANSCODE_JOB, url, { url });
      queued++;
    }
  }
  return queued;
}
