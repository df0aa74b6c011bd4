import { useHydrated } from "remix-utils/use-hydrated";
import { IntentForm } from "./form-fields";
import { useLiveRows } from "./live-rows";
import { formatRomeTime } from "~/lib/rome-time";
import { STREAM_STATE_LABELS, streamStateName } from "~/lib/track-streams";

/** `retryAt`: a try failed and the next one waits for its backoff until then (ISO time). */
export type TrackStreamRow = { name: string; url: string; streamState: string; streamError: string | null; progress: number | null; retryAt: string | null };

const stillWorking = (track: TrackStreamRow) => {
  const state = streamStateName(track.streamState);
  return state === "pending" || state === "processing";
};

/**
 * Each track's stream on the edit page: in coda, in attesa di un nuovo tentativo (when, and why the
 * last one failed), in lavorazione (with progress), pronta, or errore with the reason and a
 * "Riprova" button (a native form post of its own, outside the music form).
 */
export function TrackStreams({ tracks: loaded, page }: { tracks: TrackStreamRow[]; page: string }) {
  // Issue 35: with JavaScript the rows follow the transcoding by themselves (routes/admin/music-streams.ts).
  const tracks = useLiveRows(loaded, `${page}/streams`, stillWorking);
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
