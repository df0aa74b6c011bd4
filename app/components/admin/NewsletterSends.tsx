import { useHydrated } from "remix-utils/use-hydrated";
import { sendRunning, type SendRow } from "~/lib/newsletter";
import { AdminTable } from "~/components/admin/AdminTable";
import { useLiveRows } from "./live-rows";

const SEND_STATES: Record<string, string> = { queued: "In coda", sending: "In corso", done: "Completato", failed: "Non riuscito" };

/**
 * The newsletter's sends with their figures (issue 37). While one runs, with JavaScript the figures
 * follow it by themselves (routes/admin/newsletter-sends.ts, asked at `progress`); without, a link
 * reloads the page `page`.
 */
export function SendHistory({ sends: loaded, progress, page }: { sends: SendRow[]; progress: string; page: string }) {
  const sends = useLiveRows(loaded, progress, sendRunning);
  const hydrated = useHydrated();
  if (sends.length === 0) return <p className="admin-card">Nessun invio finora.</p>;
  return (
    <>
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
      {sends.some(sendRunning) && !hydrated ? (
        <p className="hint">
          L&apos;avanzamento si aggiorna ricaricando la pagina: <a href={page}>aggiorna l&apos;avanzamento</a>.
        </p>
      ) : null}
    </>
  );
}
