import type { Route } from "./+types/newsletter-export";
import { listSubscribers } from "~/server/domain/newsletter.server";

/** A CSV cell: quoted, quotes doubled, and no formula a spreadsheet would run (=, +, -, @). */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** GET /admin/newsletter/export.csv: every subscriber (email, language, state, dates), for the staff's records. */
export async function loader(_: Route.LoaderArgs) {
  const { rows } = await listSubscribers({});
  const date = (value: Date | null) => value?.toISOString() ?? "";
  const lines = [
    ["email", "lingua", "stato", "iscrizione", "conferma", "disiscrizione", "versione_consenso"].join(","),
    ...rows.map((s) => [s.email, s.lang, s.state, date(s.signedUpAt), date(s.confirmedAt), date(s.unsubscribedAt), s.consentVersion].map(cell).join(",")),
  ];
  return new Response(`${lines.join("\r\n")}\r\n`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="newsletter-iscritti.csv"',
      "Cache-Control": "no-store",
    },
  });
}
