import { useEffect, useRef } from "react";
import type { Track } from "./player-context";

/**
 * Issue 38: the player tells the site how far each track was listened to, with one anonymous beacon
 * per listening (POST /api/stats/play/, ADR 045): when the track ends, when another one is asked for or
 * the player closes, and when the page goes away (hidden while paused, or closed). A track still
 * playing in a hidden tab is reported when it ends. Part of the player's lazily loaded chunk.
 */
type Listening = { musicId: number; trackId: number; durationHint: number; listened: number; started: boolean };

const PLAY_REPORT_URL = "/api/stats/play/";

function send(listening: Listening | null, audio: HTMLAudioElement | null) {
  if (!listening?.started || typeof navigator.sendBeacon !== "function") return;
  const duration = audio && Number.isFinite(audio.duration) && audio.duration > 0 ? audio.duration : listening.durationHint;
  if (!(duration > 0)) return;
  const body = { music_id: listening.musicId, track: listening.trackId, listened_seconds: Math.round(listening.listened * 10) / 10, duration };
  navigator.sendBeacon(PLAY_REPORT_URL, new Blob([JSON.stringify(body)], { type: "application/json" }));
}

export function usePlayReports(audio: HTMLAudioElement | null, track: Track | undefined, session: number, open: boolean) {
  const current = useRef<Listening | null>(null);
  const musicId = track?.musicId;
  const trackId = track?.trackId;
  const durationHint = track?.durationSeconds ?? 0;
  // What the event handlers read of the latest render (declared first: effects run in order).
  const latest = useRef({ audio, musicId, trackId, durationHint, open });
  useEffect(() => {
    latest.current = { audio, musicId, trackId, durationHint, open };
  });

  // Another track, the same one asked for again, or the player closed: the last listening is over.
  useEffect(() => {
    report(current, latest.current.audio);
    current.current = newListening(latest.current);
  }, [musicId, trackId, session, open]);

  useEffect(() => {
    if (!audio) return;
    // Media seconds heard: the time advanced between two updates while playing, never a seek's jump.
    let last: number | null = null;
    const onPlaying = () => {
      current.current ??= newListening(latest.current);
      if (current.current) current.current.started = true;
      last = audio.currentTime;
    };
    const onSeeking = () => {
      last = null;
    };
    const onSeeked = () => {
      last = audio.currentTime;
    };
    const onTime = () => {
      const now = audio.currentTime;
      if (last !== null && !audio.seeking && now > last && current.current) current.current.listened += now - last;
      last = audio.seeking ? null : now;
    };
    const onEnded = () => {
      onTime();
      report(current, audio);
    };
    const onHidden = () => {
      if (document.visibilityState === "hidden" && audio.paused) report(current, audio);
    };
    const onPageHide = () => report(current, audio);
    const listeners: [EventTarget, string, () => void][] = [
      [audio, "playing", onPlaying],
      [audio, "seeking", onSeeking],
      [audio, "seeked", onSeeked],
      [audio, "timeupdate", onTime],
      [audio, "pause", onTime],
      [audio, "ended", onEnded],
      [document, "visibilitychange", onHidden],
      [window, "pagehide", onPageHide],
    ];
    for (const [target, name, fn] of listeners) target.addEventListener(name, fn);
    return () => {
      for (const [target, name, fn] of listeners) target.removeEventListener(name, fn);
    };
  }, [audio]);
}

function newListening({ musicId, trackId, durationHint, open }: { musicId?: number; trackId?: number; durationHint: number; open: boolean }): Listening | null {
  return musicId && trackId && open ? { musicId, trackId, durationHint, listened: 0, started: false } : null;
}

/** Sends the listening in `ref` once, if it started, and closes it. */
function report(ref: { current: Listening | null }, audio: HTMLAudioElement | null) {
  send(ref.current, audio);
  ref.current = null;
}
