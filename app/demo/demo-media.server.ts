import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import crypto from "node:crypto";
import sharp from "sharp";

/** Deterministic pseudo-random numbers from a text, so the same seed gives the same picture. */
function prng(seed: string) {
  let state = crypto.createHash("sha256").update(seed).digest().readUInt32LE(0) || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % 100000) / 100000;
  };
}

/** The item at `index`; a list shorter than the caller expects is a bug, not a value to paint with. */
function itemAt<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new RangeError(`No item ${index} in a list of ${items.length}`);
  return item;
}

/** An item of a non-empty list, chosen by the seeded random numbers. */
function pickWith<T>(rand: () => number, items: readonly T[]): T {
  return itemAt(items, Math.floor(rand() * items.length));
}

const PALETTES = [
  ["#0f172a", "#1e3a8a", "#f59e0b", "#fde68a"],
  ["#1c1917", "#7c2d12", "#ea580c", "#fed7aa"],
  ["#042f2e", "#115e59", "#5eead4", "#ccfbf1"],
  ["#1e1b4b", "#6d28d9", "#f472b6", "#fce7f3"],
  ["#111827", "#374151", "#d1d5db", "#f9fafb"],
  ["#3f2a14", "#92400e", "#fbbf24", "#fffbeb"],
  ["#0c0a09", "#44403c", "#a8a29e", "#e7e5e4"],
] as const;

