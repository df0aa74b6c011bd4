import { Link, useLocation } from "react-router";
import type { Route } from "./+types/news-list";
import { DeleteLink } from "~/components/admin/DeleteLink";
import { EditIcon } from "~/components/admin/Icons";
import { Breadcrumb, ListSearch, Notice, Pagination } from "~/components/admin/ListControls";
import { NOTICES, parseListParams } from "~/components/admin/list-params";
import { formatDateDash } from "~/lib/format";
import { listNewsPage } from "~/server/news.server";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = parseListParams(url);
  const { rows, total } = await listNewsPage(params);
  return {
    rows: rows.map((n) => ({ id: n.id, slug: n.slug, title: n.title, date: formatDateDash(n.date), created: formatDateDash(n.createdAt), category: n.category.name })),
    total,
    q: params.q,
    page: params.page,
    size: params.size,
    notice: NOTICES[url.searchParams.get("avviso") ?? ""] ?? null,
  };
}

export default function NewsList({ loaderData }: Route.ComponentProps) {
  const { rows, total, q, page, size, notice } = loaderData;
  const { pathname } = useLocation();
  return (
    <section className="admin-page">
      <Breadcrumb items={[{ label: "Notizie" }]} />
      <div className="admin-page__head">
        <h1>Notizie</h1>
        <Link className="button button--primary" to="/admin/newsCreate">
          Aggiungi notizia
        </Link>
      </div>
      <Notice text={notice} />
      <ListSearch q={q} size={size} placeholder="Cerca notizie" />
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Data</th>
            <th scope="col">Categoria</th>
            <th scope="col">Titolo</th>
            <th scope="col">
              <span className="visually-hidden">Azioni</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((n) => (
            <tr key={n.id}>
              <td>{n.date}</td>
              <td>{n.category}</td>
              <td>{n.title}</td>
              <td className="admin-table__actions">
                <Link className="icon-button" to={`/admin/newsList/${encodeURIComponent(n.slug)}`} aria-label={`Modifica la notizia ${n.title}`} title="Modifica">
                  <EditIcon />
                </Link>
                <DeleteLink
                  href={`/admin/newsList/${encodeURIComponent(n.slug)}/delete`}
                  label={`Elimina la notizia ${n.title}`}
                  question="Sei sicuro di voler eliminare questa notizia?"
                />
              </td>
            </tr>
          ))}
          {rows.length === 0 ? (
            <tr>
              <td colSpan={4}>Nessuna notizia trovata.</td>
            </tr>
          ) : null}
        </tbody>
      </table>
      <Pagination pathname={pathname} q={q} page={page} size={size} total={total} />
    </section>
  );
}
