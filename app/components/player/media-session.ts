import { useEffect, type RefObject } from "react";
import { IMAGE_WIDTHS, variantUrl, type ImageInfo } from "~/lib/images";
import { SEEK_SECONDS } from "./keyboard";

/**
 * The lock screen and the system media controls (Media Session API): what is playing, with the
 * cover, and the buttons wired to the player.
 */
export type SessionInfo = { title: string; artist: string; album: string; cover: ImageInfo | null };
export type SessionActions = { next: () => void; previous: () => void };

const ARTWORK_WIDTHS = IMAGE_WIDTHS.filter((w) => w <= 960);

/** The cover through the /media WebP variants, in the sizes the server makes (never enlarged). */
function artworkFor(cover: ImageInfo | null, base: string): MediaImage[] {
  if (!cover) return [];
  const absolute = (src: string) => new URL(src, base).href;
  const heightAt = (w: number) => Math.round((w * cover.height) / cover.width);
  const widths = cover.src.startsWith("/media/") ? ARTWORK_WIDTHS.filter((w) => w <= cover.width) : [];
  if (widths.length === 0) return [{ src: absolute(cover.src), sizes: `${cover.width}x${cover.height}` }];
  return widths.map((w) => ({ src: absolute(variantUrl(cover.src, w)), sizes: `${w}x${heightAt(w)}`, type: "image/webp" }));
}

const ACTIONS: MediaSessionAction[] = ["play", "pause", "previoustrack", "nexttrack", "seekbackward", "seekforward", "seekto"];

function setHandlers(handlers: Partial<Record<MediaSessionAction, MediaSessionActionHandler | null>>) {
  for (const action of ACTIONS) {
    try {
      navigator.mediaSession.setActionHandler(action, handlers[action] ?? null);
    } catch {
      // an action this browser does not know
    }
  }
}

function updatePosition(audio: HTMLMediaElement) {
  if (!("setPositionState" in navigator.mediaSession)) return;
  const duration = audio.duration;
  if (!Number.isFinite(duration) || duration <= 0) return;
  try {
    navigator.mediaSession.setPositionState({ duration, playbackRate: audio.playbackRate || 1, position: Math.min(Math.max(audio.currentTime, 0), duration) });
  } catch {
    // a transient state the browser refuses (e.g. while the source changes)
  }
}

/** While `open`, keeps metadata, action handlers, playback and position state in step with `audio`. */
export function useMediaSession(audioRef: RefObject<HTMLMediaElement | null>, open: boolean, info: SessionInfo, actions: SessionActions) {
  const { title, artist, album, cover } = info;
  const coverSrc = cover?.src;
  const coverWidth = cover?.width;
  const coverHeight = cover?.height;

  useEffect(() => {
    if (typeof navigator === "undefined" || !("mediaSession" in navigator) || !open) return;
    const image = coverSrc && coverWidth && coverHeight ? { src: coverSrc, width: coverWidth, height: coverHeight } : null;
    navigator.mediaSession.metadata = new MediaMetadata({ title, artist, album, artwork: artworkFor(image, window.location.href) });
  }, [open, title, artist, album, coverSrc, coverWidth, coverHeight]);

  const { next, previous } = actions;
  useEffect(() => {
    const audio = audioRef.current;
    if (typeof navigator === "undefined" || !("mediaSession" in navigator) || !audio || !open) return;
    const session = navigator.mediaSession;
    const seekTo = (time: number) => {
      const duration = Number.isFinite(audio.duration) ? audio.duration : Infinity;
      audio.currentTime = Math.min(Math.max(time, 0), duration);
      updatePosition(audio);
    };
    setHandlers({
      play: () => void audio.play().catch(() => undefined),
      pause: () => audio.pause(),
      previoustrack: () => previous(),
      nexttrack: () => next(),
      seekbackward: (details) => seekTo(audio.currentTime - (details.seekOffset ?? SEEK_SECONDS)),
      seekforward: (details) => seekTo(audio.currentTime + (details.seekOffset ?? SEEK_SECONDS)),
      seekto: (details) => {
        if (details.seekTime == null) return;
        if (details.fastSeek && "fastSeek" in audio) audio.fastSeek(details.seekTime);
        else seekTo(details.seekTime);
      },
    });
    const onPlay = () => {
      session.playbackState = "playing";
      updatePosition(audio);
    };
    const onPause = () => {
      session.playbackState = "paused";
      updatePosition(audio);
    };
    const onPosition = () => updatePosition(audio);
    audio.addEventListener("play", onPlay);
    audio.addEventListener("pause", onPause);
    for (const type of ["durationchange", "ratechange", "seeked", "loadedmetadata"]) audio.addEventListener(type, onPosition);
    return () => {
      audio.removeEventListener("play", onPlay);
      audio.removeEventListener("pause", onPause);
      for (const type of ["durationchange", "ratechange", "seeked", "loadedmetadata"]) audio.removeEventListener(type, onPosition);
      setHandlers({});
      session.playbackState = "none";
    };
  }, [audioRef, open, next, previous]);

  useEffect(() => {
    if (typeof navigator === "undefined" || !("mediaSession" in navigator) || open) return;
    navigator.mediaSession.metadata = null;
  }, [open]);
}
