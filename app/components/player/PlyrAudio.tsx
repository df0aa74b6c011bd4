import { useEffect, useMemo, useRef, type Ref, type RefObject } from "react";
import { usePlyr, type APITypes, type PlyrOptions } from "plyr-react";
import "~/styles/vendor/plyr.css";
import { handlePlayerKey, SEEK_SECONDS } from "./keyboard";
import { useMediaSession, type SessionInfo } from "./media-session";
import spriteUrl from "./plyr.svg?url";

/**
 * SPEC.md 9: jump 5 s; no loop. The shortcuts (space, arrows, l, m) are handled on the whole
 * player region (keyboard.ts), so plyr's own keyboard handling is off.
 */
function plyrOptions(): PlyrOptions {
  return {
    controls: ["play", "rewind", "fast-forward", "progress", "current-time", "duration", "mute", "volume"],
    seekTime: SEEK_SECONDS,
    keyboard: { focused: false, global: false },
    loop: { active: false },
    autoplay: false,
    iconUrl: spriteUrl,
    loadSprite: true,
    blankVideo: "",
    invertTime: false,
    tooltips: { controls: true, seek: true },
  };
}

type PlyrAudioProps = {
  src: string;
  open: boolean;
  session: number;
  /** What the lock screen and system controls show. */
  info: SessionInfo;
  /** The track played to its end (not fired while the visitor loops it). */
  onEnded: () => void;
  onNext: () => void;
  onPrevious: () => void;
  /** The player region: the shortcuts work while focus is anywhere inside it. */
  region: RefObject<HTMLElement | null>;
};

/**
 * plyr (through plyr-react's hook) over one <audio> element that stays mounted while the panel
 * lives: a track change swaps its source and plays; closing pauses and rewinds to zero.
 * This module is the lazily loaded part of the player: plyr and its CSS arrive on first play.
 */
export default function PlyrAudio({ src, open, session, info, onEnded, onNext, onPrevious, region }: PlyrAudioProps) {
  const apiRef = useRef<APITypes>(null);
  const options = useMemo(plyrOptions, []);
  const mediaRef = usePlyr(apiRef, { source: null, options }, []);
  const audioRef = mediaRef as unknown as React.RefObject<HTMLAudioElement | null>;

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    if (!open) {
      audio.pause();
      audio.currentTime = 0;
      return;
    }
    if (audio.getAttribute("src") !== src) {
      audio.src = src;
      audio.load();
    } else {
      audio.currentTime = 0;
    }
    audio.play().catch(() => {
      // Autoplay may be refused (no user gesture); the play button still works.
    });
  }, [src, open, session, audioRef]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.addEventListener("ended", onEnded);
    return () => audio.removeEventListener("ended", onEnded);
  }, [audioRef, onEnded]);

  useEffect(() => {
    const element = region.current;
    const audio = audioRef.current;
    if (!element || !audio) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (handlePlayerKey(event, audio)) event.stopPropagation();
    };
    element.addEventListener("keydown", onKeyDown);
    return () => element.removeEventListener("keydown", onKeyDown);
  }, [region, audioRef]);

  useMediaSession(audioRef, open, info, { next: onNext, previous: onPrevious });

  // plyr writes role="slider" on its <input type="range"> and role="progressbar" on its <progress>,
  // the roles these elements already have (html-validate: no-redundant-role). It builds its controls
  // after mounting, so they are cleaned as they appear.
  const wrapperRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const wrapper = wrapperRef.current;
    if (!wrapper) return;
    const dropRedundantRoles = () => {
      for (const element of wrapper.querySelectorAll('input[type="range"][role="slider"], progress[role="progressbar"]')) element.removeAttribute("role");
    };
    dropRedundantRoles();
    const observer = new MutationObserver(dropRedundantRoles);
    observer.observe(wrapper, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={wrapperRef} className="audio-player__plyr">
      {/* Instrumental music: there are no words to caption (a track with words would carry its text on its page). */}
      {/* eslint-disable-next-line jsx-a11y-x/media-has-caption */}
      <audio ref={mediaRef as unknown as Ref<HTMLAudioElement>} className="plyr-react plyr" preload="none" />
    </div>
  );
}
