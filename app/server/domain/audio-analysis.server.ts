/**
 * What the transcode job measures of a master while its samples stream by: the integrated loudness
 * (ITU-R BS.1770-4 / EBU R128) and the waveform's peaks. Pure code on blocks of float samples
 * (-1..1, one Float32Array per channel), so it is unit-tested on signals of known loudness.
 */

/** One biquad section (direct form I), its state per channel. */
type Biquad = { b0: number; b1: number; b2: number; a1: number; a2: number };

/**
 * BS.1770's K-weighting for any sample rate: a high shelf (+4 dB above ~1.7 kHz, the head) then a
 * high-pass (~38 Hz, "RLB"). The standard gives the coefficients at 48 kHz; these are the analog
 * prototypes they come from, put through the bilinear transform at `rate` (as libebur128 does), so
 * at 48 kHz they are the standard's numbers.
 */
function kWeighting(rate: number): [Biquad, Biquad] {
  let f0 = 1681.974450955533;
  const gainDb = 3.999843853973347;
  let q = 0.7071752369554196;
  let k = Math.tan((Math.PI * f0) / rate);
  const vh = 10 ** (gainDb / 20);
  const vb = vh ** 0.4996667741545416;
  let a0 = 1 + k / q + k * k;
  const shelf = {
    b0: (vh + (vb * k) / q + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / q + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / q + k * k) / a0,
  };
  f0 = 38.13547087602444;
  q = 0.5003270373238773;
  k = Math.tan((Math.PI * f0) / rate);
  a0 = 1 + k / q + k * k;
  const highPass = { b0: 1, b1: -2, b2: 1, a1: (2 * (k * k - 1)) / a0, a2: (1 - k / q + k * k) / a0 };
  return [shelf, highPass];
}

const ABSOLUTE_GATE_LUFS = -70;
const RELATIVE_GATE_LU = -10;
const loudnessOf = (meanSquare: number) => -0.691 + 10 * Math.log10(meanSquare);

/**
 * Integrated loudness: the K-weighted mean square of each channel over 400 ms blocks overlapping
 * by 75 % (computed from 100 ms steps), summed over the channels (left and right weigh 1), gated
 * twice: blocks under -70 LUFS are silence, then blocks more than 10 LU under the mean of the rest.
 */
export class LoudnessMeter {
  private readonly filters: [Biquad, Biquad];
  /** Per channel: x1, x2, y1, y2 of each of the two sections. */
  private readonly state: Float64Array[];
  private readonly stepFrames: number;
  private stepSum = 0;
  private stepFill = 0;
  /** Channel-summed mean squares of the 100 ms steps: four make a 400 ms block. */
  private readonly steps: number[] = [];

  constructor(
    readonly sampleRate: number,
    readonly channels: number,
  ) {
    this.filters = kWeighting(sampleRate);
    this.state = Array.from({ length: channels }, () => new Float64Array(8));
    this.stepFrames = Math.round(sampleRate / 10);
  }

  push(block: Float32Array[]) {
    const frames = block[0]?.length ?? 0;
    const [f1, f2] = this.filters;
    // Squares are summed per step across channels: per-channel filtering, then the channel sum.
    const squares = new Float64Array(frames);
    for (let c = 0; c < this.channels; c++) {
      const input = block[c]!;
      const s = this.state[c]!;
      let [x1, x2, y1, y2, u1, u2, z1, z2] = [s[0]!, s[1]!, s[2]!, s[3]!, s[4]!, s[5]!, s[6]!, s[7]!];
      for (let i = 0; i < frames; i++) {
        const x = input[i]!;
        const y = f1.b0 * x + f1.b1 * x1 + f1.b2 * x2 - f1.a1 * y1 - f1.a2 * y2;
        x2 = x1;
        x1 = x;
        y2 = y1;
        y1 = y;
        const z = f2.b0 * y + f2.b1 * u1 + f2.b2 * u2 - f2.a1 * z1 - f2.a2 * z2;
        u2 = u1;
        u1 = y;
        z2 = z1;
        z1 = z;
        squares[i]! += z * z;
      }
      s.set([x1, x2, y1, y2, u1, u2, z1, z2]);
    }
    for (let i = 0; i < frames; i++) {
      this.stepSum += squares[i]!;
      if (++this.stepFill === this.stepFrames) {
        this.steps.push(this.stepSum / this.stepFrames);
        this.stepSum = 0;
        this.stepFill = 0;
      }
    }
  }

  /** LUFS, or null when nothing passes the gates (silence, or less than 400 ms). */
  integrated(): number | null {
    const blocks: number[] = [];
    for (let i = 3; i < this.steps.length; i++) blocks.push((this.steps[i]! + this.steps[i - 1]! + this.steps[i - 2]! + this.steps[i - 3]!) / 4);
    const audible = blocks.filter((z) => z > 0 && loudnessOf(z) > ABSOLUTE_GATE_LUFS);
    if (audible.length === 0) return null;
    const relativeGate = loudnessOf(audible.reduce((a, b) => a + b, 0) / audible.length) + RELATIVE_GATE_LU;
    const gated = audible.filter((z) => loudnessOf(z) > relativeGate);
    return Math.round(loudnessOf(gated.reduce((a, b) => a + b, 0) / gated.length) * 100) / 100;
  }
}

/** Pairs of the waveform file: "a few thousand", a few KB of JSON. */
export const PEAK_PAIRS = 2000;
const FINE_FRAMES = 256;

/**
 * The waveform: the lowest and highest sample (of any channel) of each stretch of the track, first
 * at a fine step, then merged down to at most PEAK_PAIRS pairs once the length is known.
 */
export class PeaksBuilder {
  private readonly mins: number[] = [];
  private readonly maxs: number[] = [];
  private fill = 0;
  private min = 0;
  private max = 0;

  constructor(readonly sampleRate: number) {}

  push(block: Float32Array[]) {
    const frames = block[0]?.length ?? 0;
    for (let i = 0; i < frames; i++) {
      for (const channel of block) {
        const v = channel[i]!;
        if (v < this.min) this.min = v;
        if (v > this.max) this.max = v;
      }
      if (++this.fill === FINE_FRAMES) this.flush();
    }
  }

  private flush() {
    this.mins.push(this.min);
    this.maxs.push(this.max);
    this.fill = 0;
    this.min = 0;
    this.max = 0;
  }

  /** BBC audiowaveform's JSON format (version 2, 8 bits): what waveform players such as peaks.js read. */
  toJson(): { version: 2; channels: 1; sample_rate: number; samples_per_pixel: number; bits: 8; length: number; data: number[] } {
    if (this.fill > 0) this.flush();
    const per = Math.max(1, Math.ceil(this.mins.length / PEAK_PAIRS));
    const data: number[] = [];
    for (let i = 0; i < this.mins.length; i += per) {
      let min = 0;
      let max = 0;
      for (let j = i; j < Math.min(i + per, this.mins.length); j++) {
        min = Math.min(min, this.mins[j]!);
        max = Math.max(max, this.maxs[j]!);
      }
      data.push(Math.max(-128, Math.round(min * 128)), Math.min(127, Math.round(max * 127)));
    }
    return { version: 2, channels: 1, sample_rate: this.sampleRate, samples_per_pixel: per * FINE_FRAMES, bits: 8, length: data.length / 2, data };
  }
}
