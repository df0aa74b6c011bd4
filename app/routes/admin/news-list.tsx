import type { Route } from "./+types/news-list";
import { AdminListPage } from "~/components/admin/AdminListPage";
import { listState, pageOf, parseListParams } from "~/lib/list-params";
import { formatDateDash } from "~/lib/format";
import { adminNewsSelect, listNews } from "~/server/domain/news.server";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = parseListParams(url);
  const { rows, total } = await listNews({ filter: { q: params.q }, ...pageOf(params), order: "created" }, adminNewsSelect);
  return {
    rows: rows.map((n) => ({ id: n.id, slug: n.slug, title: n.title, date: formatDateDash(n.date), category: n.category.name })),
    state: listState(url, params, total),
  };
}

export default function NewsList({ loaderData: { rows, state } }: Route.ComponentProps) {
  return (
    <AdminListPage
      title="Notizie"
      add={{ href: "/admin/newsCreate", label: "Aggiungi notizia" }}
      searchPlaceholder="Cerca notizie"
      emptyText="Nessuna notizia trovata."
      rows={rows}
      state={state}
      columns={[
        { header: "Data", cell: (n) => n.date },
        { header: "Categoria", cell: (n) => n.category },
        { header: "Titolo", cell: (n) => n.title },
      ]}
      actions={{
        editHref: (n) => `/admin/newsList/${encodeURIComponent(n.slug)}`,
        editLabel: (n) => `Modifica la notizia ${n.title}`,
        deleteHref: (n) => `/admin/newsList/${encodeURIComponent(n.slug)}/delete`,
        deleteLabel: (n) => `Elimina la notizia ${n.title}`,
        deleteQuestion: "Sei sicuro di voler eliminare questa notizia?",
      }}
    />
  );
}
