import type { ReactNode } from "react";
import { useTranslation } from "~/lib/translation";
import type { ImageInfo } from "~/lib/images";
import { preloadPlayer } from "~/components/player/AudioPlayer";
import { useIsPlaying, usePlayer, type PlayRequest, type Track } from "~/components/player/player-context";

/**
 * Listen: a link to the first track (works without JavaScript); with JavaScript it opens the
 * site-wide player instead. Disabled when there is nothing to play (SPEC.md 2.5). While its
 * composition is the one playing it is marked current (every list shows what plays).
 */
export function PlayButton({
  id,
  title,
  tracks,
  cover = null,
  index = 0,
  label,
  className = "button button--primary",
  href,
  startAt,
}: {
  /** The composition's slug: which list is playing. */
  id: string;
  title: string;
  tracks: Track[];
  cover?: ImageInfo | null;
  index?: number;
  label?: string;
  className?: string;
  /** The composition's page (what the player's Share links to). */
  href?: string;
  /** A share link's time: playback starts there. */
  startAt?: number;
}) {
  const { t } = useTranslation("pages");
  const playing = useIsPlaying(id);
  const text = label ?? t("player.listen");
  if (tracks.length === 0) {
    return (
      <button type="button" className={className} disabled aria-label={`${text}: ${title}`} data-action="play">
        <PlayIcon /> {text}
      </button>
    );
  }
  return (
    <PlayLink
      item={{ id, title, tracks, index, cover, href, startAt }}
      playing={playing}
      className={className}
      dataAction="play"
      aria-label={`${text}: ${title}`}
    >
      {playing ? <NowPlayingIcon /> : <PlayIcon />} {text}
    </PlayLink>
  );
}

/**
 * A link to one track's file that, with JavaScript, plays it in the site-wide player instead (a
 * click with a modifier key still opens the file, as links do). The one place play links behave.
 */
export function PlayLink({
  item,
  playing,
  className,
  dataAction,
  children,
  ...rest
}: {
  item: PlayRequest & { index: number };
  playing: boolean;
  className: string;
  dataAction: string;
  children: ReactNode;
  "aria-label"?: string;
}) {
  const { play } = usePlayer();
  return (
    <a
      className={className}
      href={item.tracks[item.index]?.url}
      data-action={dataAction}
      data-playing={playing ? "true" : undefined}
      aria-current={playing ? "true" : undefined}
      onPointerEnter={preloadPlayer}
      onFocus={preloadPlayer}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        play(item);
      }}
      {...rest}
    >
      {children}
    </a>
  );
}

/** Video: a link to the video (new tab) without JavaScript; with it, the modal. */
export function VideoButton({
  title,
  video,
  className = "button button--ghost",
}: {
  title: string;
  video: { url: string; embedUrl: string };
  className?: string;
}) {
  const { t } = useTranslation("pages");
  const { openVideo } = usePlayer();
  return (
    <a
      className={className}
      href={video.url}
      target="_blank"
      rel="noopener noreferrer"
      data-action="video"
      aria-label={`${t("video.open")}: ${title}`}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        openVideo({ embedUrl: video.embedUrl, title }, event.currentTarget);
      }}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className="icon">
        <path d="M4 5h11a2 2 0 0 1 2 2v2.5l4-2.5v10l-4-2.5V17a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z" />
      </svg>{" "}
      {t("video.open")}
    </a>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="icon">
      <path d="M7 4v16l13-8z" />
    </svg>
  );
}

/** Three bars: shown instead of the play triangle on what is playing. */
export function NowPlayingIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="icon now-playing-icon">
      <rect x="4" y="8" width="4" height="12" />
      <rect x="10" y="4" width="4" height="16" />
      <rect x="16" y="10" width="4" height="10" />
    </svg>
  );
}
