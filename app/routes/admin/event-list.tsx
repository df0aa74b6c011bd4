import { Link } from "react-router";
import type { Route } from "./+types/event-list";
import { AdminListPage } from "~/components/admin/AdminListPage";
import { EVENT_FIELDS } from "~/lib/event-fields";
import { listState, pageOf, parseListParams } from "~/lib/list-params";
import { STATE_FILTER_OPTIONS, stateFromQuery, stateLabel } from "~/lib/publication-labels";
import { formatRomeTime } from "~/lib/rome-time";
import { adminEventSelect, listEvents } from "~/server/domain/events.server";
import { publicationState } from "~/server/storage/publication.server";

/** «Concerti» (issue 36): every concert, upcoming and past, the latest date first; search and publication filter as the other lists. */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = parseListParams(url);
  const stato = url.searchParams.get("stato") ?? "";
  const now = new Date();
  const { rows, total } = await listEvents({ filter: { q: params.q, audience: "staff", state: stateFromQuery(stato) }, ...pageOf(params) }, adminEventSelect);
  return {
    rows: rows.map((e) => ({
      id: e.id,
      slug: e.slug,
      title: e.title,
      when: `${formatRomeTime(e.startsAt)} · ${e.startsAt.getTime() >= now.getTime() ? "in arrivo" : "passato"}`,
      place: `${e.venue}, ${e.city}`,
      eventStatus: (EVENT_FIELDS.event_status.labels as Record<string, string>)[e.eventStatus] ?? e.eventStatus,
      publication: stateLabel(publicationState(e), e.publishAt),
    })),
    state: listState(url, params, total),
    stato: stateFromQuery(stato) ? stato : "",
  };
}

export default function EventList({ loaderData: { rows, state, stato } }: Route.ComponentProps) {
  return (
    <>
      <AdminListPage
        title="Concerti"
        add={{ href: "/admin/events/nuovo", label: "Aggiungi concerto" }}
        searchPlaceholder="Cerca concerti (titolo, luogo, città, opere)"
        emptyText="Nessun concerto trovato."
        rows={rows}
        state={state}
        stateFilter={{ value: stato, options: STATE_FILTER_OPTIONS }}
        columns={[
          { header: "Data (ora di Roma)", cell: (e) => e.when },
          { header: "Titolo", cell: (e) => e.title },
          { header: "Luogo", cell: (e) => e.place },
          { header: "Concerto", cell: (e) => e.eventStatus },
          { header: "Pubblicazione", cell: (e) => e.publication },
        ]}
        actions={{
          editHref: (e) => `/admin/events/${encodeURIComponent(e.slug)}`,
          editLabel: (e) => `Modifica il concerto ${e.title}`,
          deleteHref: (e) => `/admin/events/${encodeURIComponent(e.slug)}/delete`,
          deleteLabel: (e) => `Elimina il concerto ${e.title}`,
          deleteQuestion: "Sei sicuro di voler eliminare questo concerto?",
        }}
      />
      <p className="admin-page">
        <Link className="button button--ghost" to="/admin/events/importa">
          Importa concerti da un file CSV
        </Link>
      </p>
    </>
  );
}
