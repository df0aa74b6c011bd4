import { useEffect, useRef, useState, type Ref, type RefObject } from "react";
import { usePlyr, type APITypes, type PlyrOptions } from "plyr-react";
import { useTranslation } from "~/lib/translation";
import "~/styles/vendor/plyr.css";
import { levelGain } from "~/lib/listening";
import { handlePlayerKey, SEEK_SECONDS } from "./keyboard";
import { useMediaSession, type SessionInfo } from "./media-session";
import { useMediaTime, Waveform } from "./Waveform";
import spriteUrl from "./plyr.svg?url";

/** plyr's texts in the page's language (app/locales/<lang>/pages/player.ts); plyr fills `{seektime}`. */
type PlyrLabels = NonNullable<PlyrOptions["i18n"]>;

/**
 * SPEC.md 9: jump 5 s; no loop. The shortcuts (space, arrows, l, m) are handled on the whole
 * player region (keyboard.ts), so plyr's own keyboard handling is off.
 */
function plyrOptions(i18n: PlyrLabels): PlyrOptions {
  return {
    // No "progress": the waveform (Waveform.tsx) is the seek slider.
    controls: ["play", "rewind", "fast-forward", "current-time", "duration", "mute", "volume"],
    i18n,
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
  /** Where a track starts when it is asked for (a share link's time), in seconds. */
  startAt: number;
  /** The track's length as stored, shown by the waveform until the audio's own is known. */
  durationHint: number;
  peaksUrl: string | null;
  loudnessLufs: number | null;
  /** Whether playback is levelled to the common loudness (the visitor's switch). */
  evenLoudness: boolean;
  /** The <audio> element, for the parts of the page that follow it (the composition page's waveform, Share). */
  onAudio: (audio: HTMLAudioElement | null) => void;
};

/** plyr's labels from the locale, in the page's language (a new object when the language changes). */
function usePlyrLabels(): PlyrLabels {
  const { t } = useTranslation("pages");
  return {
    play: t("player.play"),
    pause: t("player.pause"),
    rewind: t("player.rewind"),
    fastForward: t("player.fastForward"),
    seek: t("player.position"),
    currentTime: t("player.currentTime"),
    duration: t("player.duration"),
    volume: t("player.volume"),
    mute: t("player.mute"),
    unmute: t("player.unmute"),
    loop: t("player.loop"),
  };
}

type Plyr = APITypes["plyr"];

/**
 * plyr writes its labels into its controls once, when it builds them, from its `i18n` option; the
 * player lives in the root layout and outlives an in-app language switch. So on a new language its
 * config takes the new labels (plyr reads them again on later updates: the play button's label as
 * playback toggles) and the texts it already wrote are rewritten in place. Re-creating plyr instead
 * would replace the <audio> element and stop the music.
 */
function relabelPlyr(plyr: Plyr, labels: PlyrLabels) {
  const container = (plyr as unknown as { elements?: { container?: HTMLElement } }).elements?.container;
  const config = (plyr as unknown as { config?: { i18n?: PlyrLabels } }).config;
  if (!container || !config) return;
  config.i18n = { ...config.i18n, ...labels };
  const text = (key: keyof PlyrLabels) => String(labels[key] ?? "").replace("{seektime}", String(SEEK_SECONDS));
  // Each control's hidden label (shown as its tooltip): toggles carry one per state.
  const buttons: [string, keyof PlyrLabels, keyof PlyrLabels | null][] = [
    ["play", "play", "pause"],
    ["mute", "mute", "unmute"],
    ["rewind", "rewind", null],
    ["fast-forward", "fastForward", null],
  ];
  for (const [name, label, pressed] of buttons) {
    for (const button of container.querySelectorAll<HTMLElement>(`button[data-plyr="${name}"]`)) {
      const spans = pressed
        ? ([
            [".label--not-pressed", label],
            [".label--pressed", pressed],
          ] as const)
        : ([[".plyr__sr-only, .plyr__tooltip", label]] as const);
      for (const [selector, key] of spans) {
        const span = button.querySelector(selector);
        if (span) span.textContent = text(key);
      }
      if (button.hasAttribute("aria-label")) button.setAttribute("aria-label", text(pressed && plyr.playing ? pressed : label));
    }
  }
  const labelled: [string, keyof PlyrLabels][] = [
    ['input[data-plyr="volume"]', "volume"],
    [".plyr__time--current", "currentTime"],
    [".plyr__time--duration", "duration"],
  ];
  for (const [selector, key] of labelled) for (const element of container.querySelectorAll(selector)) element.setAttribute("aria-label", text(key));
}

/**
 * Even loudness (issue 25): the audio goes through a Web Audio gain set from the track's measured
 * loudness, at most 1. The graph is built on the first play that needs a gain below 1 (an
 * AudioContext needs the visitor's gesture; a track at or under the target never needs one), and
 * only for a same-origin source: Web Audio gets silence from a cross-origin one without CORS.
 * Answers the gain applied, shown on the player as `data-gain`.
 */
function useLoudnessLevelling(audio: HTMLAudioElement | null, lufs: number | null, enabled: boolean): number {
  const graphRef = useRef<{ context: AudioContext; node: GainNode } | null>(null);
  const gain = enabled ? levelGain(lufs) : 1;
  const gainRef = useRef(gain);
  gainRef.current = gain;
  useEffect(() => {
    if (!audio || typeof AudioContext === "undefined") return;
    const onPlay = () => {
      const sameOrigin = new URL(audio.currentSrc || audio.src, window.location.href).origin === window.location.origin;
      if (!graphRef.current && gainRef.current < 1 && sameOrigin) {
        const context = new AudioContext();
        const node = context.createGain();
        context.createMediaElementSource(audio).connect(node).connect(context.destination);
        graphRef.current = { context, node };
      }
      if (graphRef.current) {
        graphRef.current.node.gain.value = gainRef.current;
        void graphRef.current.context.resume().catch(() => undefined);
      }
    };
    audio.addEventListener("play", onPlay);
    if (!audio.paused) onPlay();
    return () => audio.removeEventListener("play", onPlay);
  }, [audio]);
  useEffect(() => {
    if (graphRef.current) graphRef.current.node.gain.value = gain;
  }, [gain]);
  return gain;
}

/**
 * plyr (through plyr-react's hook) over one <audio> element that stays mounted while the panel
 * lives: a track change swaps its source and plays; closing pauses and rewinds to zero.
 * This module is the lazily loaded part of the player: plyr and its CSS arrive on first play.
 */
export default function PlyrAudio({
  src,
  open,
  session,
  info,
  onEnded,
  onNext,
  onPrevious,
  region,
  startAt,
  durationHint,
  peaksUrl,
  loudnessLufs,
  evenLoudness,
  onAudio,
}: PlyrAudioProps) {
  const { t, lang } = useTranslation("pages");
  const apiRef = useRef<APITypes>(null);
  const labels = usePlyrLabels();
  // plyr is built once, with the language of the page it first opened on; later languages relabel it.
  const [options] = useState(() => plyrOptions(labels));
  const mediaRef = usePlyr(apiRef, { source: null, options }, []);
  useEffect(() => {
    const plyr = apiRef.current?.plyr;
    if (plyr) relabelPlyr(plyr, labels);
    // The labels are a new object each render; the language is what changes them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lang]);
  const audioRef = mediaRef as unknown as React.RefObject<HTMLAudioElement | null>;
  const [audio, setAudio] = useState<HTMLAudioElement | null>(null);
  useEffect(() => {
    setAudio(audioRef.current);
    onAudio(audioRef.current);
    return () => onAudio(null);
  }, [audioRef, onAudio]);
  const time = useMediaTime(audio);
  const gain = useLoudnessLevelling(audio, loudnessLufs, evenLoudness);

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
    }
    // Before the metadata this is the position playback starts from.
    audio.currentTime = startAt;
    audio.play().catch(() => {
      // Autoplay may be refused (no user gesture); the play button still works.
    });
    // startAt goes with the request (its session); it is not a reason to restart by itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
    <div ref={wrapperRef} className="audio-player__plyr" data-gain={gain.toFixed(3)}>
      <Waveform
        peaksUrl={peaksUrl}
        current={time.current}
        media={audio}
        duration={time.duration || durationHint}
        label={t("player.position")}
        onSeek={(seconds) => {
          if (audio) audio.currentTime = seconds;
        }}
      />
      {/* Instrumental music: there are no words to caption (a track with words would carry its text on its page). */}
      {/* eslint-disable-next-line jsx-a11y-x/media-has-caption */}
      <audio ref={mediaRef as unknown as Ref<HTMLAudioElement>} className="plyr-react plyr" preload="none" />
    </div>
  );
}
