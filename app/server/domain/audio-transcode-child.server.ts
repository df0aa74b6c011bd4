import { MissingProgramError, transcodeAudio, UnreadableAudioError } from "./audio-transcode.server";

/**
 * The process a master is decoded in (started by audio-transcode-process.server.ts, never imported by the
 * server): the master's bytes on stdin, its options as JSON in the last argument, progress and then the
 * result or the refusal as IPC messages. It imports only the audio code and Node, so it starts in a few
 * tens of MB; its heap limit and its wall-time limit are the parent's to set.
 */

export type TranscodeChildOptions = { extension: string; outFile: string | null; maxSeconds: number; expectedSeconds: number | null };

/** What the child says, in order: progress (any number of times), then one `result` or `refusal`. */
export type TranscodeChildMessage =
  | { progress: number }
  | { result: Awaited<ReturnType<typeof transcodeAudio>> }
  | { refusal: { kind: "unreadable" | "missing-program" | "failed"; message: string } };

/** Progress is sent at most this often: the reader reports it per piece of the stream. */
const PROGRESS_EVERY_MS = 250;

function send(message: TranscodeChildMessage): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) return resolve();
    process.send(message, undefined, {}, () => resolve());
  });
}

async function main() {
  const options = JSON.parse(process.argv.at(-1) ?? "{}") as TranscodeChildOptions;
  // The server went away (killed, crashed): nothing will read what this makes.
  process.on("disconnect", () => process.exit(1));
  let sentAt = 0;
  let message: TranscodeChildMessage;
  try {
    const result = await transcodeAudio(process.stdin, options.extension, {
      outFile: options.outFile,
      maxSeconds: options.maxSeconds,
      expectedSeconds: options.expectedSeconds,
      onProgress: (fraction) => {
        if (Date.now() - sentAt < PROGRESS_EVERY_MS) return;
        sentAt = Date.now();
        void send({ progress: fraction });
      },
    });
    message = { result };
  } catch (error) {
    const kind = error instanceof MissingProgramError ? "missing-program" : error instanceof UnreadableAudioError ? "unreadable" : "failed";
    message = { refusal: { kind, message: error instanceof Error ? error.message : String(error) } };
  }
  await send(message);
  // The rest of stdin (what follows the samples) is not read: exit rather than wait for it.
  process.exit(0);
}

await main();
