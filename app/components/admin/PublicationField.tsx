import type { PublicationFormValues } from "~/lib/publication-labels";
import { Field } from "./form-fields";

/**
 * Issue 24: when visitors see the item. "Programma" takes a date and time in the composer's time
 * zone (the server stores it in UTC: lib/rome-time.ts). Plain radios and a native datetime-local,
 * so the form works without JavaScript.
 */
export function PublicationField({ values, error }: { values: Readonly<Partial<Record<keyof PublicationFormValues, string>>>; error?: string }) {
  return (
    <fieldset className="publication-field">
      <legend className="field__label">Pubblicazione</legend>
      <div className="publication-field__choices">
        <label>
          <input type="radio" name="publication" value="bozza" defaultChecked={values.publication === "bozza"} /> Bozza
        </label>
        <label>
          <input type="radio" name="publication" value="ora" defaultChecked={values.publication === "ora"} /> Pubblica ora
        </label>
        <label>
          <input type="radio" name="publication" value="programma" defaultChecked={values.publication === "programma"} /> Programma
        </label>
      </div>
      <Field label="Data e ora (ora italiana, per «Programma»)" htmlFor="publish_at_local" error={error}>
        <input id="publish_at_local" name="publish_at_local" type="datetime-local" defaultValue={values.publish_at_local} />
      </Field>
    </fieldset>
  );
}
