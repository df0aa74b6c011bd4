import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { ImageInfo } from "~/lib/images";
import type { VideoRequest } from "~/lib/video";

/**
 * The site-wide audio player and video modal (SPEC.md 2.6, 4). State lives here, above the routes,
 * so playback survives client-side navigation (the language toggle included). Opening one clears
 * the other.
 */
/** `musicId` and `trackId` (the api's ids): what the player reports a listening of (issue 38). */
export type Track = {
  musicId?: number;
  trackId?: number;
  name: string;
  url: string;
  durationSeconds?: number | null;
  peaksUrl?: string | null;
  loudnessLufs?: number | null;
};
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
