import { fileTypeFromBuffer } from "file-type";
import mimeTypes from "mime-types";

/**
 * What an uploaded file is, from its bytes (never its name or the browser's Content-Type):
 * the `file-type` library names the format by its signature, then a cheap structural check of
 * that format makes sure the signature is not all there is (a PDF header in front of an HTML
 * page, two bytes FF Ex that are not MPEG audio). Images are proven further by sharp, which
 * re-encodes them (uploads.server.ts).
 */
export type FileFamily = "image" | "audio" | "pdf";
export type DetectedFile = { mime: string; ext: string; family: FileFamily };

type Accepted = DetectedFile & { check?: (bytes: Uint8Array) => boolean };

const image = (mime: string, ext: string): Accepted => ({ mime, ext, family: "image" });

/**
 * The accepted formats, by the extension `file-type` answers; the stored name and type follow ours.
 * `mime` is recorded with the stored bytes (StoredFile.contentType) and served as it is
 * (file-response.server.ts): IANA's names, which for FLAC is not the one mime-types derives from
 * the extension (audio/x-flac). Everything else looks a type up by name with mime-types.
 */
const ACCEPTED: Record<string, Accepted> = {
  jpg: image("image/jpeg", "jpg"),
  png: image("image/png", "png"),
  gif: image("image/gif", "gif"),
  webp: image("image/webp", "webp"),
  avif: image("image/avif", "avif"),
  mp3: { mime: "audio/mpeg", ext: "mp3", family: "audio", check: isMpegAudio },
  aac: { mime: "audio/aac", ext: "aac", family: "audio", check: isAdtsAudio },
  m4a: { mime: "audio/mp4", ext: "m4a", family: "audio", check: isMp4Container },
  // Audio-only MP4 files often carry the generic isom/mp42 brand, which file-type calls video.
  mp4: { mime: "audio/mp4", ext: "m4a", family: "audio", check: isMp4Container },
  wav: { mime: "audio/wav", ext: "wav", family: "audio", check: isWave },
  aif: { mime: "audio/aiff", ext: "aif", family: "audio", check: isAiff },
  ogg: { mime: "audio/ogg", ext: "ogg", family: "audio", check: isOggAudio },
  oga: { mime: "audio/ogg", ext: "ogg", family: "audio", check: isOggAudio },
  opus: { mime: "audio/ogg", ext: "ogg", family: "audio", check: isOggAudio },
  flac: { mime: "audio/flac", ext: "flac", family: "audio", check: isFlac },
  pdf: { mime: "application/pdf", ext: "pdf", family: "pdf", check: isPdf },
};

/** The type of a whole file's bytes, or null when it is none of the accepted formats. */
export async function detectFileType(bytes: Uint8Array): Promise<DetectedFile | null> {
  if (bytes.length < 4) return null;
  const found = await fileTypeFromBuffer(bytes).catch(() => undefined);
  const accepted = found ? ACCEPTED[found.ext] : undefined;
  if (!accepted || (accepted.check && !accepted.check(bytes))) return null;
  return { mime: accepted.mime, ext: accepted.ext, family: accepted.family };
}

function latin1(bytes: Uint8Array, start: number, end: number): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1", Math.max(0, start), Math.min(end, bytes.length));
}

const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
const u32le = (b: Uint8Array, i: number) => ((b[i + 3]! << 24) >>> 0) + (b[i + 2]! << 16) + (b[i + 1]! << 8) + b[i]!;
const u16le = (b: Uint8Array, i: number) => (b[i + 1]! << 8) + b[i]!;
const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) + b[i + 1]!;

// ---------------------------------------------------------------- PDF

/** `%PDF-1.x` header, an `%%EOF` trailer near the end, and no HTML markup where the PDF begins. */
function isPdf(b: Uint8Array): boolean {
  if (!/^%PDF-\d\.\d/.test(latin1(b, 0, 8))) return false;
  if (!latin1(b, b.length - 1024, b.length).includes("%%EOF")) return false;
  return !/<\s*(!doctype|html|head|body|script|iframe|meta|svg|object|embed)\b/i.test(latin1(b, 0, 1024));
}

// ---------------------------------------------------------------- MPEG audio (MP3)

