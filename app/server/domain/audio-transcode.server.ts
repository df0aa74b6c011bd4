import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import type { Readable } from "node:stream";
import { LoudnessMeter, PeaksBuilder } from "./audio-analysis.server";

/**
 * A master in, in one pass: the MP3 visitors play (Debian's `lame`, VBR V2, 44.1/48 kHz stereo;
 * docs/decisions/025-audio-encoder.md), its waveform peaks, its integrated loudness and its exact
 * length. The samples stream through (a long master is never held in memory): WAV and AIFF are
 * read here; MP3 is decoded by `lame --decode`, FLAC by Debian's `flac`, both as WAV on their stdout.
 */

/** The file is not audio this server can read: another try cannot help. */
export class UnreadableAudioError extends Error {}

/** The master decodes to more than it may (`LengthLimit`): the decoder's complaint at being stopped is not the reason. */
class TooLongAudioError extends UnreadableAudioError {}

/** A program of the pipeline (Debian's flac or lame) is not installed: a try after it is installed works. */
export class MissingProgramError extends Error {}

export type TranscodeResult = {
  sampleRate: number;
  frames: number;
  durationSeconds: number;
  loudnessLufs: number | null;
  peaks: ReturnType<PeaksBuilder["toJson"]>;
};

/** `bigEndian`: AIFF's byte order (WAV is little-endian); 8-bit samples are unsigned in WAV, signed in AIFF. */
type WaveFormat = { sampleRate: number; channels: number; bits: number; float: boolean; dataBytes: number | null; bigEndian?: boolean };
type WaveEvent = { format: WaveFormat } | { samples: Float32Array[] };

const BLOCK_FRAMES = 16_384;

/**
 * What differs between the two containers read here: WAV (a RIFF file, little-endian) and AIFF or
 * AIFF-C (a FORM file, big-endian). Both are a 12-byte header, then chunks of a 4-character id, a
 * 4-byte size and the body (padded to an even length): a format chunk before the sample chunk, any
 * other chunk skipped.
 */
type Container = {
  /** Throws when the 12-byte header is not this container's. */
  checkHeader(header: Buffer): void;
  chunkSize(chunkHeader: Buffer): number;
  formatId: string;
  /** The format, from the whole format chunk (its 8-byte header included). */
  readFormat(chunk: Buffer, size: number): WaveFormat;
  dataId: string;
  /** The sample chunk's header, its id and size included: what `dataStart` reads. */
  dataHeaderBytes: number;
  /** How many bytes after that header come before the samples, and the samples' length (null: to the end). */
  dataStart(chunk: Buffer, size: number): { skip: number; dataBytes: number | null };
  damaged: string;
  dataBeforeFormat: string;
  unreadable: string;
};

const WAV: Container = {
  checkHeader(header) {
    if (header.toString("latin1", 0, 4) !== "RIFF" || header.toString("latin1", 8, 12) !== "WAVE") {
      throw new UnreadableAudioError("il file non è un WAV valido (manca l'intestazione RIFF)");
    }
  },
  chunkSize: (chunkHeader) => chunkHeader.readUInt32LE(4),
  formatId: "fmt ",
  readFormat(chunk, size) {
    const tag = chunk.readUInt16LE(8);
    const channels = chunk.readUInt16LE(10);
    const sampleRate = chunk.readUInt32LE(12);
    const bits = chunk.readUInt16LE(22);
    // WAVE_FORMAT_EXTENSIBLE names the real format in the first two bytes of its sub-format GUID.
    const realTag = tag === 0xfffe && size >= 26 ? chunk.readUInt16LE(32) : tag;
    const float = realTag === 3;
    if ((realTag !== 1 && !float) || channels < 1 || sampleRate < 8000 || sampleRate > 384_000 || ![8, 16, 24, 32, 64].includes(bits)) {
      throw new UnreadableAudioError(`formato WAV non supportato (codifica ${realTag}, ${bits} bit, ${channels} canali, ${sampleRate} Hz)`);
    }
    return { sampleRate, channels, bits, float, dataBytes: null };
  },
  dataId: "data",
  // A streamed WAV (a decoder's stdout) may not know its length: 0, all ones, or the largest signed
  // size (what lame --decode writes) mean "to the end".
  dataHeaderBytes: 8,
  dataStart: (_chunk, size) => ({ skip: 0, dataBytes: size > 0 && size !== 0xffffffff && size !== 0x7fffffff ? size : null }),
  damaged: "il file WAV è danneggiato (blocco non riconosciuto)",
  dataBeforeFormat: "il file WAV è danneggiato (dati prima del formato)",
  unreadable: "il file non è un WAV leggibile (formato o dati mancanti)",
};

