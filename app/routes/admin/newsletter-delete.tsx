import { redirect } from "react-router";
import type { Route } from "./+types/newsletter-delete";
import { ConfirmDelete } from "~/components/admin/ConfirmDelete";
import { Breadcrumb } from "~/components/admin/ListControls";
import { idParam } from "~/lib/ids";
import { deleteSubscriber, subscriberEmail } from "~/server/domain/newsletter.server";

const LIST = "/admin/newsletter";

/** Erasure on request (issue 37): the confirmation page of a subscriber's delete, as the other admin deletes ask. */
export async function loader({ params }: Route.LoaderArgs) {
  const id = idParam(params.idSubscriber);
  const email = id ? await subscriberEmail(id) : null;
  if (!email) throw redirect(`${LIST}?avviso=non-trovato`);
  return { email };
}

export async function action({ params }: Route.ActionArgs) {
  const id = idParam(params.idSubscriber);
  if (!id || !(await deleteSubscriber(id))) throw redirect(`${LIST}?avviso=non-trovato`);
  return redirect(`${LIST}?avviso=iscritto-eliminato`);
}

export default function NewsletterSubscriberDelete({ loaderData }: Route.ComponentProps) {
  return (
    <section className="admin-page">
      <Breadcrumb items={[{ label: "Newsletter", to: LIST }, { label: "Elimina" }]} />
      <ConfirmDelete
        title={`Elimina l'iscritto ${loaderData.email}`}
        question="Sei sicuro di voler eliminare questo iscritto? Saranno cancellati anche i dati del suo consenso; le cifre degli invii restano."
        cancelTo={LIST}
      />
    </section>
  );
}
