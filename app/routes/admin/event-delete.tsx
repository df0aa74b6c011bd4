import { redirect } from "react-router";
import type { Route } from "./+types/event-delete";
import { ConfirmDelete } from "~/components/admin/ConfirmDelete";
import { Breadcrumb } from "~/components/admin/ListControls";
import { deleteEvent, getEventBySlug } from "~/server/domain/events.server";
import { staffFrom } from "~/server/domain/session.server";

const LIST = "/admin/events";

export async function loader({ params }: Route.LoaderArgs) {
  const event = await getEventBySlug(params.slugEvent);
  if (!event) throw redirect(`${LIST}?avviso=non-trovato`);
  return { title: event.title };
}

/** To the trash (restorable from «Cestino»). */
export async function action({ params, context }: Route.ActionArgs) {
  const event = await getEventBySlug(params.slugEvent);
  if (!event || !(await deleteEvent(event.id, staffFrom(context)))) throw redirect(`${LIST}?avviso=non-trovato`);
  return redirect(`${LIST}?avviso=eliminato`);
}

export default function EventDelete({ loaderData }: Route.ComponentProps) {
  return (
    <section className="admin-page">
      <Breadcrumb items={[{ label: "Concerti", to: LIST }, { label: "Elimina" }]} />
      <ConfirmDelete title={`Elimina il concerto "${loaderData.title}"`} question="Sei sicuro di voler eliminare questo concerto?" cancelTo={LIST} />
    </section>
  );
}
