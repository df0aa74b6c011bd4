import { redirect } from "react-router";
import type { Route } from "./+types/trash-purge";
import { ConfirmDelete } from "~/components/admin/ConfirmDelete";
import { Breadcrumb } from "~/components/admin/ListControls";
import { idParam } from "~/lib/ids";
import { listTrash, purgeTrashEntry } from "~/server/domain/trash.server";
import { staffFrom } from "~/server/domain/session.server";

const TRASH = "/admin/trash";

/** The confirmation of "Elimina definitivamente": the entry, its revisions and the files only they used go for good. */
export async function loader({ params }: Route.LoaderArgs) {
  const id = idParam(params.idEntry);
  const entry = (await listTrash()).find((e) => e.id === id);
  if (!entry) throw redirect(`${TRASH}?avviso=non-trovato`);
  return { title: entry.title };
}

export async function action({ params, context }: Route.ActionArgs) {
  const id = idParam(params.idEntry);
  if (!id || !(await purgeTrashEntry(id, staffFrom(context)))) throw redirect(`${TRASH}?avviso=non-trovato`);
  return redirect(`${TRASH}?avviso=eliminato-definitivamente`);
}

export default function TrashPurge({ loaderData }: Route.ComponentProps) {
  return (
    <section className="admin-page">
      <Breadcrumb items={[{ label: "Cestino", to: TRASH }, { label: "Elimina definitivamente" }]} />
      <ConfirmDelete
        title={`Elimina definitivamente "${loaderData.title}"`}
        question="Sei sicuro di voler eliminare definitivamente questo elemento? Non potrà più essere ripristinato."
        cancelTo={TRASH}
      />
    </section>
  );
}
