import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ImageInfo } from "~/lib/images";
import type { VideoRequest } from "~/lib/video";
import { useRootData } from "~/lib/root-data";
import { VideoModal } from "~/components/video/VideoModal";
import { shareLink } from "~/lib/listening";
import { PLAYER_KEYSHORTCUTS } from "./keyboard-shortcuts";

/**
 * The site-wide audio player and video modal (SPEC.md 2.6, 4). State lives here, above the routes,
 * so playback survives client-side navigation (the language toggle included). Opening one clears
 * the other.
 */
export type Track = { name: string; url: string; durationSeconds?: number | null; peaksUrl?: string | null; loudnessLufs?: number | null };
/**
 * What a play button asks for: `id` (the composition's slug) says which list is playing; `href`
 * is the composition's page (what Share links to); `startAt` the second to start from (a share link's).
 */
export type PlayRequest = { id: string; title: string; tracks: Track[]; index?: number; cover?: ImageInfo | null; href?: string; startAt?: number };

type PlayerState = {
  open: boolean;
  id: string;
  title: string;
  tracks: Track[];
  index: number;
  cover: ImageInfo | null;
  session: number;
  href: string;
  startAt: number;
};

type PlayerApi = {
  player: PlayerState;
  /** The player's <audio> once it exists (the composition page's waveform follows it). */
  audio: HTMLAudioElement | null;
  setAudio: (audio: HTMLAudioElement | null) => void;
  video: VideoRequest | null;
  play: (request: PlayRequest) => void;
  close: () => void;
  next: () => void;
  previous: () => void;
  /** At the end of a track: the next one, or stop after the last (no loop, SPEC.md 9). */
  advance: () => void;
  openVideo: (video: VideoRequest, opener?: HTMLElement | null) => void;
  closeVideo: () => void;
};

const PlayerContext = createContext<PlayerApi | null>(null);

const CLOSED: PlayerState = { open: false, id: "", title: "", tracks: [], index: 0, cover: null, session: 0, href: "", startAt: 0 };

export function PlayerProvider({ children }: { children: ReactNode }) {
  const [player, setPlayer] = useState<PlayerState>(CLOSED);
  const [video, setVideo] = useState<VideoRequest | null>(null);
  const [audio, setAudio] = useState<HTMLAudioElement | null>(null);
  const openerRef = useRef<HTMLElement | null>(null);

  // Until hydration the play and video links are plain links; this marks the moment they become
  // the player and the modal (browser tests wait for it before clicking).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);

  const play = useCallback(({ id, title, tracks, index = 0, cover = null, href = "", startAt = 0 }: PlayRequest) => {
    if (tracks.length === 0) return;
    setVideo(null);
    // `session` changes on every request, so asking again for the same track restarts it.
    setPlayer((p) => ({
      open: true,
      id,
      title,
      tracks,
      cover,
      href,
      startAt,
      index: Math.min(Math.max(index, 0), tracks.length - 1),
      session: p.session + 1,
    }));
  }, []);
  const close = useCallback(() => setPlayer((p) => ({ ...p, open: false })), []);
  const step = useCallback((delta: number) => {
    setPlayer((p) => {
      if (!p.open || p.tracks.length === 0) return p;
      const index = (p.index + delta + p.tracks.length) % p.tracks.length;
      return { ...p, index, startAt: 0, session: p.session + 1 };
    });
  }, []);
  const next = useCallback(() => step(1), [step]);
  const previous = useCallback(() => step(-1), [step]);
  const advance = useCallback(() => {
    setPlayer((p) => (p.open && p.index < p.tracks.length - 1 ? { ...p, index: p.index + 1, startAt: 0, session: p.session + 1 } : p));
  }, []);
  const openVideo = useCallback((request: VideoRequest, opener?: HTMLElement | null) => {
    openerRef.current = opener ?? (typeof document !== "undefined" ? (document.activeElement as HTMLElement | null) : null);
    setPlayer((p) => ({ ...p, open: false }));
    setVideo(request);
  }, []);
  const closeVideo = useCallback(() => {
    setVideo(null);
    const opener = openerRef.current;
    openerRef.current = null;
    if (opener?.isConnected) requestAnimationFrame(() => opener.focus());
  }, []);

  const api = useMemo(
    () => ({ player, audio, setAudio, video, play, close, next, previous, advance, openVideo, closeVideo }),
    [player, audio, video, play, close, next, previous, advance, openVideo, closeVideo],
  );
  return <PlayerContext.Provider value={api}>{children}</PlayerContext.Provider>;
}

export function usePlayer(): PlayerApi {
  const api = useContext(PlayerContext);
  if (!api) throw new Error("usePlayer outside PlayerProvider");
  return api;
}

/**
 * Whether the open player is on this composition (`index` omitted) or on this track of it:
 * lists use it to mark what is playing.
 */
export function useIsPlaying(id: string, index?: number): boolean {
  const { player } = usePlayer();
  if (!player.open || player.id !== id) return false;
  return index === undefined || player.index === index;
}

// plyr touches `document` when imported, and with its CSS it is the heaviest part of the page:
// it is loaded in the browser only, when the visitor first asks to listen.
const loadPlyrAudio = () => import("./PlyrAudio");
const PlyrAudio = lazy(loadPlyrAudio);

