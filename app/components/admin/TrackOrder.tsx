import { Form } from "react-router";

export type TrackOrderRow = { id: number; name: string; nameEng: string };

/**
 * Issue 25: the order of a composition's tracks and their names in both languages. Each row is
 * native form posts of its own (up, down, save the names), outside the music form, so it works
 * without JavaScript and a move never sends the whole composition again.
 */
export function TrackOrder({ tracks, error }: { tracks: TrackOrderRow[]; error: { id: number; message: string } | null }) {
  if (tracks.length === 0) return null;
  return (
    <section className="track-order" aria-labelledby="track-order-title">
      <h2 id="track-order-title">Ordine e nomi delle tracce</h2>
      <p className="hint">
        I visitatori vedono le tracce in questo ordine. Il nome inglese è facoltativo: se vuoto, le pagine inglesi mostrano quello italiano.
      </p>
      <ol className="track-order__list">
        {tracks.map((track, index) => (
          <li key={track.id} id={`track-${track.id}`} className="track-order__item" data-track-name={track.name}>
            <Form method="post" className="track-order__move">
              <input type="hidden" name="intent" value="move-track" />
              <input type="hidden" name="track" value={track.id} />
              <button className="button button--ghost" type="submit" name="direction" value="up" disabled={index === 0} aria-label={`Sposta su: ${track.name}`}>
                ↑
              </button>
              <button
                className="button button--ghost"
                type="submit"
                name="direction"
                value="down"
                disabled={index === tracks.length - 1}
                aria-label={`Sposta giù: ${track.name}`}
              >
                ↓
              </button>
            </Form>
            <Form method="post" className="track-order__names">
              <input type="hidden" name="intent" value="rename-track" />
              <input type="hidden" name="track" value={track.id} />
              <label>
                Nome <input name="name" defaultValue={track.name} required maxLength={200} />
              </label>
              <label>
                Nome (inglese) <input name="name_eng" defaultValue={track.nameEng} maxLength={200} placeholder={track.name} />
              </label>
              <button className="button button--ghost" type="submit" aria-label={`Salva i nomi: ${track.name}`}>
                Salva
              </button>
            </Form>
            {error?.id === track.id ? (
              <p className="field__error" role="alert">
                {error.message}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      {error && !tracks.some((t) => t.id === error.id) ? (
        <p className="field__error" role="alert">
          {error.message}
        </p>
      ) : null}
    </section>
  );
}
