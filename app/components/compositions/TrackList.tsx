import { useTranslation } from "~/lib/translation";
import { useHydrated } from "remix-utils/use-hydrated";
import type { ImageInfo } from "~/lib/images";
import { formatDuration } from "~/lib/format";
import { usePlayer, type PlayRequest, type Track } from "~/components/player/player-context";
import { useMediaTime, Waveform } from "~/components/player/Waveform";
import { NowPlayingIcon, PlayLink } from "./MediaButtons";

/** A share link's moment (`?track=N&t=M:SS`): the track's index in the list and the second to start from. */
export type SharedMoment = { index: number; seconds: number };

/**
 * SPEC.md 2.6: the tracks of a composition with two or more. Each is a link to its file (works
 * without JavaScript); with JavaScript it plays in the site-wide player. The playing one is
 * marked (`aria-current` and a visible badge); lengths show as m:ss. Under each: its waveform
 * (JavaScript) or a native <audio controls> (without). A shared track is marked and starts at
 * its shared time.
 */
export function TrackList({
  id,
  title,
  tracks,
  cover,
  href,
  shared,
}: {
  id: string;
  title: string;
  tracks: Track[];
  cover: ImageInfo | null;
  href: string;
  shared: SharedMoment | null;
}) {
  const { t } = useTranslation("pages");
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
          const request = { id, title, tracks, index, cover, href, startAt: shared?.index === index ? shared.seconds : 0 };
          return (
            <li key={track.url + index} data-shared={shared?.index === index ? "true" : undefined}>
              <PlayLink item={request} playing={playing} className="track-link" dataAction="play-track">
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
              <TrackListening request={request} playing={playing} shared={shared?.index === index ? shared : null} />
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/**
 * One track's listening under its name: with JavaScript its waveform (following the player while
 * it plays, else a click or a key starts it at that point); without, the browser's own player.
 */
export function TrackListening({ request, playing, shared }: { request: PlayRequest & { index: number }; playing: boolean; shared: SharedMoment | null }) {
  const { t } = useTranslation("pages");
  const hydrated = useHydrated();
  const { audio, play } = usePlayer();
  const time = useMediaTime(playing ? audio : null);
  const track = request.tracks[request.index];
  if (!track) return null;
  const sharedNote = shared ? <p className="track-shared">{t("player.sharedTrack", { time: formatDuration(shared.seconds) || "0:00" })}</p> : null;
  if (!hydrated) {
    return (
      <>
        {sharedNote}
        {/* Instrumental music: there are no words to caption. The media fragment starts a shared track at its time. */}
        {/* eslint-disable-next-line jsx-a11y-x/media-has-caption */}
        <audio className="track-audio" controls preload="none" src={shared ? `${track.url}#t=${shared.seconds}` : track.url} />
      </>
    );
  }
  const duration = playing && time.duration > 0 ? time.duration : (track.durationSeconds ?? 0);
  const current = playing ? time.current : (shared?.seconds ?? 0);
  return (
    <>
      {sharedNote}
      <Waveform
        className="waveform waveform--track"
        peaksUrl={track.peaksUrl}
        current={current}
        media={playing ? audio : null}
        duration={duration}
        label={`${t("player.position")}: ${track.name}`}
        onSeek={(seconds) => {
          if (playing && audio) audio.currentTime = seconds;
          else play({ ...request, startAt: seconds });
        }}
      />
    </>
  );
}