/** The fixed panel (rendered once the visitor first asks to listen) and the video modal. */
export function AudioPlayer() {
  const { t } = useTranslation("pages");
  const { t: tc } = useTranslation();
  const { origin } = useRootData();
  const { player, audio, setAudio, video, close, next, previous, advance, closeVideo } = usePlayer();
  const [evenLoudness, setEvenLoudness] = useEvenLoudnessSetting();
  const [shareStatus, setShareStatus] = useState("");
  const [everOpened, setEverOpened] = useState(false);
  if (player.open && !everOpened) setEverOpened(true);
  const track = player.tracks[player.index];
  const base = origin || (typeof window !== "undefined" ? window.location.origin : "");
  const info = useMemo(
    () => ({ title: track?.name ?? "", artist: tc("composerName"), album: player.title, cover: player.cover }),
    [track?.name, tc, player.title, player.cover],
  );

  const regionRef = useRef<HTMLElement>(null);

  const share = () => {
    if (!player.href) return;
    const link = shareLink(new URL(player.href, base || "http://localhost").toString(), player.index + 1, audio?.currentTime ?? 0);
    const copied = navigator.clipboard ? navigator.clipboard.writeText(link) : Promise.reject(new Error("no clipboard"));
    copied.then(
      () => setShareStatus(t("player.shareCopied")),
      () => setShareStatus(t("player.shareFailed", { link })),
    );
  };

  return (
    <>
      {everOpened && track ? (
        // The region takes the shortcuts (PlyrAudio listens on it) only while focus is inside it,
        // so they never take the page's own keys (space and arrows scroll).
        <section
          ref={regionRef}
          className="audio-player"
          hidden={!player.open}
          aria-label={t("player.label")}
          aria-keyshortcuts={PLAYER_KEYSHORTCUTS}
          aria-describedby="audio-player-keys"
          data-open={player.open ? "true" : "false"}
        >
          <div className="audio-player__head">
            <div className="audio-player__titles">
              <p className="audio-player__album">{player.title}</p>
              <p className="audio-player__track" aria-live="polite" data-testid="player-track">
                {track.name}
              </p>
            </div>
            <div className="audio-player__nav">
              <button type="button" className="audio-player__button" onClick={previous} aria-label={t("player.previous")}>
                <svg viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M6 5h2v14H6zM20 5v14L9 12z" />
                </svg>
              </button>
              <button type="button" className="audio-player__button" onClick={next} aria-label={t("player.next")}>
                <svg viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M16 5h2v14h-2zM4 5v14l11-7z" />
                </svg>
              </button>
              {player.href ? (
                <button type="button" className="audio-player__button audio-player__share" onClick={share} data-action="share">
                  {t("player.share")}
                </button>
              ) : null}
              <button type="button" className="audio-player__button" onClick={close} aria-label={t("player.close")}>
                <svg viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12 19 17.6 17.6 19 12 13.4 6.4 19 5 17.6 10.6 12 5 6.4z" />
                </svg>
              </button>
            </div>
          </div>
          <Suspense fallback={<div className="audio-player__loading" />}>
            <PlyrAudio
              src={`${base}${track.url}`}
              open={player.open}
              session={player.session}
              info={info}
              onEnded={advance}
              onNext={next}
              onPrevious={previous}
              region={regionRef}
              startAt={player.startAt}
              durationHint={track.durationSeconds ?? 0}
              peaksUrl={track.peaksUrl ?? null}
              loudnessLufs={track.loudnessLufs ?? null}
              evenLoudness={evenLoudness}
              onAudio={setAudio}
            />
          </Suspense>
          <div className="audio-player__options">
            <label className="audio-player__switch">
              <input type="checkbox" checked={evenLoudness} onChange={(event) => setEvenLoudness(event.target.checked)} /> {t("player.evenLoudness")}
            </label>
            <span className="audio-player__status" role="status" data-testid="share-status">
              {shareStatus}
            </span>
          </div>
          <p className="audio-player__keys" id="audio-player-keys">
            {t("player.shortcuts")}
          </p>
        </section>
      ) : null}
      {video ? <VideoModal video={video} onClose={closeVideo} /> : null}
    </>
  );
}

const EVEN_LOUDNESS_KEY = "player.evenLoudness";

/** The visitor's "Even loudness" switch: on unless they turned it off, remembered in localStorage. */
function useEvenLoudnessSetting(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(true);
  useEffect(() => {
    try {
      if (window.localStorage.getItem(EVEN_LOUDNESS_KEY) === "off") setOn(false);
    } catch {
      // Storage refused (private mode, cookies blocked): the switch still works for this page.
    }
  }, []);
  const set = useCallback((value: boolean) => {
    setOn(value);
    try {
      window.localStorage.setItem(EVEN_LOUDNESS_KEY, value ? "on" : "off");
    } catch {
      // As above: not remembered, still applied.
    }
  }, []);
  return [on, set];
}

/** Starts fetching plyr when a visitor shows intent to listen (hover, focus), before the click. */
export function preloadPlayer() {
  void loadPlyrAudio().catch(() => undefined);
}
