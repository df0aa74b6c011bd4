import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { useTranslation } from "~/lib/translation";
import { formatDuration } from "~/lib/format";
import { peakBars } from "~/lib/listening";
import { SEEK_SECONDS } from "./keyboard";

/** Bars drawn across the waveform: enough to read a phrase's shape, few enough for a phone's width. */
const BAR_COUNT = 120;

// Peaks are stored files cached forever (their URL is their content's hash): fetched once per page life.
const peaksCache = new Map<string, Promise<number[]>>();

function loadBars(url: string): Promise<number[]> {
  let bars = peaksCache.get(url);
  if (!bars) {
    bars = fetch(url)
      .then((response) => (response.ok ? (response.json() as Promise<{ data: number[]; bits?: number }>) : { data: [] }))
      .then((peaks) => peakBars(peaks, BAR_COUNT))
      .catch(() => []);
    peaksCache.set(url, bars);
  }
  return bars;
}

/** The current time and length of a media element, following it as it plays and seeks. */
export function useMediaTime(media: HTMLMediaElement | null): { current: number; duration: number } {
  const [time, setTime] = useState({ current: 0, duration: 0 });
  useEffect(() => {
    if (!media) return;
    const update = () => setTime({ current: media.currentTime, duration: Number.isFinite(media.duration) ? media.duration : 0 });
    update();
    const events = ["timeupdate", "durationchange", "loadedmetadata", "seeked", "emptied"] as const;
    for (const name of events) media.addEventListener(name, update);
    return () => {
      for (const name of events) media.removeEventListener(name, update);
    };
  }, [media]);
  return time;
}

/**
 * A track's waveform as a slider (issue 25): bars from its peaks, the played part highlighted;
 * a click or a drag seeks, arrows move 5 s, Home and End go to the ends. Without peaks (a track
 * not processed yet) it is a plain bar, still a working slider.
 */
export function Waveform({
  peaksUrl,
  current,
  media = null,
  duration,
  onSeek,
  label,
  className = "waveform",
}: {
  peaksUrl: string | null | undefined;
  current: number;
  /**
   * The element playing this track, when one is: the keys move from its own time. The rendered
   * `current` lags a seek until the element's `seeked` event, so Home then a quick arrow would
   * otherwise move from the time before Home.
   */
  media?: HTMLMediaElement | null;
  duration: number;
  onSeek: (seconds: number) => void;
  /** The slider's accessible name (the track's name is added by the caller when several show). */
  label: string;
  className?: string;
}) {
  const { t } = useTranslation("pages");
  const [bars, setBars] = useState<number[]>([]);
  const dragging = useRef(false);

  useEffect(() => {
    if (!peaksUrl) return;
    let live = true;
    void loadBars(peaksUrl).then((loaded) => {
      if (live) setBars(loaded);
    });
    return () => {
      live = false;
    };
  }, [peaksUrl]);

  const fraction = duration > 0 ? Math.min(1, Math.max(0, current / duration)) : 0;
  const seekTo = (seconds: number) => onSeek(Math.min(Math.max(seconds, 0), duration > 0 ? duration : Infinity));
  const seekAtPointer = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width <= 0 || duration <= 0) return;
    seekTo(((event.clientX - box.left) / box.width) * duration);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const now = media ? media.currentTime : current;
    const moves: Record<string, () => number> = {
      ArrowLeft: () => now - SEEK_SECONDS,
      ArrowDown: () => now - SEEK_SECONDS,
      ArrowRight: () => now + SEEK_SECONDS,
      ArrowUp: () => now + SEEK_SECONDS,
      PageDown: () => now - 6 * SEEK_SECONDS,
      PageUp: () => now + 6 * SEEK_SECONDS,
      Home: () => 0,
      End: () => duration,
    };
    const move = moves[event.key];
    if (!move || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    seekTo(move());
  };

  const width = BAR_COUNT * 3;
  const shape = (bars.length > 0 ? bars : Array.from({ length: BAR_COUNT }, () => 0.04))
    .map((height, index) => {
      const h = Math.max(0.04, height) * 40;
      return `M${index * 3} ${20 - h / 2}h2v${h}h-2z`;
    })
    .join("");

  return (
    <div
      className={className}
      role="slider"
      tabIndex={0}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(current)}
      aria-valuetext={t("player.positionOf", { current: formatDuration(current) || "0:00", duration: formatDuration(duration) || "0:00" })}
      data-peaks={bars.length > 0 ? "true" : "false"}
      onKeyDown={onKeyDown}
      onPointerDown={(event) => {
        dragging.current = true;
        event.currentTarget.setPointerCapture(event.pointerId);
        seekAtPointer(event);
      }}
      onPointerMove={(event) => {
        if (dragging.current) seekAtPointer(event);
      }}
      onPointerUp={() => {
        dragging.current = false;
      }}
      onPointerCancel={() => {
        dragging.current = false;
      }}
    >
      <svg className="waveform__bars" viewBox={`0 0 ${width} 40`} preserveAspectRatio="none" aria-hidden="true">
        <path className="waveform__rest" d={shape} />
        <path className="waveform__played" d={shape} style={{ clipPath: `inset(0 ${100 - fraction * 100}% 0 0)` }} />
      </svg>
    </div>
  );
}
