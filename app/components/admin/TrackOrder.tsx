import { Form, useSubmit } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { useDragOrder } from "./drag-order";
import { MoveButtons } from "./ListControls";

export type TrackOrderRow = { id: number; name: string; nameEng: string };

/**
 * Issue 25: the order of a composition's tracks and their names in both languages. Each row is
 * native form posts of its own (up, down, save the names), outside the music form, so it works
 * without JavaScript and a move never sends the whole composition again. With JavaScript a track
 * can also be dragged by its handle (not the whole row, so its name inputs keep their text
 * selection): the drop posts the ids in order ("order-tracks") to the same action.
 */
export function TrackOrder({ tracks, error }: { tracks: TrackOrderRow[]; error: { id: number; message: string } | null }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const drag = useDragOrder(tracks, (ids) => void submit({ intent: "order-tracks", ids: ids.join(",") }, { method: "post" }));
  if (tracks.length === 0) return null;
  return (
    <section className="track-order" aria-labelledby="track-order-title">
      <h2 id="track-order-title">Ordine e nomi delle tracce</h2>
      <p className="hint">
        I visitatori vedono le tracce in questo ordine. Il nome inglese è facoltativo: se vuoto, le pagine inglesi mostrano quello italiano.
      </p>
      {hydrated && tracks.length > 1 ? (
        <p className="field__hint">Trascina una traccia per la maniglia ⠿ per cambiare l'ordine, oppure usa le frecce.</p>
      ) : null}
      <ol className="track-order__list">
        {drag.order.map((track, index) => (
          <li
            key={track.id}
            id={`track-${track.id}`}
            className={drag.dragged === track.id ? "track-order__item track-order__item--dragged" : "track-order__item"}
            data-track-name={track.name}
            onDragOver={drag.over(track.id)}
            onDrop={drag.drop}
          >
            {hydrated ? (
              <span className="track-order__handle" draggable onDragStart={drag.start(track.id)} onDragEnd={drag.end} aria-hidden="true" title="Trascina">
                ⠿
              </span>
            ) : null}
            <Form method="post" className="track-order__move">
              <input type="hidden" name="intent" value="move-track" />
              <input type="hidden" name="track" value={track.id} />
              <MoveButtons name="direction" item={track.name} first={index === 0} last={index === drag.order.length - 1} className="button button--ghost" />
            </Form>
            <Form method="post" className="track-order__names">
              <input type="hidden" name="intent" value="rename-track" />
              <input type="hidden" name="track" value={track.id} />
              <label>
                Nome <input type="text" name="name" defaultValue={track.name} required maxLength={200} />
              </label>
              <label>
                Nome (inglese) <input type="text" name="name_eng" defaultValue={track.nameEng} maxLength={200} placeholder={track.name} />
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
