import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { getEnv } from "../platform/env.server";
import type { TranscodeChildMessage, TranscodeChildOptions } from "./audio-transcode-child.server";
import { MissingProgramError, UnreadableAudioError, type TranscodeOptions, type TranscodeResult } from "./audio-transcode.server";

/**
 * transcodeAudio in a process of its own (issue 34, finding 4; ADR 047): decoding a master is the one
 * thing the server does whose memory and CPU an upload decides, so it runs apart from the process that
 * answers visitors. That process has its own heap limit (TRANSCODE_MEMORY_MB), a wall-time limit
 * (TRANSCODE_TIMEOUT_MINUTES, which also bounds its CPU time: its work is one JavaScript thread and the
 * programs it pipes through), and a lower priority (nice 10, inherited by lame and flac), so visitors'
 * requests get the CPU first; the kernel's out-of-memory killer picks it before the server. When it
 * runs out of memory, crashes or overruns, that try fails with the reason, and the job queue retries it
 * and then fails it (jobs.server.ts); the server is untouched.
 */

/** The niceness of the transcode's processes: the scheduler serves the server first. */
const NICENESS = 10;
/** Raising it needs no privilege; 1000 would be "kill first" whatever its size. */
const OOM_SCORE_ADJ = 500;
/** What is kept of the child's stderr, for the reason of a crash (V8 writes its out-of-memory report there). */
const STDERR_KEPT = 4_000;

/**
 * How the child starts: from the build, its own entry (build/server/transcoder.js, vite.config.ts);
 * from the sources (vitest, react-router dev), the TypeScript module through tsx.
 */
function childCommand(): string[] {
  if (import.meta.url.endsWith(".ts")) return ["--import", "tsx", fileURLToPath(new URL("./audio-transcode-child.server.ts", import.meta.url))];
  return [path.join(getEnv().buildDir, "server", "transcoder.js")];
}

/** The reason staff see when the child ended without an answer. */
function deathReason(code: number | null, signal: NodeJS.Signals | null, stderr: string, timedOut: boolean): string {
  const { transcodeMemoryMb, transcodeTimeoutMs } = getEnv();
  if (timedOut) {
    return `la conversione ha superato il tempo concesso (${transcodeTimeoutMs / 60_000} min, TRANSCODE_TIMEOUT_MINUTES) ed è stata interrotta`;
  }
  if (/heap out of memory|Reached heap limit|Fatal JavaScript out of memory/i.test(stderr)) {
    return `la conversione ha superato la memoria concessa (${transcodeMemoryMb} MB, TRANSCODE_MEMORY_MB) ed è stata interrotta`;
  }
  // A SIGKILL nobody here sent is the kernel's: a container's memory limit, most of the time.
  return `la conversione si è interrotta senza finire (${signal ? `segnale ${signal}${signal === "SIGKILL" ? ", forse memoria esaurita" : ""}` : `codice ${code}`})`;
}

/**
 * Reads the master in a child process: what `transcodeAudio` answers, with its refusals (an unreadable
 * file, a missing program) as the same errors; a child that dies, overruns or is aborted ends with an Error.
 */
export function transcodeInChildProcess(source: Readable, extension: string, options: TranscodeOptions): Promise<TranscodeResult> {
  options.signal?.throwIfAborted();
  const { transcodeMemoryMb, transcodeTimeoutMs } = getEnv();
  const childOptions: TranscodeChildOptions = {
    extension,
    outFile: options.outFile,
    maxSeconds: options.maxSeconds,
    expectedSeconds: options.expectedSeconds || null,
  };
  // A group of its own (detached): a kill takes the decoder and the encoder it started with it.
  const child = spawn(process.execPath, [`--max-old-space-size=${transcodeMemoryMb}`, ...childCommand(), JSON.stringify(childOptions)], {
    stdio: ["pipe", "ignore", "pipe", "ipc"],
    detached: true,
  });
  if (child.pid) {
    try {
      os.setPriority(child.pid, NICENESS);
      // When the machine or the container runs out of memory, the kernel kills this process (and the
      // decoder and encoder, which inherit the score) before the server.
      fs.writeFileSync(`/proc/${child.pid}/oom_score_adj`, String(OOM_SCORE_ADJ));
    } catch {
      // Not Linux, or not allowed here (some sandboxes): the heap and time limits still hold.
    }
  }
  let stderr = "";
  child.stderr!.on("data", (data: Buffer) => {
    stderr = (stderr + data.toString()).slice(-STDERR_KEPT);
  });
  // The child stops reading at the end of the samples: the rest of the master is not wanted.
  child.stdin!.on("error", () => source.destroy());
  source.on("error", () => killGroup());
  source.pipe(child.stdin!);

  function killGroup() {
    try {
      if (child.pid) process.kill(-child.pid, "SIGKILL");
    } catch {
      // Already gone.
    }
  }

  return new Promise<TranscodeResult>((resolve, reject) => {
    let answer: TranscodeChildMessage | null = null;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, transcodeTimeoutMs);
    timer.unref();
    const abort = () => killGroup();
    options.signal?.addEventListener("abort", abort, { once: true });
    child.on("message", (message: TranscodeChildMessage) => {
      if ("progress" in message) options.onProgress?.(message.progress);
      else answer = message;
    });
    child.on("error", (error) => {
      answer ??= { refusal: { kind: "failed", message: `la conversione non è partita: ${error.message}` } };
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", abort);
      source.destroy();
      // The decoder or encoder it started may outlive it for a moment: the group goes with it.
      killGroup();
      if (options.signal?.aborted) return reject(options.signal.reason ?? new Error("aborted"));
      if (answer && "result" in answer) return resolve(answer.result);
      if (answer && "refusal" in answer) {
        const { kind, message } = answer.refusal;
        return reject(
          kind === "unreadable" ? new UnreadableAudioError(message) : kind === "missing-program" ? new MissingProgramError(message) : new Error(message),
        );
      }
      reject(new Error(deathReason(code, signal, stderr, timedOut)));
    });
  });
}
