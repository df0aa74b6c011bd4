import type { Route } from "./+types/stats-csv";
import { requireStaff } from "~/server/domain/session.server";
import { periodFrom, statsView, tableCsv } from "~/server/views/stats-tables.server";

/** GET /admin/stats/csv/:table?periodo=: one table of /admin/stats as a CSV file (issue 38). */
export async function loader({ request, params }: Route.LoaderArgs) {
  // The layout's guard runs first; checked here too, as this answer is a file, not a page.
  await requireStaff(request);
  const view = await statsView(periodFrom(new URL(request.url)));
  const table = view.tables.find((t) => t.name === params.table);
  if (!table) throw new Response("Tabella sconosciuta.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(tableCsv(table), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="statistiche-${table.name}-${view.from}-${view.to}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
