import type { Route } from "./+types/music-list";
import { AdminListPage } from "~/components/admin/AdminListPage";
import { listState, pageOf, parseListParams } from "~/lib/list-params";
import { adminMusicSelect, listMusic } from "~/server/domain/music.server";
import { STATE_FILTER_OPTIONS, stateFromQuery, stateLabel } from "~/lib/publication-labels";
import { publicationState } from "~/server/storage/publication.server";

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = parseListParams(url);
  const stato = url.searchParams.get("stato") ?? "";
  const filter = { q: params.q, audience: "staff" as const, state: stateFromQuery(stato) };
  const { rows, total } = await listMusic({ filter, ...pageOf(params) }, adminMusicSelect);
  return {
    rows: rows.map((m) => ({
      id: m.id,
      slug: m.slug,
      title: m.title,
      category: m.category.name,
      type: m.link ? "Link" : "Tracce/Video",
      publication: stateLabel(publicationState(m), m.publishAt),
    })),
    state: listState(url, params, total),
    stato: stateFromQuery(stato) ? stato : "",
  };
}

export default function MusicList({ loaderData }: Route.ComponentProps) {
  return (
    <AdminListPage
      {...loaderData}
      title="Musica"
      add={{ href: "/admin/musicCreate", label: "Aggiungi contenuto" }}
      searchPlaceholder="Cerca musica"
      emptyText="Nessun contenuto trovato."
      stateFilter={{ value: loaderData.stato, options: STATE_FILTER_OPTIONS }}
      columns={[
        { header: "Categoria", cell: (m) => m.category },
        { header: "Titolo", cell: (m) => m.title },
        { header: "Tipo", cell: (m) => m.type },
        { header: "Stato", cell: (m) => m.publication },
      ]}
      actions={{
        editHref: (m) => `/admin/musicList/${encodeURIComponent(m.slug)}`,
        editLabel: (m) => `Modifica il contenuto ${m.title}`,
        deleteHref: (m) => `/admin/musicList/${encodeURIComponent(m.slug)}/delete`,
        deleteLabel: (m) => `Elimina il contenuto ${m.title}`,
        deleteQuestion: "Sei sicuro di voler eliminare questo contenuto?",
      }}
    />
  );
}
