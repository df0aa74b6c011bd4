// Small valid files for uploads. Stored files are content-addressed: equal bytes share one file, so
// the `unique*` variants give each item a file of its own.
// The 1x1 PNG and the unique MP3 and PDF are the api/ client's (scripts/api-client-demo.ts).
import fs from "node:fs";
import path from "node:path";
import { TINY_PNG } from "../../scripts/api-client-demo";

export { fakeMp3 as uniqueMp3, fakePdf as uniquePdf, TINY_PNG } from "../../scripts/api-client-demo";

/** TINY_PNG as an uploaded file field: [Blob, file name] (see http.ts formData). */
/** Every file under `dir`, as absolute paths in order (none when it does not exist): what a request left on disk. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

export const tinyPngFile = (name: string): [Blob, string] => [new Blob([new Uint8Array(TINY_PNG)], { type: "image/png" }), name];

/** A small valid PNG made by sharp (in the test process). */
export async function pngBytes(color = "#a8742a", size = 24): Promise<Uint8Array<ArrayBuffer>> {
  const sharp = (await import("sharp")).default;
  return new Uint8Array(
    await sharp({ create: { width: size, height: size, channels: 3, background: color } })
      .png()
      .toBuffer(),
  );
}

/** A minimal MP3: an empty ID3 tag and silent MPEG-1 Layer III frames (417 bytes each) filling about `extra` bytes. */
export function mp3Bytes(extra = 2048): Uint8Array<ArrayBuffer> {
  const frame = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x00]), Buffer.alloc(413, 0)]);
  const frames = Array.from({ length: Math.max(2, Math.ceil(extra / frame.length)) }, () => frame);
  return new Uint8Array(Buffer.concat([Buffer.from("ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000", "latin1"), ...frames]));
}

/** A minimal PDF; `seed` changes its bytes. */
export function pdfBytes(seed = "a"): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(`%PDF-1.4\n% ${seed}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`, "latin1"));
}

/** A silent mono 16-bit PCM WAV of exactly `seconds` (written here, independent of the app's reader). */
export function silentWav(seconds: number, sampleRate = 8000): Buffer {
  const data = Math.round(seconds * sampleRate) * 2;
  const b = Buffer.alloc(44 + data);
  b.write("RIFF", 0, "latin1");
  b.writeUInt32LE(36 + data, 4);
  b.write("WAVEfmt ", 8, "latin1");
  b.writeUInt32LE(16, 16); // fmt chunk size
  b.writeUInt16LE(1, 20); // PCM
  b.writeUInt16LE(1, 22); // mono
  b.writeUInt32LE(sampleRate, 24);
  b.writeUInt32LE(sampleRate * 2, 28); // bytes per second
  b.writeUInt16LE(2, 32); // block align
  b.writeUInt16LE(16, 34); // bits per sample
  b.write("data", 36, "latin1");
  b.writeUInt32LE(data, 40);
  return b;
}

/**
 * A 16-bit PCM WAV master of `seconds`: a chord with a slow swell in each channel (different in
 * left and right) and a little noise, so an encoder has real work. Deterministic.
 */
/**
 * The samples of `toneWav` as a 16-bit AIFF master (FORM/AIFF, COMM with the 80-bit rate, SSND,
 * big-endian): what a Mac studio exports.
 */
export function toneAiff(seconds: number, { sampleRate = 44100, channels = 2 } = {}): Buffer {
  const pcm = toneWav(seconds, { sampleRate, channels }).subarray(44);
  const data = Buffer.alloc(pcm.length);
  for (let i = 0; i < pcm.length; i += 2) data.writeInt16BE(pcm.readInt16LE(i), i);
  const comm = Buffer.alloc(26);
  comm.write("COMM", 0, "latin1");
  comm.writeUInt32BE(18, 4);
  comm.writeUInt16BE(channels, 8);
  comm.writeUInt32BE(data.length / (2 * channels), 10);
  comm.writeUInt16BE(16, 14);
  // 80-bit extended: exponent 16383 + e, then the mantissa with its leading 1 at bit 63.
  const e = Math.floor(Math.log2(sampleRate));
  comm.writeUInt16BE(16383 + e, 16);
  comm.writeBigUInt64BE(BigInt(sampleRate) << BigInt(63 - e), 18);
  const ssnd = Buffer.alloc(16);
  ssnd.write("SSND", 0, "latin1");
  ssnd.writeUInt32BE(8 + data.length, 4);
  const form = Buffer.alloc(12);
  form.write("FORM", 0, "latin1");
  form.writeUInt32BE(4 + comm.length + ssnd.length + data.length, 4);
  form.write("AIFF", 8, "latin1");
  return Buffer.concat([form, comm, ssnd, data]);
}

export function toneWav(seconds: number, { sampleRate = 44100, channels = 2 } = {}): Buffer {
  const frames = Math.round(seconds * sampleRate);
  const data = frames * channels * 2;
  const b = Buffer.alloc(44 + data);
  b.write("RIFF", 0, "latin1");
  b.writeUInt32LE(36 + data, 4);
  b.write("WAVEfmt ", 8, "latin1");
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(channels, 22);
  b.writeUInt32LE(sampleRate, 24);
  b.writeUInt32LE(sampleRate * channels * 2, 28);
  b.writeUInt16LE(channels * 2, 32);
  b.writeUInt16LE(16, 34);
  b.write("data", 36, "latin1");
  b.writeUInt32LE(data, 40);
  let seed = 12345;
  const noise = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff - 0.5) * 0.02;
  const pcm = new Int16Array(b.buffer, b.byteOffset + 44, frames * channels);
  for (let i = 0; i < frames; i++) {
    const t = i / sampleRate;
    const swell = 0.5 + 0.4 * Math.sin(2 * Math.PI * 0.1 * t);
    for (let c = 0; c < channels; c++) {
      const v =
        swell * (0.3 * Math.sin(2 * Math.PI * (220 + 55 * c) * t) + 0.15 * Math.sin(2 * Math.PI * 330 * t) + 0.1 * Math.sin(2 * Math.PI * 440 * t)) + noise();
      pcm[i * channels + c] = Math.round(v * 32767);
    }
  }
  return b;
}
