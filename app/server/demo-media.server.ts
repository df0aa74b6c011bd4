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

const PALETTES = [
  ["#0f172a", "#1e3a8a", "#f59e0b", "#fde68a"],
  ["#1c1917", "#7c2d12", "#ea580c", "#fed7aa"],
  ["#042f2e", "#115e59", "#5eead4", "#ccfbf1"],
  ["#1e1b4b", "#6d28d9", "#f472b6", "#fce7f3"],
  ["#111827", "#374151", "#d1d5db", "#f9fafb"],
  ["#3f2a14", "#92400e", "#fbbf24", "#fffbeb"],
  ["#0c0a09", "#44403c", "#a8a29e", "#e7e5e4"],
];

/** An abstract "album art" picture (no text: the image needs no fonts on the server). */
export async function renderArtwork(seed: string, width: number, height: number): Promise<Buffer> {
  const rand = prng(seed);
  const palette = PALETTES[Math.floor(rand() * PALETTES.length)];
  const shapes: string[] = [];
  for (let i = 0; i < 7; i++) {
    const cx = Math.round(rand() * width);
    const cy = Math.round(rand() * height);
    const r = Math.round((0.08 + rand() * 0.35) * Math.min(width, height));
    const color = palette[1 + Math.floor(rand() * 3)];
    shapes.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="${color}" fill-opacity="${(0.15 + rand() * 0.5).toFixed(2)}"/>`);
  }
  for (let i = 0; i < 12; i++) {
    const y = Math.round(rand() * height);
    shapes.push(
      `<rect x="0" y="${y}" width="${width}" height="${Math.max(1, Math.round(rand() * 4))}" fill="${palette[3]}" fill-opacity="0.25"/>`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette[0]}"/><stop offset="1" stop-color="${palette[1]}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>${shapes.join("")}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/** A few seconds of a synthesised melody as a real 16-bit mono WAV file. */
export function synthesizeWav(seed: string, seconds = 6, sampleRate = 22050): Buffer {
  const rand = prng(seed);
  const scale = [261.63, 293.66, 329.63, 392.0, 440.0, 523.25, 587.33];
  const noteLength = 0.5;
  const samples = Math.floor(seconds * sampleRate);
  const data = Buffer.alloc(samples * 2);
  let freq = scale[0];
  for (let i = 0; i < samples; i++) {
    const t = i / sampleRate;
    const inNote = t % noteLength;
    if (inNote < 1 / sampleRate) freq = scale[Math.floor(rand() * scale.length)];
    const envelope = Math.min(1, inNote * 40) * Math.exp(-inNote * 4);
    const value = envelope * (0.6 * Math.sin(2 * Math.PI * freq * t) + 0.2 * Math.sin(4 * Math.PI * freq * t));
    data.writeInt16LE(Math.round(value * 0.5 * 32767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + data.length, 4);
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
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** A one-page PDF with a line of text (valid enough for every PDF reader). */
export function makePdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, "").normalize("NFD").replace(/[^\x20-\x7e]/g, "");
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

/** Size of a generated content image from its file name (see content/data). */
export function contentImageSize(fileName: string): { width: number; height: number } {
  if (fileName.startsWith("hero-")) return { width: 1920, height: 1080 };
  if (fileName.startsWith("portrait-")) return { width: 600, height: 750 };
  return { width: 1200, height: 800 };
}
