import { useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { IntentForm } from "./form-fields";
import { formatRomeTime } from "~/lib/rome-time";
import { STREAM_STATE_LABELS, streamStateName } from "~/lib/track-streams";

/** `retryAt`: a try failed and the next one waits for its backoff until then (ISO time). */
export type TrackStreamRow = { name: string; url: string; streamState: string; streamError: string | null; progress: number | null; retryAt: string | null };

/** How often the edit page asks, with JavaScript, where the streams stand while one is being made. */
const STREAM_POLL_MS = 2000;

const stillWorking = (track: TrackStreamRow) => {
  const state = streamStateName(track.streamState);
  return state === "pending" || state === "processing";
};

/**
 * Issue 35: with JavaScript the rows follow the transcoding by themselves: while a stream is in coda or
 * in lavorazione, the composition's small resource route (routes/admin/music-streams.ts) is asked again
 * every STREAM_POLL_MS, and no more once every stream is ready or failed. Without it, a link reloads.
 */
function useLiveStreams(loaded: TrackStreamRow[], url: string): TrackStreamRow[] {
  const fetcher = useFetcher<{ streams: TrackStreamRow[] }>();
  // The page's own data is newer after a navigation or a post (a retry): the polled rows hold until then.
  const [latest, setLatest] = useState<{ from: TrackStreamRow[]; rows: TrackStreamRow[] } | null>(null);
  useEffect(() => {
    if (fetcher.data) setLatest({ from: loaded, rows: fetcher.data.streams });
  }, [fetcher.data, loaded]);
  const tracks = latest && latest.from === loaded ? latest.rows : loaded;
  const working = tracks.some(stillWorking);
  const { load } = fetcher;
  useEffect(() => {
    if (!working) return;
    const timer = window.setInterval(() => void load(url), STREAM_POLL_MS);
    return () => window.clearInterval(timer);
  }, [working, load, url]);
  return tracks;
}

/**
 * Each track's stream on the edit page: in coda, in attesa di un nuovo tentativo (when, and why the
 * last one failed), in lavorazione (with progress), pronta, or errore with the reason and a
 * "Riprova" button (a native form post of its own, outside the music form).
 */
export function TrackStreams({ tracks: loaded, page }: { tracks: TrackStreamRow[]; page: string }) {
  const tracks = useLiveStreams(loaded, `${page}/streams`);
  const hydrated = useHydrated();
  if (tracks.length === 0) return null;
  const working = tracks.some(stillWorking);
  return (
    <section className="track-streams" aria-labelledby="track-streams-title">
      <h2 id="track-streams-title">Ascolto delle tracce</h2>
      <p className="hint">Il file originale resta com&apos;è; i visitatori ascoltano una versione MP3 leggera, preparata in background.</p>
      {working && !hydrated ? (
        <p className="hint">
          Lo stato si aggiorna ricaricando la pagina: <a href={`${page}#track-streams-title`}>aggiorna lo stato</a>.
        </p>
      ) : null}
      <ul>
        {tracks.map((track, index) => {
          const state = streamStateName(track.streamState);
          // The row says "processing" while its job, after a failed try, waits for the next one.
          const retryAt = state !== "ready" && state !== "failed" ? track.retryAt : null;
          return (
            <li key={`${index}-${track.url}`} data-stream-state={retryAt ? "retrying" : state}>
              <span className="track-streams__name">{track.name}</span>{" "}
              <span className="delivery-status" data-delivery={state === "ready" ? "sent" : state === "failed" ? "failed" : "waiting"}>
                {retryAt ? `In attesa di un nuovo tentativo (previsto il ${formatRomeTime(new Date(retryAt))})` : STREAM_STATE_LABELS[state]}
                {!retryAt && state === "processing" && track.progress !== null ? ` (${Math.round(track.progress * 100)}%)` : ""}
              </span>
              {retryAt && track.streamError ? (
                <span className="track-streams__error">
                  {" "}
                  Ultimo errore: <code>{track.streamError}</code>
                </span>
              ) : null}
              {state === "failed" ? (
                <>
                  {track.streamError ? (
                    <span className="track-streams__error">
                      {" "}
                      Motivo: <code>{track.streamError}</code>
                    </span>
                  ) : null}
                  <IntentForm intent="retry-stream" fields={{ url: track.url }} className="track-streams__retry" label="Riprova" />
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
