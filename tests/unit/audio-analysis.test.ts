import { describe, expect, it } from "vitest";
import { LoudnessMeter, PEAK_PAIRS, PeaksBuilder } from "~/server/domain/audio-analysis.server";

/** `seconds` of a sine at `dbfs` (peak) in every channel, in blocks as a decoder hands them over. */
function* sine(rate: number, channels: number, seconds: number, dbfs: number, hz = 1000, start = 0): Generator<Float32Array[]> {
  const amplitude = 10 ** (dbfs / 20);
  const total = Math.round(seconds * rate);
  for (let done = 0; done < total; done += 4096) {
    const block = new Float32Array(Math.min(4096, total - done));
    for (let i = 0; i < block.length; i++) block[i] = amplitude * Math.sin((2 * Math.PI * hz * (start + done + i)) / rate);
    yield Array.from({ length: channels }, () => block);
  }
}

function measure(rate: number, parts: [seconds: number, dbfs: number][], channels = 2): number | null {
  const meter = new LoudnessMeter(rate, channels);
  for (const [seconds, dbfs] of parts) for (const block of sine(rate, channels, seconds, dbfs)) meter.push(block);
  return meter.integrated();
}

// EBU Tech 3341 (the test signals of EBU R128 meters), tolerance ±0.1 LU.
describe("integrated loudness (ITU-R BS.1770-4, EBU R128)", () => {
  it("reads a stereo 1 kHz sine at -23 dBFS as -23 LUFS (Tech 3341 case 1), at 48 and 44.1 kHz", () => {
    expect(measure(48000, [[20, -23]])).toBeCloseTo(-23, 1);
    expect(measure(44100, [[20, -23]])).toBeCloseTo(-23, 1);
    expect(measure(44100, [[10, -20]])).toBeCloseTo(-20, 1);
  });

  it("gates quiet passages relative to the rest: -36/-23/-36 dBFS reads -23 LUFS (Tech 3341 case 3)", () => {
    expect(
      measure(48000, [
        [10, -36],
        [60, -23],
        [10, -36],
      ]),
    ).toBeCloseTo(-23, 1);
  });

  it("counts one channel of a mono-like stereo signal 3 dB lower, and silence as no loudness", () => {
    const meter = new LoudnessMeter(48000, 2);
    for (const [left] of sine(48000, 1, 10, -20)) meter.push([left!, new Float32Array(left!.length)]);
    expect(meter.integrated()).toBeCloseTo(-23.01, 1);
    expect(measure(48000, [[5, -200]])).toBeNull();
  });
});

describe("waveform peaks", () => {
  it("are at most PEAK_PAIRS min/max pairs in audiowaveform's format, following the signal's level", () => {
    const peaks = new PeaksBuilder(44100);
    for (const block of sine(44100, 2, 30, -6)) peaks.push(block);
    for (const block of sine(44100, 2, 30, -20)) peaks.push(block);
    const json = peaks.toJson();
    expect(json).toMatchObject({ version: 2, channels: 1, bits: 8, sample_rate: 44100 });
    expect(json.length).toBeLessThanOrEqual(PEAK_PAIRS);
    expect(json.length).toBeGreaterThan(PEAK_PAIRS / 2);
    expect(json.data).toHaveLength(json.length * 2);
    // The first stretch peaks at -6 dBFS, the last at -20 dBFS (0.1 of full scale).
    expect(json.data.slice(0, 2)).toEqual([-Math.round(10 ** (-6 / 20) * 128), Math.round(10 ** (-6 / 20) * 127)]);
    expect(json.data.at(-1)).toBe(13);
  });
});
