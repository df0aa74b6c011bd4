import { Link, useLocation } from "react-router";
import type { Route } from "./+types/message-list";
import { DeleteLink } from "~/components/admin/DeleteLink";
import { DeliveryStatus } from "~/components/admin/DeliveryStatus";
import { Breadcrumb, ListSearch, Notice, Pagination } from "~/components/admin/ListControls";
import { formatDateTime } from "~/lib/format";
import { textExcerpt } from "~/lib/html-text";
import { listState, pageOf, parseListParams } from "~/lib/list-params";
import { inboxDelivery, listMessages, unreadMessageCount } from "~/server/domain/contact-inbox.server";

const EXCERPT_LENGTH = 140;

/** A message as its row in the inbox shows it. */
function messageRow(m: Awaited<ReturnType<typeof listMessages>>["rows"][number]) {
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    received: formatDateTime(m.createdAt),
    excerpt: textExcerpt(m.description, EXCERPT_LENGTH),
    unread: m.readAt === null,
    handled: m.handledAt !== null,
    state: m.state,
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = parseListParams(url);
  const [{ rows, total }, unread] = await Promise.all([listMessages({ filter: { q: params.q }, ...pageOf(params) }), unreadMessageCount()]);
  return { rows: rows.map(messageRow), unread, delivery: inboxDelivery(), state: listState(url, params, total) };
}

/** The contact messages, newest first: who wrote, when, an excerpt, delivery by mail, handled or not. */
export default function MessageList({ loaderData: { rows, unread, delivery, state } }: Route.ComponentProps) {
  const { pathname } = useLocation();
  return (
    <section className="admin-page">
      <Breadcrumb items={[{ label: "Messaggi" }]} />
      <h1>Messaggi</h1>
      <p className="inbox-summary" data-unread={unread}>
        {unread === 0 ? "Nessun messaggio da leggere." : unread === 1 ? "1 messaggio da leggere." : `${unread} messaggi da leggere.`}{" "}
        {delivery.configured ? "I messaggi sono anche inviati per email." : "L'invio per email non è configurato (SMTP_URL): i messaggi restano solo qui."} Sono
        conservati per {delivery.retentionDays} giorni.
      </p>
      <Notice text={state.notice} />
      <ListSearch q={state.q} size={state.size} placeholder="Cerca per nome, email o testo" />
      {rows.length === 0 ? (
        <p className="admin-card">Nessun messaggio trovato.</p>
      ) : (
        <ul className="inbox-list">
          {rows.map((m) => (
            <li key={m.id} className="inbox-item" data-unread={m.unread ? "true" : "false"} data-message={m.id}>
              <div className="inbox-item__head">
                <Link className="inbox-item__from" to={`/admin/messages/${m.id}`}>
                  {m.unread ? <span className="inbox-item__new">Nuovo · </span> : null}
                  {m.name} <span className="inbox-item__email">&lt;{m.email}&gt;</span>
                </Link>
                <span className="inbox-item__date">{m.received}</span>
              </div>
              <p className="inbox-item__excerpt">{m.excerpt}</p>
              <div className="inbox-item__meta">
                <DeliveryStatus state={m.state} />
                <span className="inbox-item__handled" data-handled={m.handled ? "true" : "false"}>
                  {m.handled ? "Gestito" : "Da gestire"}
                </span>
                <DeleteLink
                  href={`/admin/messages/${m.id}/delete`}
                  label={`Elimina il messaggio di ${m.name}`}
                  question="Sei sicuro di voler eliminare questo messaggio?"
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination pathname={pathname} q={state.q} page={state.page} size={state.size} total={state.total} />
    </section>
  );
}
