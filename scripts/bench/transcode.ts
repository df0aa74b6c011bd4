// The transcode of a master (issue 25): bytes per minute of listening and speed, for a 60 s
// 44.1 kHz stereo 16-bit WAV (a chord that swells, with noise: harder for the encoder than silence).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { Readable } from "node:stream";
import { transcodeAudio } from "../../app/server/domain/audio-transcode.server";

function master(seconds: number, sampleRate = 44100): Buffer {
  const frames = seconds * sampleRate;
  const b = Buffer.alloc(44 + frames * 4);
  b.write("RIFFxxxxWAVEfmt ", 0, "latin1");
  b.writeUInt32LE(36 + frames * 4, 4);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(2, 22);
  b.writeUInt32LE(sampleRate, 24);
  b.writeUInt32LE(sampleRate * 4, 28);
  b.writeUInt16LE(4, 32);
  b.writeUInt16LE(16, 34);
  b.write("data", 36, "latin1");
  b.writeUInt32LE(frames * 4, 40);
  let seed = 1;
  const noise = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff - 0.5) * 0.05;
  for (let i = 0; i < frames; i++) {
    const t = i / sampleRate;
    const swell = 0.5 + 0.4 * Math.sin(2 * Math.PI * 0.1 * t);
    for (let c = 0; c < 2; c++) {
      const v = swell * (0.3 * Math.sin(2 * Math.PI * (220 + 55 * c) * t) + 0.15 * Math.sin(2 * Math.PI * 330 * t)) + noise();
      b.writeInt16LE(Math.round(v * 32767), 44 + i * 4 + c * 2);
    }
  }
  return b;
}

/** CPU seconds of the children this process has waited for (lame), from /proc (Linux). */
function childrenCpuSeconds(): number {
  try {
    const fields = fs.readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[13]) + Number(fields[14])) / 100; // cutime + cstime, in clock ticks
  } catch {
    return 0;
  }
}

export async function benchTranscode(seconds = 60, runs = 3) {
  const wav = master(seconds);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-transcode-"));
  const lines = [`## transcode (${seconds} s, 44.1 kHz stereo WAV -> MP3 VBR V2 with lame, peaks, loudness; ${runs} runs, best)`];
  let best = { wall: Infinity, cpu: Infinity, bytes: 0 };
  try {
    for (let run = 0; run < runs; run++) {
      const out = path.join(dir, `stream-${run}.mp3`);
      const cpu0 = process.cpuUsage();
      const children0 = childrenCpuSeconds();
      const t0 = performance.now();
      await transcodeAudio(Readable.from([wav]), "wav", { outFile: out, maxSeconds: seconds });
      const wall = (performance.now() - t0) / 1000;
      const node = process.cpuUsage(cpu0);
      const cpu = (node.user + node.system) / 1e6 + (childrenCpuSeconds() - children0);
      if (wall < best.wall) best = { wall, cpu, bytes: fs.statSync(out).size };
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const perMinute = (best.bytes / seconds) * 60;
  lines.push(`master ${(wav.length / 1024 / 1024).toFixed(1)} MB -> stream ${(best.bytes / 1024 / 1024).toFixed(2)} MB`);
  lines.push(
    `bytes per minute of listening: ${(perMinute / 1024 / 1024).toFixed(2)} MB (goal <= 1.5 MB; the WAV master: ${(((wav.length / seconds) * 60) / 1024 / 1024).toFixed(1)} MB)`,
  );
  lines.push(
    `speed: ${(seconds / best.wall).toFixed(0)}x real time (wall ${best.wall.toFixed(2)} s); ${(seconds / best.cpu).toFixed(0)}x real time per CPU second (node + lame ${best.cpu.toFixed(2)} s; goal > 20x on one core)`,
  );
  return { name: "transcode", lines };
}
