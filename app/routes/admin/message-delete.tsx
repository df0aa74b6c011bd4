import { redirect } from "react-router";
import type { Route } from "./+types/message-delete";
import { ConfirmDelete } from "~/components/admin/ConfirmDelete";
import { Breadcrumb } from "~/components/admin/ListControls";
import { idParam } from "~/lib/ids";
import { deleteMessage, messageSender } from "~/server/domain/contact-inbox.server";
import { staffFrom } from "~/server/domain/session.server";

const LIST = "/admin/messages";

/** The confirmation page of a delete without JavaScript (it does not mark the message read). */
export async function loader({ params }: Route.LoaderArgs) {
  const id = idParam(params.idMessage);
  const sender = id ? await messageSender(id) : null;
  if (!sender) throw redirect(`${LIST}?avviso=non-trovato`);
  return { name: sender.name, id: sender.id };
}

export async function action({ params, context }: Route.ActionArgs) {
  const user = staffFrom(context);
  const id = idParam(params.idMessage);
  if (!id || !(await deleteMessage(id, user))) throw redirect(`${LIST}?avviso=non-trovato`);
  return redirect(`${LIST}?avviso=eliminato`);
}

export default function MessageDelete({ loaderData }: Route.ComponentProps) {
  return (
    <section className="admin-page">
      <Breadcrumb items={[{ label: "Messaggi", to: LIST }, { label: "Elimina" }]} />
      <ConfirmDelete
        title={`Elimina il messaggio di "${loaderData.name}"`}
        question="Sei sicuro di voler eliminare questo messaggio?"
        cancelTo={`${LIST}/${loaderData.id}`}
      />
    </section>
  );
}
