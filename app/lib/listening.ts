/**
 * The pure rules of listening (issue 25): even loudness, share links, waveform bars. Used by the
 * player in the browser and by the composition page's loader; tested in tests/unit/listening.test.ts.
 */

/** The common level tracks are brought to (Spotify's and YouTube's -14 leave less headroom for quiet masters). */
const LOUDNESS_TARGET_LUFS = -16;

/**
 * The gain that brings a track of integrated loudness `lufs` to the target, by attenuation only:
 * a quiet master is never made louder (that would clip its peaks), so the gain is at most 1.
 * Unknown loudness (not measured yet, or silence) plays as mastered.
 */
export function levelGain(lufs: number | null | undefined, target = LOUDNESS_TARGET_LUFS): number {
  if (lufs == null || !Number.isFinite(lufs)) return 1;
  return Math.min(1, 10 ** ((target - lufs) / 20));
}

/** "1:23" (or "83") as seconds; null when it is not a time. */
export function parseTimeParam(value: string | null | undefined): number | null {
  if (!value) return null;
  const match = /^(?:(\d{1,3}):)?(\d{1,2}|\d+)$/.exec(value.trim());
  if (!match) return null;
  const minutes = match[1] ? Number(match[1]) : 0;
  const seconds = Number(match[2]);
  if (match[1] && seconds >= 60) return null;
  return minutes * 60 + seconds;
}

/** Seconds as the `t` of a share link: M:SS, whole seconds (minutes go past 59: "75:02"). */
export function formatTimeParam(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

/** The track number (1-based, as the list shows it) of a share link, or null when it names no track of `count`. */
export function parseTrackParam(value: string | null | undefined, count: number): number | null {
  if (!value || !/^\d{1,4}$/.test(value.trim())) return null;
  const number = Number(value);
  return number >= 1 && number <= count ? number : null;
}

/** The link a Share button copies: the composition page, at this track (1-based) and time. */
export function shareLink(pageUrl: string, trackNumber: number, seconds: number): string {
  const url = new URL(pageUrl);
  url.search = "";
  url.hash = "";
  url.searchParams.set("track", String(trackNumber));
  url.searchParams.set("t", formatTimeParam(seconds));
  // The colon is legal in a query; keep "1:23" readable rather than "1%3A23".
  return url.toString().replace(/%3A/gi, ":");
}

/**
 * audiowaveform's peaks (`data`: min, max, min, max... of one channel, 8- or 16-bit) as `count`
 * bar heights from 0 to 1, each the loudest of its slice.
 */
export function peakBars(peaks: { data: number[]; bits?: number }, count: number): number[] {
  const full = peaks.bits === 8 ? 128 : 32768;
  const pairs = Math.floor(peaks.data.length / 2);
  if (pairs === 0 || count <= 0) return [];
  const bars: number[] = [];
  for (let bar = 0; bar < count; bar++) {
    const from = Math.floor((bar * pairs) / count);
    const to = Math.max(from + 1, Math.floor(((bar + 1) * pairs) / count));
    let loudest = 0;
    for (let pair = from; pair < to && pair < pairs; pair++) {
      loudest = Math.max(loudest, Math.abs(peaks.data[pair * 2] ?? 0), Math.abs(peaks.data[pair * 2 + 1] ?? 0));
    }
    bars.push(Math.min(1, loudest / full));
  }
  return bars;
}
