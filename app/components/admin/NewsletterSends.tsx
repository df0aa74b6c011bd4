import { Link } from "react-router";
import type { SendFigures } from "~/lib/newsletter";
import { AdminTable } from "~/components/admin/AdminTable";

/** A send's figures as the loaders hand them over: the start time already formatted. */
type SendRow = Omit<SendFigures, "createdAt" | "finishedAt"> & { createdAt: string };

const SEND_STATES: Record<string, string> = { queued: "In coda", sending: "In corso", done: "Completato", failed: "Non riuscito" };

/** The newsletter's sends with their figures (issue 37): the admin's progress, refreshed by reloading the page. */
export function SendHistory({ sends }: { sends: SendRow[] }) {
  if (sends.length === 0) return <p className="admin-card">Nessun invio finora.</p>;
  return (
    <AdminTable headers={["Notizia", "Avviato", "Stato", "Inviate", "Non riuscite", "Saltate", "Totale"]} className="newsletter-sends">
      {sends.map((s) => (
        <tr key={s.id} data-send={s.id} data-state={s.state}>
          <td>{s.title}</td>
          <td>{s.createdAt}</td>
          <td>
            {SEND_STATES[s.state] ?? s.state}
            {s.pending > 0 ? ` (${s.pending} da inviare)` : ""}
          </td>
          <td data-figure="sent">{s.sent}</td>
          <td data-figure="failed">{s.failed}</td>
          <td data-figure="skipped">{s.skipped}</td>
          <td data-figure="total">{s.total}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

export function RefreshLink({ to }: { to: string }) {
  return (
    <Link className="button button--ghost" to={to}>
      Aggiorna l'avanzamento
    </Link>
  );
}
