import { Form, redirect, useLocation } from "react-router";
import type { Route } from "./+types/newsletter";
import { Breadcrumb, ListSearch, Notice, Pagination } from "~/components/admin/ListControls";
import { RefreshLink, SendHistory } from "~/components/admin/NewsletterSends";
import { formatDateTime } from "~/lib/format";
import { idParam } from "~/lib/ids";
import { listState, pageOf, parseListParams } from "~/lib/list-params";
import { listSends } from "~/server/domain/newsletter-send.server";
import { deleteSubscriber, listSubscribers, subscriberCounts } from "~/server/domain/newsletter.server";
import { adminForm } from "~/server/http/forms.server";
import { isMailConfigured } from "~/server/platform/mail.server";
import { AdminTable } from "~/components/admin/AdminTable";

const STATE_LABELS: Record<string, string> = { pending: "In attesa", active: "Attivo", unsubscribed: "Disiscritto" };

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const params = parseListParams(url);
  const [{ rows, total }, counts, sends] = await Promise.all([
    listSubscribers({ filter: { q: params.q }, ...pageOf(params) }),
    subscriberCounts(),
    listSends(),
  ]);
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
    sends: sends.map((f) => ({ ...f, createdAt: formatDateTime(f.createdAt) })),
    state: listState(url, params, total),
  };
}

/** Erasure on request: one subscriber and the proof of its consent. */
export async function action({ request }: Route.ActionArgs) {
  const form = await adminForm(request);
  const id = idParam(String(form.get("id") ?? ""));
  if (form.get("intent") !== "delete" || !id || !(await deleteSubscriber(id))) throw redirect("/admin/newsletter?avviso=non-trovato");
  return redirect("/admin/newsletter?avviso=iscritto-eliminato");
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
                <Form method="post">
                  <input type="hidden" name="id" value={s.id} />
                  <button type="submit" name="intent" value="delete" className="button button--ghost" aria-label={`Elimina ${s.email}`}>
                    Elimina
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Pagination pathname={pathname} q={state.q} page={state.page} size={state.size} total={state.total} />

      <h2>Invii</h2>
      <SendHistory sends={sends} />
      <p>
        <RefreshLink to="/admin/newsletter" />
      </p>
    </section>
  );
}