/** An abstract "album art" picture (no text: the image needs no fonts on the server). */
export async function renderArtwork(seed: string, width: number, height: number): Promise<Buffer> {
  const rand = prng(seed);
  const palette = pickWith(rand, PALETTES);
  const shapes: string[] = [];
  for (let i = 0; i < 7; i++) {
    const cx = Math.round(rand() * width);
    const cy = Math.round(rand() * height);
    const r = Math.round((0.08 + rand() * 0.35) * Math.min(width, height));
    const color = pickWith(rand, palette.slice(1));
    shapes.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="${color}" fill-opacity="${(0.15 + rand() * 0.5).toFixed(2)}"/>`);
  }
  for (let i = 0; i < 12; i++) {
    const y = Math.round(rand() * height);
    shapes.push(`<rect x="0" y="${y}" width="${width}" height="${Math.max(1, Math.round(rand() * 4))}" fill="${palette[3]}" fill-opacity="0.25"/>`);
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette[0]}"/><stop offset="1" stop-color="${palette[1]}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>${shapes.join("")}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

const A4 = 440;
const midiToHz = (note: number) => A4 * 2 ** ((note - 69) / 12);
const MAJOR = [0, 2, 4, 5, 7, 9, 11];
const MINOR = [0, 2, 3, 5, 7, 8, 10];
/** Chord roots as scale degrees: a few common progressions in major and minor. */
const PROGRESSIONS = {
  major: [
    [0, 5, 3, 4],
    [0, 3, 4, 0],
    [0, 4, 5, 3],
    [3, 4, 0, 0],
  ],
  minor: [
    [0, 5, 2, 6],
    [0, 3, 4, 0],
    [0, 6, 5, 4],
    [0, 3, 6, 2],
  ],
};

/** A scale degree (may be negative or above 7) as a MIDI note in the given key. */
function degreeToMidi(tonic: number, scale: number[], degree: number): number {
  const octave = Math.floor(degree / 7);
  const step = ((degree % 7) + 7) % 7;
  return tonic + 12 * octave + itemAt(scale, step);
}

type Note = { start: number; length: number; midi: number; gain: number };

/**
 * A short musical phrase as a real 16-bit mono WAV: a melody over a chord progression, with a
 * bass line and a soft pad, synthesised from the seed (same seed, same music). Bars and tempo
 * vary, so the tracks last from about 5 to 20 seconds.
 */
export function synthesizePhrase(seed: string, sampleRate = 16000): { wav: Buffer; seconds: number } {
  const rand = prng(seed);
  const pick = <T>(items: readonly T[]): T => pickWith(rand, items);
  const mode = rand() < 0.5 ? "major" : "minor";
  const scale = mode === "major" ? MAJOR : MINOR;
  const tonic = 57 + Math.floor(rand() * 8); // A3..E4
  const bpm = 72 + Math.floor(rand() * 48);
  const beat = 60 / bpm;
  const bars = Math.min(8, Math.max(2, Math.round((2 + rand() * 6) * (bpm / 96))));
  const progression = pick(PROGRESSIONS[mode]);
  const notes: { melody: Note[]; bass: Note[]; pad: Note[] } = { melody: [], bass: [], pad: [] };
  let degree = 7 + Math.floor(rand() * 3) * 2; // start on a chord tone an octave up
  for (let bar = 0; bar < bars; bar++) {
    const root = itemAt(progression, bar % progression.length);
    const barStart = bar * 4 * beat;
    notes.bass.push({ start: barStart, length: 2 * beat, midi: degreeToMidi(tonic - 24, scale, root), gain: 0.5 });
    notes.bass.push({ start: barStart + 2 * beat, length: 2 * beat, midi: degreeToMidi(tonic - 24, scale, root + (rand() < 0.5 ? 4 : 0)), gain: 0.4 });
    for (const third of [0, 2, 4]) {
      notes.pad.push({ start: barStart, length: 4 * beat, midi: degreeToMidi(tonic - 12, scale, root + third), gain: 0.12 });
    }
    const rhythm = pick([
      [1, 1, 1, 1],
      [1.5, 0.5, 1, 1],
      [2, 1, 1],
      [1, 0.5, 0.5, 2],
      [0.5, 0.5, 1, 2],
    ]);
    let t = 0;
    for (const [i, length] of rhythm.entries()) {
      const last = bar === bars - 1 && i === rhythm.length - 1;
      // Strong beats land on chord tones; the rest move by step, so the line sings.
      if (last) degree = 7;
      else if (t % 2 === 0) degree = root + 7 + pick([0, 2, 4]) - (degree > 11 ? 7 : 0);
      else degree += pick([-1, 1, 1, 2, -2]);
      notes.melody.push({ start: barStart + t * beat, length: length * beat * 0.95, midi: degreeToMidi(tonic, scale, degree), gain: 0.32 });
      t += length;
    }
  }
  const tail = 1.2;
  const seconds = bars * 4 * beat + tail;
  const samples = Math.floor(seconds * sampleRate);
  const mix = new Float32Array(samples);
  // One-cycle wavetables and a per-sample decay factor keep the synthesis to a few table
  // look-ups per sample: the whole demo catalogue renders in well under a second.
  const TABLE = 2048;
  const wavetable = (harmonics: number[]) => {
    const table = new Float32Array(TABLE + 1);
    for (let i = 0; i <= TABLE; i++) {
      const p = (2 * Math.PI * i) / TABLE;
      table[i] = harmonics.reduce((sum, amp, h) => sum + amp * Math.sin((h + 1) * p), 0);
    }
    return table;
  };
  const render = (list: Note[], table: Float32Array, attack: number, release: number, decayPerSecond: number) => {
    const decay = Math.exp(-decayPerSecond / sampleRate);
    for (const note of list) {
      const step = (midiToHz(note.midi) * TABLE) / sampleRate;
      const first = Math.floor(note.start * sampleRate);
      const attackSamples = Math.max(1, Math.floor(attack * sampleRate));
      const holdSamples = Math.floor(note.length * sampleRate);
      const releaseSamples = Math.max(1, Math.floor(release * sampleRate));
      const count = Math.min(samples - first, holdSamples + releaseSamples);
      let phase = 0;
      let level = 1;
      let releaseFrom = 0;
      for (let i = 0; i < count; i++) {
        let env: number;
        if (i < attackSamples) env = i / attackSamples;
        else if (i < holdSamples) env = level *= decay;
        else env = (releaseFrom ||= level) * (1 - (i - holdSamples) / releaseSamples);
        // Both indexes are in range (count stops at the buffer's end; phase wraps below TABLE).
        mix[first + i] = (mix[first + i] ?? 0) + note.gain * env * (table[phase | 0] ?? 0);
        phase += step;
        if (phase >= TABLE) phase -= TABLE;
      }
    }
  };
  render(notes.melody, wavetable([1, 0.3, 0.1, 0.05]), 0.02, 0.25, 1.2);
  render(notes.bass, wavetable([1, 0.15]), 0.01, 0.2, 0.8);
  render(notes.pad, wavetable([1, 0.2, 0.15, 0.1, 0.05]), 0.4, 0.8, 0.2);
  let peak = 0;
  for (const v of mix) peak = Math.max(peak, Math.abs(v));
  const scaleTo = peak > 0 ? 0.8 / peak : 0;
  const fadeOut = Math.floor(0.3 * sampleRate);
  const pcm = new Int16Array(samples); // WAV is little-endian, like every machine Node runs on here
  for (let i = 0; i < samples; i++) {
    const fade = i > samples - fadeOut ? (samples - i) / fadeOut : 1;
    pcm[i] = Math.round((mix[i] ?? 0) * scaleTo * fade * 32767);
  }
  const data = Buffer.from(pcm.buffer);
  return { wav: Buffer.concat([wavHeader(data.length, sampleRate), data]), seconds: samples / sampleRate };
}

function wavHeader(dataLength: number, sampleRate: number): Buffer {
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + dataLength, 4);
  header.write("WAVE", 8);
  header.write("fmt ", 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(dataLength, 40);
  return header;
}

/** A one-page PDF with a line of text (valid enough for every PDF reader). */
export function makePdf(title: string): Buffer {
  const text = title
    .replace(/[()\\]/g, "")
    .normalize("NFD")
    .replace(/[^\x20-\x7e]/g, "");
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((obj, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${obj}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/**
 * A demo score (issue 36): an A4 title page, then pages of empty staves with a few note heads, as a
 * real engraved score looks from afar; the seed stamps it like any uploaded perusal score.
 */
export async function makeDemoScore(title: string, composer: string, pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const random = seeded(title);
  for (let n = 1; n <= pages; n++) {
    const page = doc.addPage([595.28, 841.89]);
    if (n === 1) {
      page.drawText(composer, { x: 72, y: 640, size: 16, font });
      page.drawText(title, { x: 72, y: 580, size: 30, font });
      page.drawText("Partitura / Score", { x: 72, y: 540, size: 14, font });
      continue;
    }
    page.drawText(String(n), { x: 520, y: 800, size: 10, font });
    for (let system = 0; system < 8; system++) {
      const top = 760 - system * 92;
      for (let line = 0; line < 5; line++) page.drawLine({ start: { x: 50, y: top - line * 6 }, end: { x: 545, y: top - line * 6 }, thickness: 0.5 });
      for (let note = 0; note < 14; note++) page.drawEllipse({ x: 80 + note * 33, y: top - Math.floor(random() * 9) * 3, xScale: 3.4, yScale: 2.5 });
    }
  }
  return doc.save();
}

/** A small repeatable random sequence from a text (the same demo score every time). */
function seeded(text: string): () => number {
  let state = [...text].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 7);
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Size of a generated content image from its file name (see content/data). */
export function contentImageSize(fileName: string): { width: number; height: number } {
  if (fileName.startsWith("hero-")) return { width: 1920, height: 1080 };
  if (fileName.startsWith("portrait-")) return { width: 600, height: 750 };
  return { width: 1200, height: 800 };
}
