import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "~/lib/translation";
import { useRootData } from "~/lib/root-data";
import { shareLink } from "~/lib/listening";
import { PLAYER_KEYSHORTCUTS } from "./keyboard-shortcuts";
import PlyrAudio from "./PlyrAudio";
import { usePlayer } from "./player-context";
import { usePlayReports } from "./play-reports";

/**
 * The fixed panel: what plays, previous, next, share, close, plyr's controls and the even-loudness
 * switch. With plyr, a chunk of its own that the page fetches when the visitor first asks to listen
 * (player-context.tsx, AudioPlayer).
 */
export default function PlayerPanel() {
  const { t } = useTranslation("pages");
  const { t: tc } = useTranslation();
  const { origin } = useRootData();
  const { player, audio, setAudio, close, next, previous, advance } = usePlayer();
  const [evenLoudness, setEvenLoudness] = useEvenLoudnessSetting();
  const [shareStatus, setShareStatus] = useState("");
  const track = player.tracks[player.index];
  const base = origin || (typeof window !== "undefined" ? window.location.origin : "");
  const info = useMemo(
    () => ({ title: track?.name ?? "", artist: tc("composerName"), album: player.title, cover: player.cover }),
    [track?.name, tc, player.title, player.cover],
  );

  const regionRef = useRef<HTMLElement>(null);
  usePlayReports(audio, track, player.session, player.open);

  const share = () => {
    if (!player.href) return;
    const link = shareLink(new URL(player.href, base || "http://localhost").toString(), player.index + 1, audio?.currentTime ?? 0);
    const copied = navigator.clipboard ? navigator.clipboard.writeText(link) : Promise.reject(new Error("no clipboard"));
    copied.then(
      () => setShareStatus(t("player.shareCopied")),
      () => setShareStatus(t("player.shareFailed", { link })),
    );
  };

  if (!track) return null;
  return (
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
