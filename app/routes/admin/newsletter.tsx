import { useLocation } from "react-router";
import { DeleteLink } from "~/components/admin/DeleteLink";
import type { Route } from "./+types/newsletter";
import { Breadcrumb, ListSearch, Notice, Pagination } from "~/components/admin/ListControls";
import { SendHistory } from "~/components/admin/NewsletterSends";
import { sendRows } from "~/server/views/newsletter-sends.server";
import { formatDateTime } from "~/lib/format";
import { listState, pageOf, parseListParams } from "~/lib/list-params";
import { listSubscribers, subscriberCounts } from "~/server/domain/newsletter.server";
import { isMailConfigured } from "~/server/platform/mail.server";
import { AdminTable } from "~/components/admin/AdminTable";

const STATE_LABELS: Record<string, string> = { pending: "In attesa", active: "Attivo", unsubscribed: "Disiscritto" };

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = parseListParams(url);
  const [{ rows, total }, counts, sends] = await Promise.all([listSubscribers({ filter: { q: params.q }, ...pageOf(params) }), subscriberCounts(), sendRows()]);
  return {
    configured: isMailConfigured(),
    counts,
    rows: rows.map((s) => ({
      id: s.id,
      email: s.email,
      lang: s.lang,
      state: STATE_LABELS[s.state] ?? s.state,
      signedUp: formatDateTime(s.signedUpAt),
      confirmed: s.confirmedAt ? formatDateTime(s.confirmedAt) : "",
    })),
    sends,
    state: listState(url, params, total),
  };
}

/** Issue 37: the subscribers by state, the list with search, the CSV export, the history of sends. */
export default function NewsletterAdmin({ loaderData: { configured, counts, rows, sends, state } }: Route.ComponentProps) {
  const { pathname } = useLocation();
  return (
    <section className="admin-page">
      <Breadcrumb items={[{ label: "Newsletter" }]} />
      <h1>Newsletter</h1>
      {configured ? null : (
        <p className="admin-card" role="alert">
          La newsletter non funziona senza un server di posta: imposta la variabile SMTP_URL (ad esempio smtp://utente:password@smtp.esempio.it:587) e riavvia
          il sito. Fino ad allora il modulo di iscrizione non è mostrato.
        </p>
      )}
      <Notice text={state.notice} />
      <dl className="newsletter-counts">
        <div>
          <dt>In attesa di conferma</dt>
          <dd data-count="pending">{counts.pending}</dd>
        </div>
        <div>
          <dt>Attivi</dt>
          <dd data-count="active">{counts.active}</dd>
        </div>
        <div>
          <dt>Disiscritti</dt>
          <dd data-count="unsubscribed">{counts.unsubscribed}</dd>
        </div>
      </dl>
      <p>
        <a className="button button--ghost" href="/admin/newsletter/export.csv" download>
          Esporta CSV
        </a>{" "}
        Per inviare una notizia apri la notizia pubblicata e scegli «Invia come newsletter».
      </p>

      <h2>Iscritti</h2>
      <ListSearch q={state.q} size={state.size} placeholder="Cerca per email" />
      {rows.length === 0 ? (
        <p className="admin-card">Nessun iscritto trovato.</p>
      ) : (
        <AdminTable headers={["Email", "Lingua", "Stato", "Iscrizione", "Conferma", "Azioni"]}>
          {rows.map((s) => (
            <tr key={s.id} data-subscriber={s.id}>
              <td>{s.email}</td>
              <td>{s.lang === "en" ? "Inglese" : "Italiano"}</td>
              <td>{s.state}</td>
              <td>{s.signedUp}</td>
              <td>{s.confirmed}</td>
              <td>
                <DeleteLink
                  href={`/admin/newsletter/${s.id}/delete`}
                  label={`Elimina ${s.email}`}
                  question={`Eliminare l'iscritto ${s.email} e i dati del suo consenso?`}
                />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pagination pathname={pathname} q={state.q} page={state.page} size={state.size} total={state.total} />

      <h2>Invii</h2>
      <SendHistory sends={sends} progress="/admin/newsletter/sends" page="/admin/newsletter" />
    </section>
  );
}
