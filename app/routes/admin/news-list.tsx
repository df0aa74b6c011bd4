import type { Route } from "./+types/news-list";
import { AdminListPage } from "~/components/admin/AdminListPage";
import { listState, pageOf, parseListParams } from "~/lib/list-params";
import { formatDateDash } from "~/lib/format";
import { adminNewsSelect, listNews } from "~/server/domain/news.server";
import { STATE_FILTER_OPTIONS, stateFromQuery, stateLabel } from "~/lib/publication-labels";
import { publicationState } from "~/server/storage/publication.server";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = parseListParams(url);
  const stato = url.searchParams.get("stato") ?? "";
  const filter = { q: params.q, audience: "staff" as const, state: stateFromQuery(stato) };
  const { rows, total } = await listNews({ filter, ...pageOf(params), order: "created" }, adminNewsSelect);
  return {
    rows: rows.map((n) => ({
      id: n.id,
      slug: n.slug,
      title: n.title,
      date: formatDateDash(n.date),
      category: n.category.name,
      publication: stateLabel(publicationState(n), n.publishAt),
    })),
    state: listState(url, params, total),
    stato: stateFromQuery(stato) ? stato : "",
  };
}

export default function NewsList({ loaderData }: Route.ComponentProps) {
  return (
    <AdminListPage
      {...loaderData}
      title="Notizie"
      add={{ href: "/admin/newsCreate", label: "Aggiungi notizia" }}
      searchPlaceholder="Cerca notizie"
      emptyText="Nessuna notizia trovata."
      stateFilter={{ value: loaderData.stato, options: STATE_FILTER_OPTIONS }}
      columns={[
        { header: "Data", cell: (n) => n.date },
        { header: "Categoria", cell: (n) => n.category },
        { header: "Titolo", cell: (n) => n.title },
        { header: "Stato", cell: (n) => n.publication },
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
