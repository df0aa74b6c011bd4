import { useTranslation } from "react-i18next";
import type { ImageInfo } from "~/lib/images";
import { formatDuration } from "~/lib/format";
import { usePlayer, type Track } from "~/components/player/player-context";
import { NowPlayingIcon, PlayLink } from "./MediaButtons";

/**
 * SPEC.md 2.6: the tracks of a composition with two or more. Each is a link to its file (works
 * without JavaScript); with JavaScript it plays in the site-wide player. The playing one is
 * marked (`aria-current` and a visible badge); lengths show as m:ss.
 */
export function TrackList({ id, title, tracks, cover }: { id: string; title: string; tracks: Track[]; cover: ImageInfo | null }) {
  const { t } = useTranslation("public1");
  const { player } = usePlayer();
  const playingIndex = player.open && player.id === id ? player.index : -1;
  return (
    <section className="tracks" aria-labelledby="tracks-title">
      <h2 id="tracks-title" className="tracks__title">
        {t("compositions.tracks")}
      </h2>
      <ol className="tracks__list">
        {tracks.map((track, index) => {
          const playing = index === playingIndex;
          const duration = formatDuration(track.durationSeconds);
          return (
            <li key={track.url + index}>
              <PlayLink item={{ id, title, tracks, index, cover }} playing={playing} className="track-link" dataAction="play-track">
                <span className="track-link__number">{playing ? <NowPlayingIcon /> : index + 1}</span>
                <span className="track-link__name">{track.name}</span>
                {playing ? <span className="track-link__now">{t("player.nowPlaying")}</span> : null}
                {duration ? (
                  <time className="track-link__duration" dateTime={`PT${Math.round(track.durationSeconds ?? 0)}S`}>
                    {duration}
                  </time>
                ) : null}
                <span className="visually-hidden"> ({t("player.play")})</span>
              </PlayLink>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