/**
 * AIFF and uncompressed AIFF-C ("NONE", "sowt" little-endian, "fl32"/"fl64" float). Sample sizes
 * that are not whole bytes (20-bit) are stored left-justified in whole bytes, so they read as the
 * next whole size.
 */
const AIFF: Container = {
  checkHeader(header) {
    if (header.toString("latin1", 0, 4) !== "FORM" || !["AIFF", "AIFC"].includes(header.toString("latin1", 8, 12))) {
      throw new UnreadableAudioError("il file non è un AIFF valido (manca l'intestazione FORM)");
    }
  },
  chunkSize: (chunkHeader) => chunkHeader.readUInt32BE(4),
  formatId: "COMM",
  readFormat(chunk, size) {
    const channels = chunk.readUInt16BE(8);
    const bits = chunk.readUInt16BE(14);
    const sampleRate = Math.round(extendedFloat(chunk.subarray(16, 26)));
    const compression = size >= 22 ? chunk.toString("latin1", 26, 30) : "NONE";
    const float = /^fl(32|64)$/i.test(compression);
    const width = float ? Number(compression.slice(2)) : Math.ceil(bits / 8) * 8;
    if (!["NONE", "sowt", "twos"].includes(compression) && !float) {
      throw new UnreadableAudioError(`AIFF compresso non supportato (${compression.trim()}): esporta il master come AIFF o WAV non compresso`);
    }
    if (channels < 1 || sampleRate < 8000 || sampleRate > 384_000 || ![8, 16, 24, 32, 64].includes(width)) {
      throw new UnreadableAudioError(`formato AIFF non supportato (${bits} bit, ${channels} canali, ${sampleRate} Hz)`);
    }
    return { sampleRate, channels, bits: width, float, dataBytes: null, bigEndian: compression !== "sowt" };
  },
  dataId: "SSND",
  // The samples start `offset` bytes after the chunk's own 8 bytes of offset and block size.
  dataHeaderBytes: 16,
  dataStart(chunk, size) {
    const offset = chunk.readUInt32BE(8);
    return { skip: offset, dataBytes: size - 8 - offset };
  },
  damaged: "il file AIFF è danneggiato (blocco non riconosciuto)",
  dataBeforeFormat: "il file AIFF è danneggiato (dati prima del formato)",
  unreadable: "il file non è un AIFF leggibile (formato o dati mancanti)",
};

/** A format chunk is a few dozen bytes: a larger one is a damaged (or crafted) file, not read into memory. */
const MAX_FORMAT_CHUNK_BYTES = 1024;

/**
 * The bytes read and not used yet, as the chunks the stream gave: `peek` and `take` copy only the
 * bytes they answer (a read never copies what came before it again), `skip` drops whole chunks.
 */
class ByteQueue {
  #chunks: Buffer[] = [];
  length = 0;

  push(chunk: Uint8Array) {
    if (chunk.length === 0) return;
    this.#chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length));
    this.length += chunk.length;
  }

