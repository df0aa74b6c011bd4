import { Link } from "react-router";
import type { Route } from "./+types/activity-list";
import { AdminListPage } from "~/components/admin/AdminListPage";
import { listState, pageOf, parseListParams } from "~/lib/list-params";
import { formatDateTime } from "~/lib/format";
import { listActivities } from "~/server/domain/activity.server";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = parseListParams(url);
  const { rows, total } = await listActivities({ filter: { q: params.q }, ...pageOf(params) });
  return {
    rows: rows.map((a) => ({ id: a.id, date: formatDateTime(a.date), username: a.username, description: a.description, revisionId: a.revisionId ?? null })),
    state: listState(url, params, total),
  };
}

/** Read only (SPEC.md 2.17): no add, edit or delete. */
export default function ActivityList({ loaderData }: Route.ComponentProps) {
  return (
    <AdminListPage
      {...loaderData}
      title="Attività"
      searchPlaceholder="Cerca attività"
      emptyText="Nessuna attività trovata."
      columns={[
        { header: "Data", cell: (a) => a.date },
        { header: "Utente", cell: (a) => a.username },
        {
          header: "Descrizione",
          // A save or restore links to the revision it made (issue 24).
          cell: (a) => (a.revisionId ? <Link to={`/admin/revisions/${a.revisionId}`}>{a.description}</Link> : a.description),
        },
      ]}
    />
  );
}
