import { data, Form, Link, redirect } from "react-router";
import type { Route } from "./+types/event-edit";
import { Breadcrumb, Notice } from "~/components/admin/ListControls";
import { ItemForm } from "~/components/admin/ItemForm";
import { PreviewLinks } from "~/components/admin/PreviewLinks";
import { WorksPicker } from "~/components/admin/WorksPicker";
import { EVENT_FIELDS, rowsWithBlanks } from "~/lib/event-fields";
import { savedFormValues } from "~/lib/item-fields";
import { noticeFrom } from "~/lib/list-params";
import { eventPath } from "~/lib/paths";
import { duplicateEvent, getEventBySlug, workChoices, workRowsOf } from "~/server/domain/events.server";
import { libraryChoices } from "~/server/domain/media-library-images.server";
import { staffFrom } from "~/server/domain/session.server";
import { eventFormValues, saveEventForm, worksFromForm } from "~/server/http/content-forms.server";
import { adminForm } from "~/server/http/forms.server";
import { previewLinkIntent, previewLinkRows } from "~/server/http/preview.server";

const LIST = "/admin/events";
const NOT_FOUND = `${LIST}?avviso=non-trovato`;

export async function loader({ params, request }: Route.LoaderArgs) {
  const event = await getEventBySlug(params.slugEvent);
  if (!event) throw redirect(NOT_FOUND);
  return {
    event: { slug: event.slug, title: event.title, image: event.image },
    values: savedFormValues(EVENT_FIELDS, event),
    rows: rowsWithBlanks(workRowsOf(event)),
    works: await workChoices(),
    previewLinks: await previewLinkRows("event", event.id),
    library: await libraryChoices(),
    notice: noticeFrom(new URL(request.url)),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = staffFrom(context);
  const current = await getEventBySlug(params.slugEvent);
  if (!current) throw redirect(NOT_FOUND);
  const form = await adminForm(request);
  const previewAnswer = await previewLinkIntent(request, form, "event", current.id, user);
  if (previewAnswer) return previewAnswer;
  const intent = form.get("intent");
  if (intent === "duplicate") {
    // Tours repeat programmes: the copy is a draft, opened for its own date and venue.
    const copy = await duplicateEvent(current.id, user);
    if (!copy) throw redirect(NOT_FOUND);
    return redirect(`${LIST}/${encodeURIComponent(copy.slug)}?avviso=salvato`);
  }
  if (intent === "add-work") return { values: eventFormValues(form), rows: rowsWithBlanks(worksFromForm(form).rows), errors: undefined };
  const { values, rows, result } = await saveEventForm(form, current, user);
  if (result.ok) return redirect(`${LIST}/${encodeURIComponent(result.item.slug)}?avviso=salvato`);
  if (result.status === 404) throw redirect(NOT_FOUND);
  return data({ values, rows: rowsWithBlanks(rows, 0), errors: result.errors }, { status: result.status });
}

export default function EventEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { event, previewLinks } = loaderData;
  const refused = actionData && "values" in actionData ? actionData : null;
  return (
    <section className="admin-page">
      <Breadcrumb items={[{ label: "Concerti", to: LIST }, { label: event.title }]} />
      <div className="admin-page__head">
        <h1>Modifica concerto</h1>
        <Link className="button button--ghost" to={eventPath(event.slug)}>
          Vedi la pagina
        </Link>
        <Link className="button button--ghost" to={`${LIST}/${encodeURIComponent(event.slug)}/history`}>
          Cronologia
        </Link>
        <Form method="post">
          <button className="button button--ghost" type="submit" name="intent" value="duplicate">
            Duplica
          </button>
        </Form>
      </div>
      <Notice text={loaderData.notice} />
      <ItemForm
        fields={EVENT_FIELDS}
        values={{ ...loaderData.values, ...refused?.values }}
        errors={refused?.errors}
        image={event.image}
        library={loaderData.library}
        cancelTo={LIST}
        submitLabel="Salva modifiche"
        extra={<WorksPicker rows={refused?.rows ?? loaderData.rows} choices={loaderData.works} error={refused?.errors?.works} />}
      />
      <PreviewLinks links={previewLinks} created={actionData && "previewLink" in actionData ? actionData.previewLink : null} />
    </section>
  );
}