  /** The first `n` bytes (at most `length`), without using them. */
  peek(n: number): Buffer {
    const first = this.#chunks[0];
    if (!first || first.length >= n) return (first ?? Buffer.alloc(0)).subarray(0, n);
    const parts: Buffer[] = [];
    for (let got = 0, i = 0; got < n && i < this.#chunks.length; i++) {
      parts.push(this.#chunks[i]!);
      got += this.#chunks[i]!.length;
    }
    const merged = Buffer.concat(parts);
    // The merged bytes replace the chunks they came from: the next peek finds them in one piece.
    this.#chunks.splice(0, parts.length, merged);
    return merged.subarray(0, n);
  }

  /** Drops up to `n` bytes; answers how many. */
  skip(n: number): number {
    let left = Math.min(n, this.length);
    const dropped = left;
    while (left > 0) {
      const first = this.#chunks[0]!;
      if (first.length <= left) {
        this.#chunks.shift();
        left -= first.length;
      } else {
        this.#chunks[0] = first.subarray(left);
        left = 0;
      }
    }
    this.length -= dropped;
    return dropped;
  }

  take(n: number): Buffer {
    const bytes = this.peek(n);
    this.skip(bytes.length);
    return bytes;
  }
}

/**
 * Reads a WAV or AIFF stream: its format, then its samples as floats per channel, block by block. It
 * stops at the end of the sample chunk: what follows (metadata, or a crafted chunk of any size) is not read.
 */
async function* readContainer(source: AsyncIterable<Uint8Array>, container: Container): AsyncGenerator<WaveEvent> {
  const pending = new ByteQueue();
  let format: WaveFormat | null = null;
  let headerRead = false;
  let inData = false;
  let dataLeft = Infinity;
  let skip = 0;
  for await (const chunk of source) {
    pending.push(chunk);
    while (!inData) {
      skip -= pending.skip(skip);
      if (skip > 0) break;
      if (!headerRead) {
        if (pending.length < 12) break;
        container.checkHeader(pending.take(12));
        headerRead = true;
      }
      if (pending.length < 8) break;
      const chunkHeader = pending.peek(8);
      const id = chunkHeader.toString("latin1", 0, 4);
      const size = container.chunkSize(chunkHeader);
      if (!/^[\x20-\x7e]{4}$/.test(id)) throw new UnreadableAudioError(container.damaged);
      if (id === container.formatId) {
        if (size > MAX_FORMAT_CHUNK_BYTES) throw new UnreadableAudioError(container.damaged);
        if (pending.length < 8 + size) break;
        format = container.readFormat(pending.peek(8 + size), size);
        pending.skip(8 + size);
        skip = size % 2;
      } else if (id === container.dataId) {
        if (!format) throw new UnreadableAudioError(container.dataBeforeFormat);
        if (pending.length < container.dataHeaderBytes) break;
        const start = container.dataStart(pending.take(container.dataHeaderBytes), size);
        format.dataBytes = start.dataBytes;
        dataLeft = start.dataBytes ?? Infinity;
        skip = start.skip;
        inData = true;
        yield { format };
      } else {
        pending.skip(8);
        skip = size + (size % 2);
      }
    }
    skip -= pending.skip(skip);
    if (!inData || !format || skip > 0) continue;
    const frameBytes = (format.bits / 8) * format.channels;
    // (Infinity % n is NaN: a length "to the end" bounds nothing.)
    const usable = Math.min(pending.length - (pending.length % frameBytes), Number.isFinite(dataLeft) ? dataLeft - (dataLeft % frameBytes) : Infinity);
    if (usable > 0) {
      yield { samples: toFloats(pending.take(usable), format) };
      dataLeft -= usable;
    }
    if (dataLeft < frameBytes) return;
  }
  if (!format || !inData) throw new UnreadableAudioError(container.unreadable);
}

/** An IEEE 754 80-bit extended number (AIFF's sample rate): sign and exponent, then a 64-bit mantissa. */
function extendedFloat(bytes: Buffer): number {
  const exponent = bytes.readUInt16BE(0) & 0x7fff;
  const mantissa = bytes.readUInt32BE(2) * 2 ** 32 + bytes.readUInt32BE(6);
  const value = mantissa * 2 ** (exponent - 16383 - 63);
  return bytes[0]! & 0x80 ? -value : value;
}

function toFloats(bytes: Buffer, format: WaveFormat): Float32Array[] {
  const { channels, bits, float, bigEndian } = format;
  const size = bits / 8;
  const frames = bytes.length / (size * channels);
  const out = Array.from({ length: channels }, () => new Float32Array(frames));
  for (let i = 0, offset = 0; i < frames; i++) {
    for (let c = 0; c < channels; c++, offset += size) {
      let v: number;
      if (bigEndian) {
        if (float) v = bits === 32 ? bytes.readFloatBE(offset) : bytes.readDoubleBE(offset);
        else if (bits === 16) v = bytes.readInt16BE(offset) / 32768;
        else if (bits === 24) v = bytes.readIntBE(offset, 3) / 8388608;
        else if (bits === 32) v = bytes.readInt32BE(offset) / 2147483648;
        else v = bytes.readInt8(offset) / 128;
      } else if (float) v = bits === 32 ? bytes.readFloatLE(offset) : bytes.readDoubleLE(offset);
      else if (bits === 16) v = bytes.readInt16LE(offset) / 32768;
      else if (bits === 24) v = bytes.readIntLE(offset, 3) / 8388608;
      else if (bits === 32) v = bytes.readInt32LE(offset) / 2147483648;
      // 8-bit: unsigned in WAV; signed in AIFF, also when AIFF-C's "sowt" stores it little-endian.
      else v = format.bigEndian === false ? bytes.readInt8(offset) / 128 : (bytes[offset]! - 128) / 128;
      out[c]![i] = v;
    }
  }
  return out;
}

type Child = { process: ChildProcess; done: Promise<void> };

/**
 * A program of the pipeline; its exit is checked (a refusal says what the program said). `role` and
 * `what` name it when it is not installed: "decoder", "decodifica FLAC".
 */
function run(command: string, args: string[], role: "decoder" | "encoder", what: string, refusal: (stderr: string) => Error): Child {
  const child = spawn(command, args, { stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr?.on("data", (data: Buffer) => {
    stderr = (stderr + data.toString()).slice(-2000);
  });
  // The other end stops reading early when the input is refused: that is reported by the exit code.
  child.stdin?.on("error", () => {});
  const done = new Promise<void>((resolve, reject) => {
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new MissingProgramError(
              `${role} non installato: manca il programma ${command} (${what}) sul server; si riprova finché non c'è (apt-get install ${command})`,
            )
          : error,
      ),
    );
    child.on("close", (code, signal) => {
      if (code === 0) resolve();
      else reject(signal ? new Error(`${command} interrotto (${signal})`) : refusal(stderr.trim().split("\n").slice(-3).join(" ")));
    });
  });
  done.catch(() => {});
  return { process: child, done };
}

/** The samples of a master: read here (WAV, AIFF), or the WAV a decoder makes of it. */
function samplesOf(source: Readable, extension: string, children: Child[]): AsyncGenerator<WaveEvent> {
  if (extension === "aif") return readContainer(source, AIFF);
  return readContainer(decoded(source, extension, children), WAV);
}

/** The WAV stream of a master: the file itself, or what a decoder makes of it. */
function decoded(source: Readable, extension: string, children: Child[]): AsyncIterable<Uint8Array> {
  if (extension === "wav") return source;
  const decoder =
    extension === "mp3"
      ? run(
          "lame",
          ["--quiet", "--decode", "--mp3input", "-", "-"],
          "decoder",
          "decodifica MP3",
          (e) => new UnreadableAudioError(`il file MP3 non è leggibile${e ? `: ${e}` : ""}`),
        )
      : extension === "flac"
        ? run(
            "flac",
            ["--silent", "--decode", "--stdout", "-"],
            "decoder",
            "decodifica FLAC",
            (e) => new UnreadableAudioError(`il file FLAC non è leggibile${e ? `: ${e}` : ""}`),
          )
        : null;
  if (!decoder) throw new UnreadableAudioError(`i file .${extension} non vengono convertiti: i visitatori ascoltano l'originale`);
  children.push(decoder);
  source.on("error", () => decoder.process.kill("SIGKILL"));
  source.pipe(decoder.process.stdin!);
  return decoder.process.stdout!;
}

/** lame's -s value: kHz as it writes them ("44.1", "48", "22.05"). */
const khz = (rate: number) => String(rate / 1000);

function encoder(sampleRate: number, outFile: string): Child {
  // Visitors get 44.1 or 48 kHz: other rates are resampled by lame (to 48 kHz for the 8 kHz family).
  const resample = sampleRate === 44100 || sampleRate === 48000 ? [] : ["--resample", sampleRate % 8000 === 0 ? "48" : "44.1"];
  const args = ["--quiet", "-r", "-s", khz(sampleRate), "--bitwidth", "16", "--signed", "--little-endian", "-m", "j", "-V", "2", ...resample, "-", outFile];
  return run("lame", args, "encoder", "codifica MP3", (e) => new Error(`la codifica MP3 non è riuscita${e ? `: ${e}` : ""}`));
}

/** Two channels as visitors hear them: mono is doubled, channels past the second are left out. */
const stereo = (samples: Float32Array[]): [Float32Array, Float32Array] => [samples[0]!, samples[1] ?? samples[0]!];

/** 16-bit little-endian PCM for lame's raw input (an Int16Array is little-endian on every machine Node runs on here). */
function interleaved16(left: Float32Array, right: Float32Array): Buffer {
  const out = new Int16Array(left.length * 2);
  for (let i = 0; i < left.length; i++) {
    out[2 * i] = Math.max(-32768, Math.min(32767, Math.round(left[i]! * 32767)));
    out[2 * i + 1] = Math.max(-32768, Math.min(32767, Math.round(right[i]! * 32767)));
  }
  return Buffer.from(out.buffer);
}

/** A length as staff read it: "10 min", "1 min 30 s", "45 s". */
function lengthText(seconds: number): string {
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return minutes === 0 ? `${rest} s` : rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

/** How much longer than its header said a master may decode: a VBR MP3's length in its header is an estimate. */
const withAllowance = (seconds: number) => seconds * 1.1 + 30;

/**
 * How long a master may decode to. Compression makes a few KB of FLAC hold hours of silence, and the
 * decoded samples become the MP3 (lame V2 writes at most 320 kbit/s: 180 minutes are at most 432 MB)
 * and the waveform's arrays (a pair per 256 frames): capping the length caps all of them. A length a
 * header declares over the cap is refused before anything is decoded; samples past the cap, or past
 * what the header said when the master was uploaded (`expectedSeconds`), end the decoding.
 */
class LengthLimit {
  constructor(
    readonly maxSeconds: number,
    readonly expectedSeconds: number | null,
  ) {}

  /** Before decoding: the lengths the headers give (the upload's, the decoder's WAV header's). */
  checkDeclared(headerSeconds: number | null) {
    for (const seconds of [this.expectedSeconds, headerSeconds]) {
      if (seconds !== null && seconds > this.maxSeconds) {
        throw new TooLongAudioError(
          `la traccia dura ${lengthText(seconds)}, oltre il limite di ${lengthText(this.maxSeconds)} (MAX_TRACK_MINUTES): non viene convertita`,
        );
      }
    }
    if (headerSeconds !== null && this.expectedSeconds !== null && headerSeconds > withAllowance(this.expectedSeconds)) this.refuseLonger();
  }

  /** While decoding: the length decoded so far. */
  checkDecoded(seconds: number) {
    if (this.expectedSeconds !== null && seconds > withAllowance(this.expectedSeconds)) this.refuseLonger();
    if (seconds > this.maxSeconds) {
      throw new TooLongAudioError(`la traccia decodificata supera il limite di ${lengthText(this.maxSeconds)} (MAX_TRACK_MINUTES): non viene convertita`);
    }
  }

  private refuseLonger(): never {
    throw new TooLongAudioError(`la traccia decodificata dura più di quanto dichiara il file (${lengthText(this.expectedSeconds!)}): non viene convertita`);
  }
}

/** What a transcode is asked: where the stream goes (null: only measure), the length limits, a stop signal, a progress listener. */
export type TranscodeOptions = {
  outFile: string | null;
  maxSeconds: number;
  signal?: AbortSignal;
  expectedSeconds?: number | null;
  onProgress?: (fraction: number) => void;
};

/**
 * Reads the master once: measures it and, when `outFile` is given, writes the stream there.
 * `expectedSeconds` (the length read from its headers when it was uploaded) drives `onProgress` and,
 * with `maxSeconds` (MAX_TRACK_MINUTES), bounds what it may decode to (`LengthLimit`); `signal` kills
 * the programs and ends the work.
 */
export async function transcodeAudio(source: Readable, extension: string, options: TranscodeOptions): Promise<TranscodeResult> {
  const limit = new LengthLimit(options.maxSeconds, options.expectedSeconds || null);
  const children: Child[] = [];
  const stop = () => {
    source.destroy();
    for (const child of children) child.process.kill("SIGKILL");
  };
  options.signal?.throwIfAborted();
  options.signal?.addEventListener("abort", stop, { once: true });
  try {
    let format: WaveFormat | null = null;
    let meter: LoudnessMeter | null = null;
    let peaks: PeaksBuilder | null = null;
    let lame: Child | null = null;
    let frames = 0;
    let expectedFrames = 0;
    for await (const event of samplesOf(source, extension, children)) {
      options.signal?.throwIfAborted();
      if ("format" in event) {
        format = event.format;
        meter = new LoudnessMeter(format.sampleRate, 2);
        peaks = new PeaksBuilder(format.sampleRate);
        const frameBytes = (format.bits / 8) * format.channels;
        expectedFrames = format.dataBytes ? format.dataBytes / frameBytes : (options.expectedSeconds ?? 0) * format.sampleRate;
        limit.checkDeclared(format.dataBytes ? format.dataBytes / frameBytes / format.sampleRate : null);
        if (options.outFile) {
          lame = encoder(format.sampleRate, options.outFile);
          children.push(lame);
        }
        continue;
      }
      // Work in blocks of a bounded size: the event loop gets a turn between them.
      const samples = stereo(event.samples);
      for (let start = 0; start < samples[0].length; start += BLOCK_FRAMES) {
        const block = samples.map((channel) => channel.subarray(start, start + BLOCK_FRAMES));
        meter!.push(block);
        peaks!.push(block);
        frames += block[0]!.length;
        limit.checkDecoded(frames / format!.sampleRate);
        if (lame && !lame.process.stdin!.write(interleaved16(block[0]!, block[1]!))) {
          await Promise.race([once(lame.process.stdin!, "drain"), lame.done]);
        }
      }
      if (expectedFrames > 0) options.onProgress?.(Math.min(0.99, frames / expectedFrames));
    }
    if (!format || frames === 0) throw new UnreadableAudioError("il file non contiene audio");
    lame?.process.stdin!.end();
    await Promise.all(children.map((child) => child.done));
    options.signal?.throwIfAborted();
    return {
      sampleRate: format.sampleRate,
      frames,
      durationSeconds: Math.round((frames / format.sampleRate) * 1000) / 1000,
      loudnessLufs: meter!.integrated(),
      peaks: peaks!.toJson(),
    };
  } catch (error) {
    stop();
    // A decoder's refusal explains a broken stream better than the reader's view of it, and a program
    // that is not there explains everything: the reader saw no WAV because no decoder ran. A master
    // stopped for its length keeps that reason (its decoder then complains of the closed pipe).
    let reason = error;
    for (const child of children) {
      await child.done.catch((refusal: unknown) => {
        if (reason instanceof TooLongAudioError) return;
        if (refusal instanceof MissingProgramError || (refusal instanceof UnreadableAudioError && !(reason instanceof MissingProgramError))) reason = refusal;
      });
    }
    throw options.signal?.aborted ? (options.signal.reason ?? reason) : reason;
  } finally {
    options.signal?.removeEventListener("abort", stop);
  }
}
