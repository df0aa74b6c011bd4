import type { WorkRow } from "~/lib/event-fields";
import { Field } from "./form-fields";

/**
 * A concert's programme in its admin form (issue 36), without JavaScript: one numbered row per work
 * (the composition, its place in the programme, whether it is the world premiere), one blank row to
 * add a work, and «Aggiungi opera», a submit button that shows the form again with one more blank row.
 * Choosing «—» leaves a row out; the rows are ordered by their number.
 */
export function WorksPicker({ rows, choices, error }: { rows: readonly WorkRow[]; choices: readonly { id: number; title: string }[]; error?: string }) {
  return (
    <fieldset className="works-picker" aria-describedby={error ? "works-error" : undefined}>
      <legend>Programma (opere eseguite)</legend>
      {error ? (
        <p className="field__error" id="works-error" role="alert">
          {error}
        </p>
      ) : null}
      <ol className="works-picker__rows">
        {rows.map((row, n) => (
          <li key={n} className="works-picker__row">
            <Field label={`Opera ${n + 1}`} htmlFor={`works_music_${n}`}>
              <select id={`works_music_${n}`} name={`works_music_${n}`} defaultValue={row.music}>
                <option value="">—</option>
                {choices.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Posizione" htmlFor={`works_order_${n}`}>
              <input id={`works_order_${n}`} name={`works_order_${n}`} type="number" min={1} max={100} step={1} defaultValue={row.order || String(n + 1)} />
            </Field>
            <label className="works-picker__premiere">
              <input type="checkbox" name={`works_premiere_${n}`} value="1" defaultChecked={row.premiere} /> Prima assoluta
            </label>
          </li>
        ))}
      </ol>
      <button className="button button--ghost" type="submit" name="intent" value="add-work" formNoValidate>
        Aggiungi opera
      </button>
    </fieldset>
  );
}
