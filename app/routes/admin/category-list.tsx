import { Link, useLocation } from "react-router";
import type { Route } from "./+types/category-list";
import { DeleteLink } from "~/components/admin/DeleteLink";
import { EditIcon } from "~/components/admin/Icons";
import { Breadcrumb, ListSearch, Notice, Pagination } from "~/components/admin/ListControls";
import { NOTICES, parseListParams } from "~/components/admin/list-params";
import { listCategoriesPage } from "~/server/categories.server";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = parseListParams(url);
  const { rows, total } = await listCategoriesPage(params);
  return { rows, total, q: params.q, page: params.page, size: params.size, notice: NOTICES[url.searchParams.get("avviso") ?? ""] ?? null };
}

export default function CategoryList({ loaderData }: Route.ComponentProps) {
  const { rows, total, q, page, size, notice } = loaderData;
  const { pathname } = useLocation();
  return (
    <section className="admin-page">
      <Breadcrumb items={[{ label: "Categorie" }]} />
      <div className="admin-page__head">
        <h1>Categorie</h1>
        <Link className="button button--primary" to="/admin/categoryCreate">
          Aggiungi categoria
        </Link>
      </div>
      <Notice text={notice} />
      <ListSearch q={q} size={size} placeholder="Cerca categorie" />
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Nome</th>
            <th scope="col">Nome (inglese)</th>
            <th scope="col">Tipo</th>
            <th scope="col">
              <span className="visually-hidden">Azioni</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((c) => (
            <tr key={c.id}>
              <td>{c.name}</td>
              <td>{c.nameEng}</td>
              <td>{c.type}</td>
              <td className="admin-table__actions">
                <Link className="icon-button" to={`/admin/categoryList/${c.id}`} aria-label={`Modifica la categoria ${c.name}`} title="Modifica">
                  <EditIcon />
                </Link>
                <DeleteLink
                  href={`/admin/categoryList/${c.id}/delete`}
                  label={`Elimina la categoria ${c.name}`}
                  question="Sei sicuro di voler eliminare questa categoria?"
                />
              </td>
            </tr>
          ))}
          {rows.length === 0 ? (
            <tr>
              <td colSpan={4}>Nessuna categoria trovata.</td>
            </tr>
          ) : null}
        </tbody>
      </table>
      <Pagination pathname={pathname} q={q} page={page} size={size} total={total} />
    </section>
  );
}