const KBPS = {
  v1l1: [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  v1l2: [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  v1l3: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2l1: [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  v2l23: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
/** Sample rates by the version bits (0: MPEG 2.5, 2: MPEG 2, 3: MPEG 1). */
const SAMPLE_RATES: Record<number, number[]> = { 0: [11025, 12000, 8000], 2: [22050, 24000, 16000], 3: [44100, 48000, 32000] };

/** Length in bytes of the MPEG audio frame whose header starts at `i`, or null when it is not one. */
function mpegFrameLength(b: Uint8Array, i: number): number | null {
  if (i + 4 > b.length || b[i] !== 0xff || (b[i + 1]! & 0xe0) !== 0xe0) return null;
  const version = (b[i + 1]! >> 3) & 3;
  const layer = (b[i + 1]! >> 1) & 3; // 3: Layer I, 2: Layer II, 1: Layer III
  const bitrateIndex = b[i + 2]! >> 4;
  const rateIndex = (b[i + 2]! >> 2) & 3;
  const padding = (b[i + 2]! >> 1) & 1;
  if (version === 1 || layer === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3 || (b[i + 3]! & 3) === 2) return null;
  const mpeg1 = version === 3;
  const table = mpeg1 ? (layer === 3 ? KBPS.v1l1 : layer === 2 ? KBPS.v1l2 : KBPS.v1l3) : layer === 3 ? KBPS.v2l1 : KBPS.v2l23;
  const bitrate = table[bitrateIndex]! * 1000;
  const sampleRate = SAMPLE_RATES[version]![rateIndex]!;
  if (layer === 3) return (Math.floor((12 * bitrate) / sampleRate) + padding) * 4;
  const perSample = layer === 1 && !mpeg1 ? 72 : 144;
  return Math.floor((perSample * bitrate) / sampleRate) + padding;
}

/** Size of the ID3v2 tag at the start, or 0 when there is none. */
function id3Size(b: Uint8Array): number {
  if (latin1(b, 0, 3) !== "ID3" || b.length < 10) return 0;
  // Sizes are "syncsafe": 7 bits per byte.
  if ((b[6]! | b[7]! | b[8]! | b[9]!) & 0x80) return 0;
  const size = (b[6]! << 21) | (b[7]! << 14) | (b[8]! << 7) | b[9]!;
  return 10 + size + (b[5]! & 0x10 ? 10 : 0);
}

/**
 * A real MPEG audio stream: an ID3 tag followed by a valid frame header, or without a tag a valid
 * frame followed by a second one exactly where the first says it ends.
 */
function isMpegAudio(b: Uint8Array): boolean {
  const tag = id3Size(b);
  if (latin1(b, 0, 3) === "ID3" && tag === 0) return false;
  let offset = tag;
  // Some taggers pad with zeros after the declared tag size.
  while (tag && offset < b.length && offset < tag + 64 * 1024 && b[offset] === 0) offset++;
  const first = mpegFrameLength(b, offset);
  if (!first || offset + first > b.length) return false;
  if (tag) return true;
  return mpegFrameLength(b, offset + first) !== null;
}

// ---------------------------------------------------------------- AAC in ADTS

function adtsFrameLength(b: Uint8Array, i: number): number | null {
  if (i + 7 > b.length || b[i] !== 0xff || (b[i + 1]! & 0xf6) !== 0xf0) return null;
  if (((b[i + 2]! >> 2) & 0x0f) > 12) return null;
  const length = ((b[i + 3]! & 3) << 11) | (b[i + 4]! << 3) | (b[i + 5]! >> 5);
  return length >= 7 ? length : null;
}

function isAdtsAudio(b: Uint8Array): boolean {
  const first = adtsFrameLength(b, 0);
  return first !== null && adtsFrameLength(b, first) !== null;
}

// ---------------------------------------------------------------- MP4 / M4A

/** Top-level boxes that tile the file, starting with ftyp and holding a moov. */
function isMp4Container(b: Uint8Array): boolean {
  let offset = 0;
  let boxes = 0;
  let moov = false;
  while (offset + 8 <= b.length && boxes < 1000) {
    let size = u32be(b, offset);
    const type = latin1(b, offset + 4, offset + 8);
    if (!/^[\x20-\x7e]{4}$/.test(type) || (boxes === 0 && type !== "ftyp")) return false;
    if (size === 1) {
      if (offset + 16 > b.length) return false;
      size = u32be(b, offset + 8) * 2 ** 32 + u32be(b, offset + 12);
    } else if (size === 0) {
      size = b.length - offset;
    }
    if (size < 8) return false;
    if (type === "moov") moov = true;
    offset += size;
    boxes++;
  }
  return moov && offset <= b.length && boxes > 1;
}

// ---------------------------------------------------------------- WAV

/** RIFF/WAVE with a sane `fmt ` chunk and a `data` chunk. */
function isWave(b: Uint8Array): boolean {
  if (latin1(b, 0, 4) !== "RIFF" || latin1(b, 8, 12) !== "WAVE") return false;
  let offset = 12;
  let format = false;
  while (offset + 8 <= b.length) {
    const id = latin1(b, offset, offset + 4);
    const size = u32le(b, offset + 4);
    if (id === "fmt ") {
      if (size < 16 || offset + 24 > b.length) return false;
      const channels = u16le(b, offset + 10);
      const sampleRate = u32le(b, offset + 12);
      format = u16le(b, offset + 8) !== 0 && channels >= 1 && channels <= 32 && sampleRate >= 1000 && sampleRate <= 768_000;
      if (!format) return false;
    }
    if (id === "data") return format;
    offset += 8 + size + (size % 2);
  }
  return false;
}

// ---------------------------------------------------------------- AIFF

/**
 * FORM/AIFF (or AIFF-C): a COMM chunk with a plausible channel count and sample size before the
 * SSND chunk of the samples (file-type answers "aif" for any IFF "FORM", an ILBM picture too).
 */
function isAiff(b: Uint8Array): boolean {
  if (latin1(b, 0, 4) !== "FORM" || !["AIFF", "AIFC"].includes(latin1(b, 8, 12))) return false;
  let offset = 12;
  let format = false;
  while (offset + 8 <= b.length) {
    const id = latin1(b, offset, offset + 4);
    const size = u32be(b, offset + 4);
    if (id === "COMM") {
      if (size < 18 || offset + 26 > b.length) return false;
      const channels = u16be(b, offset + 8);
      const bits = u16be(b, offset + 14);
      format = channels >= 1 && channels <= 32 && bits >= 1 && bits <= 64;
      if (!format) return false;
    }
    if (id === "SSND") return format;
    offset += 8 + size + (size % 2);
  }
  return false;
}

// ---------------------------------------------------------------- Ogg

/** A first Ogg page (version 0, beginning of stream) carrying a Vorbis, Opus or FLAC header, and the next page where it ends. */
function isOggAudio(b: Uint8Array): boolean {
  if (latin1(b, 0, 4) !== "OggS" || b[4] !== 0 || !(b[5]! & 0x02) || b.length < 27) return false;
  const segments = b[26]!;
  let body = 27 + segments;
  if (body > b.length) return false;
  let length = 0;
  for (let i = 27; i < 27 + segments; i++) length += b[i]!;
  const codec = latin1(b, body, body + 8);
  if (!codec.startsWith("\x01vorbis") && !codec.startsWith("OpusHead") && !codec.startsWith("\x7fFLAC")) return false;
  body += length;
  return body === b.length || latin1(b, body, body + 4) === "OggS";
}

// ---------------------------------------------------------------- FLAC

/** `fLaC`, a STREAMINFO block first, metadata blocks that add up, then a frame sync. */
function isFlac(b: Uint8Array): boolean {
  if (latin1(b, 0, 4) !== "fLaC" || b.length < 8 + 34) return false;
  if ((b[4]! & 0x7f) !== 0 || ((b[5]! << 16) | (b[6]! << 8) | b[7]!) !== 34) return false;
  let offset = 4;
  for (let blocks = 0; blocks < 1000; blocks++) {
    if (offset + 4 > b.length) return false;
    const last = b[offset]! & 0x80;
    offset += 4 + ((b[offset + 1]! << 16) | (b[offset + 2]! << 8) | b[offset + 3]!);
    if (last) break;
  }
  return offset + 2 <= b.length && b[offset] === 0xff && (b[offset + 1]! & 0xfe) === 0xf8;
}

/**
 * The type of a file by its name (mime-types), for what has no recorded type: image variants, the
 * feed's image links, the disposition of a media URL. A stored file is served with the type
 * recorded when its bytes were checked (storedContentType).
 */
export function mimeTypeOf(file: string): string {
  return mimeTypes.lookup(file) || "application/octet-stream";
}
