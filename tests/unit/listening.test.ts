import { describe, expect, it } from "vitest";
import { formatTimeParam, levelGain, parseTimeParam, parseTrackParam, peakBars, shareLink } from "~/lib/listening";

describe("even loudness", () => {
  it("attenuates a track louder than the target and never raises a quieter one", () => {
    expect(levelGain(-10)).toBeCloseTo(0.501, 3);
    expect(levelGain(-16)).toBe(1);
    expect(levelGain(-30)).toBe(1);
    expect(levelGain(null)).toBe(1);
    expect(levelGain(Number.NEGATIVE_INFINITY)).toBe(1);
  });
});

describe("share links", () => {
  it("reads and writes the time as M:SS", () => {
    expect(parseTimeParam("1:23")).toBe(83);
    expect(parseTimeParam("83")).toBe(83);
    expect(parseTimeParam("75:02")).toBe(4502);
    for (const bad of ["", "1:75", "-3", "abc", "1:2:3", null]) expect(parseTimeParam(bad)).toBeNull();
    expect(formatTimeParam(83.9)).toBe("1:23");
    expect(formatTimeParam(-1)).toBe("0:00");
  });

  it("names a track of the list by its number, else none", () => {
    expect(parseTrackParam("3", 6)).toBe(3);
    for (const bad of ["0", "7", "x", "", null, "1e3"]) expect(parseTrackParam(bad, 6)).toBeNull();
  });

  it("links to the page at the track and time, whatever query or hash it had", () => {
    expect(shareLink("https://example.com/compositions/a%20b/x?track=9#top", 2, 83)).toBe("https://example.com/compositions/a%20b/x?track=2&t=1:23");
  });
});

describe("waveform bars", () => {
  it("takes the loudest of each slice, as a fraction of full scale", () => {
    const peaks = { bits: 16, data: [-100, 200, -32768, 0, 0, 16384, -8192, 8192] };
    expect(peakBars(peaks, 2)).toEqual([1, 0.5]);
    expect(peakBars({ bits: 8, data: [-64, 64] }, 1)).toEqual([0.5]);
    expect(peakBars({ data: [] }, 10)).toEqual([]);
  });
});
