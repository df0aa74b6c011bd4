import { data, redirect } from "react-router";
import type { Route } from "./+types/event-import";
import { FormActions } from "~/components/admin/form-fields";
import { Breadcrumb } from "~/components/admin/ListControls";
import { EVENT_CSV_COLUMNS as CSV_COLUMNS } from "~/lib/event-fields";
import { importEventsCsv } from "~/server/domain/events-import.server";
import { staffFrom } from "~/server/domain/session.server";
import { isRealFile } from "~/server/http/content-forms.server";
import { adminForm } from "~/server/http/forms.server";

const LIST = "/admin/events";

/** «Importa concerti» (issue 36): a CSV file (or its text pasted), all or nothing; each error with its line and column. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await adminForm(request);
  const file = form.get("file");
  const pasted = String(form.get("text") ?? "");
  const text = isRealFile(file) ? await file.text() : pasted;
  if (!text.trim()) return data({ errors: ["Scegli un file CSV o incolla il suo testo."], text: pasted }, { status: 400 });
  const result = await importEventsCsv(text, form.get("publish") === "1", staffFrom(context));
  if (!result.ok) return data({ errors: result.errors, text: isRealFile(file) ? "" : pasted }, { status: 400 });
  return redirect(`${LIST}?avviso=salvato`);
}

export default function EventImport({ actionData }: Route.ComponentProps) {
  return (
    <section className="admin-page">
      <Breadcrumb items={[{ label: "Concerti", to: LIST }, { label: "Importa da CSV" }]} />
      <h1>Importa concerti da un file CSV</h1>
      <p>
        Prima riga: i nomi delle colonne <code>{CSV_COLUMNS.join(",")}</code> (<code>ticket_url</code> e <code>title_eng</code> facoltative). Una riga per
        concerto; data <code>AAAA-MM-GG</code>, ora <code>HH:MM</code> (ora di Roma), paese con il codice ISO (es. <code>IT</code>). Se una riga ha un errore
        non viene importato nulla.
      </p>
      {actionData?.errors.length ? (
        <div className="form-error" role="alert" id="import-errors">
          <p>Nessun concerto importato. Correggi il file:</p>
          <ul>
            {actionData.errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <form method="post" encType="multipart/form-data" className="admin-form">
        <div className="field">
          <label htmlFor="file">File CSV</label>
          <input id="file" name="file" type="file" accept=".csv,text/csv" />
        </div>
        <div className="field">
          <label htmlFor="text">Oppure incolla il testo del file</label>
          <textarea id="text" name="text" rows={8} defaultValue={actionData?.text ?? ""} />
        </div>
        <label>
          <input type="checkbox" name="publish" value="1" /> Pubblica subito (altrimenti restano bozze)
        </label>
        <FormActions cancelTo={LIST}>
          <button className="button button--primary" type="submit">
            Importa
          </button>
        </FormActions>
      </form>
    </section>
  );
}
