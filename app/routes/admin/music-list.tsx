import { Link, useLocation } from "react-router";
import type { Route } from "./+types/music-list";
import { DeleteLink } from "~/components/admin/DeleteLink";
import { EditIcon } from "~/components/admin/Icons";
import { Breadcrumb, ListSearch, Notice, Pagination } from "~/components/admin/ListControls";
import { NOTICES, parseListParams } from "~/components/admin/list-params";
import { listMusicPage } from "~/server/music.server";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = parseListParams(url);
  const { rows, total } = await listMusicPage(params);
  return {
    rows: rows.map((m) => ({ id: m.id, slug: m.slug, title: m.title, category: m.category.name, type: m.link ? "Link" : "Tracce/Video" })),
    total,
    q: params.q,
    page: params.page,
    size: params.size,
    notice: NOTICES[url.searchParams.get("avviso") ?? ""] ?? null,
  };
}

export default function MusicList({ loaderData }: Route.ComponentProps) {
  const { rows, total, q, page, size, notice } = loaderData;
  const { pathname } = useLocation();
  return (
    <section className="admin-page">
      <Breadcrumb items={[{ label: "Musica" }]} />
      <div className="admin-page__head">
        <h1>Musica</h1>
        <Link className="button button--primary" to="/admin/musicCreate">
          Aggiungi contenuto
        </Link>
      </div>
      <Notice text={notice} />
      <ListSearch q={q} size={size} placeholder="Cerca musica" />
      <table className="admin-table">
        <thead>
          <tr>
            <th scope="col">Categoria</th>
            <th scope="col">Titolo</th>
            <th scope="col">Tipo</th>
            <th scope="col">
              <span className="visually-hidden">Azioni</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((m) => (
            <tr key={m.id}>
              <td>{m.category}</td>
              <td>{m.title}</td>
              <td>{m.type}</td>
              <td className="admin-table__actions">
                <Link className="icon-button" to={`/admin/musicList/${encodeURIComponent(m.slug)}`} aria-label={`Modifica il contenuto ${m.title}`} title="Modifica">
                  <EditIcon />
                </Link>
                <DeleteLink
                  href={`/admin/musicList/${encodeURIComponent(m.slug)}/delete`}
                  label={`Elimina il contenuto ${m.title}`}
                  question="Sei sicuro di voler eliminare questo contenuto?"
                />
              </td>
            </tr>
          ))}
          {rows.length === 0 ? (
            <tr>
              <td colSpan={4}>Nessun contenuto trovato.</td>
            </tr>
          ) : null}
        </tbody>
      </table>
      <Pagination pathname={pathname} q={q} page={page} size={size} total={total} />
    </section>
  );
}
