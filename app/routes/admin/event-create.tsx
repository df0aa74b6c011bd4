import { data, redirect } from "react-router";
import type { Route } from "./+types/event-create";
import { Breadcrumb } from "~/components/admin/ListControls";
import { ItemForm } from "~/components/admin/ItemForm";
import { WorksPicker } from "~/components/admin/WorksPicker";
import { EVENT_FIELDS, rowsWithBlanks } from "~/lib/event-fields";
import { newFormValues } from "~/lib/item-fields";
import { workChoices } from "~/server/domain/events.server";
import { libraryChoices } from "~/server/domain/media-library-images.server";
import { staffFrom } from "~/server/domain/session.server";
import { eventFormValues, saveEventForm, worksFromForm } from "~/server/http/content-forms.server";
import { adminForm } from "~/server/http/forms.server";

const LIST = "/admin/events";

export async function loader() {
  return { values: newFormValues(EVENT_FIELDS), rows: rowsWithBlanks([]), works: await workChoices(), library: await libraryChoices() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await adminForm(request);
  // «Aggiungi opera»: the same form again, as typed, with one more blank row; nothing saved.
  if (form.get("intent") === "add-work") {
    return { values: eventFormValues(form), rows: rowsWithBlanks(worksFromForm(form).rows), errors: undefined };
  }
  const { values, rows, result } = await saveEventForm(form, null, staffFrom(context));
  if (result.ok) return redirect(`${LIST}/${encodeURIComponent(result.item.slug)}?avviso=salvato`);
  return data({ values, rows: rowsWithBlanks(rows, 0), errors: result.errors }, { status: result.status === 404 ? 400 : result.status });
}

export default function EventCreate({ loaderData, actionData }: Route.ComponentProps) {
  const shown = actionData ?? loaderData;
  return (
    <section className="admin-page">
      <Breadcrumb items={[{ label: "Concerti", to: LIST }, { label: "Nuovo concerto" }]} />
      <h1>Nuovo concerto</h1>
      <ItemForm
        fields={EVENT_FIELDS}
        values={{ ...loaderData.values, ...shown.values }}
        errors={actionData?.errors}
        library={loaderData.library}
        cancelTo={LIST}
        submitLabel="Salva"
        extra={<WorksPicker rows={shown.rows} choices={loaderData.works} error={actionData?.errors?.works} />}
      />
    </section>
  );
}
