import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useRootData } from "~/lib/root-data";
import { VideoModal } from "~/components/video/VideoModal";
import "./player.css";

/**
 * The site-wide audio player and video modal (SPEC.md 2.6, 4). State lives here, above the routes,
 * so playback survives client-side navigation. Opening one clears the other.
 */
export type Track = { name: string; url: string };
export type VideoRequest = { embedUrl: string; title: string };

type PlayerState = { open: boolean; title: string; tracks: Track[]; index: number; session: number };

type PlayerApi = {
  player: PlayerState;
  video: VideoRequest | null;
  play: (title: string, tracks: Track[], index?: number) => void;
  close: () => void;
  next: () => void;
  previous: () => void;
  openVideo: (video: VideoRequest, opener?: HTMLElement | null) => void;
  closeVideo: () => void;
};

const PlayerContext = createContext<PlayerApi | null>(null);

const CLOSED: PlayerState = { open: false, title: "", tracks: [], index: 0, session: 0 };

export function PlayerProvider({ children }: { children: ReactNode }) {
  const [player, setPlayer] = useState<PlayerState>(CLOSED);
  const [video, setVideo] = useState<VideoRequest | null>(null);
  const openerRef = useRef<HTMLElement | null>(null);

  // Until hydration the play and video links are plain links; this marks the moment they become
  // the player and the modal (browser tests wait for it before clicking).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);

  const play = useCallback((title: string, tracks: Track[], index = 0) => {
    if (tracks.length === 0) return;
    setVideo(null);
    // `session` changes on every request, so asking again for the same track restarts it.
    setPlayer((p) => ({ open: true, title, tracks, index: Math.min(Math.max(index, 0), tracks.length - 1), session: p.session + 1 }));
  }, []);
  const close = useCallback(() => setPlayer((p) => ({ ...p, open: false })), []);
  const step = useCallback((delta: number) => {
    setPlayer((p) => {
      if (!p.open || p.tracks.length === 0) return p;
      const index = (p.index + delta + p.tracks.length) % p.tracks.length;
      return { ...p, index, session: p.session + 1 };
    });
  }, []);
  const next = useCallback(() => step(1), [step]);
  const previous = useCallback(() => step(-1), [step]);
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
    () => ({ player, video, play, close, next, previous, openVideo, closeVideo }),
    [player, video, play, close, next, previous, openVideo, closeVideo],
  );
  return <PlayerContext.Provider value={api}>{children}</PlayerContext.Provider>;
}

export function usePlayer(): PlayerApi {
  const api = useContext(PlayerContext);
  if (!api) throw new Error("usePlayer outside PlayerProvider");
  return api;
}

// plyr touches `document` when imported: load it in the browser only, on first use.
const PlyrAudio = lazy(() => import("./PlyrAudio"));

/** The fixed panel (rendered once the visitor first asks to listen) and the video modal. */
export function AudioPlayer() {
  const { t } = useTranslation("public1");
  const { origin } = useRootData();
  const { player, video, close, next, previous, closeVideo } = usePlayer();
  const [everOpened, setEverOpened] = useState(false);
  if (player.open && !everOpened) setEverOpened(true);
  const track = player.tracks[player.index];
  const base = origin || (typeof window !== "undefined" ? window.location.origin : "");

  return (
    <>
      {everOpened && track ? (
        <section className="audio-player" hidden={!player.open} aria-label={t("player.label")} data-open={player.open ? "true" : "false"}>
          <div className="audio-player__head">
            <div className="audio-player__titles">
              <p className="audio-player__album">{player.title}</p>
              <p className="audio-player__track" aria-live="polite" data-testid="player-track">
                {track.name}
              </p>
            </div>
            <div className="audio-player__nav">
              <button type="button" className="audio-player__button" onClick={previous} aria-label={t("player.previous")}>
                <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M6 5h2v14H6zM20 5v14L9 12z" /></svg>
              </button>
              <button type="button" className="audio-player__button" onClick={next} aria-label={t("player.next")}>
                <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M16 5h2v14h-2zM4 5v14l11-7z" /></svg>
              </button>
              <button type="button" className="audio-player__button" onClick={close} aria-label={t("player.close")}>
                <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12 19 17.6 17.6 19 12 13.4 6.4 19 5 17.6 10.6 12 5 6.4z" /></svg>
              </button>
            </div>
          </div>
          <Suspense fallback={<div className="audio-player__loading" />}>
            <PlyrAudio src={`${base}${track.url}`} open={player.open} session={player.session} />
          </Suspense>
        </section>
      ) : null}
      {video ? <VideoModal video={video} onClose={closeVideo} /> : null}
    </>
  );
}
