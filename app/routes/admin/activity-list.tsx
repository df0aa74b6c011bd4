import { useLocation } from "react-router";
import type { Route } from "./+types/activity-list";
import { Breadcrumb, ListSearch, Pagination } from "~/components/admin/ListControls";
import { parseListParams } from "~/components/admin/list-params";
import { formatDateTime } from "~/lib/format";
import { listActivities } from "~/server/activity.server";

export async function loader({ request }: Route.LoaderArgs) {
  const params = parseListParams(new URL(request.url));
  const { rows, total } = await listActivities(params);
  return {
    rows: rows.map((a) => ({ id: a.id, date: formatDateTime(a.date), username: a.username, description: a.description })),
    total,
    q: params.q,
    page: params.page,
    size: params.size,
  };
}

/** Read only (SPEC.md 2.17): no add, edit or delete. */
export default function ActivityList({ loaderData }: Route.ComponentProps) {
  const { rows, total, q, page, size } = loaderData;
  const { pathname } = useLocation();
  return (
    <section className="admin-page">
      <Breadcrumb items={[{ label: "Attività" }]} />
      <h1>Attività</h1>
      <ListSearch q={q} size={size} placeholder="Cerca attività" />
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Data</th>
            <th scope="col">Utente</th>
            <th scope="col">Descrizione</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((a) => (
            <tr key={a.id}>
              <td>{a.date}</td>
              <td>{a.username}</td>
              <td>{a.description}</td>
            </tr>
          ))}
          {rows.length === 0 ? (
            <tr>
              <td colSpan={3}>Nessuna attività trovata.</td>
            </tr>
          ) : null}
        </tbody>
      </table>
      <Pagination pathname={pathname} q={q} page={page} size={size} total={total} />
    </section>
  );
}
