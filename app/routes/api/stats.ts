import { ApiError, endpoint, json } from "~/server/http/api/http.server";
import { requireStaffApi } from "~/server/http/api/guard.server";
import { isIsoDay, MAX_RANGE_DAYS, periodRange, rangeDays, statsReport } from "~/server/domain/stats.server";

/**
 * GET api/stats/?from=YYYY-MM-DD&to=YYYY-MM-DD (staff): the visits, pages, sources and plays of those
 * Rome days, both included (issue 38). Without them, the last 30 days.
 */
const api = endpoint({
  GET: async ({ request }) => {
    await requireStaffApi(request);
    const url = new URL(request.url);
    const fallback = periodRange("30");
    const from = url.searchParams.get("from") ?? fallback.from;
    const to = url.searchParams.get("to") ?? fallback.to;
    if (!isIsoDay(from) || !isIsoDay(to)) throw new ApiError(400, "Le date from e to devono essere giorni nel formato AAAA-MM-GG.");
    if (from > to) throw new ApiError(400, "La data from deve precedere o coincidere con to.");
    if (rangeDays(from, to) > MAX_RANGE_DAYS) throw new ApiError(400, `Il periodo può coprire al massimo ${MAX_RANGE_DAYS} giorni.`);
    const report = await statsReport(from, to);
    return json({
      from: report.from,
      to: report.to,
      days: report.days,
      pages: report.pages.map((p) => ({ path: p.path, views: p.views, visitors: p.visitors })),
      sources: report.sources,
      languages: report.languages,
      devices: report.devices,
      plays: report.plays.map((p) => ({ music_id: p.musicId, title: p.title, started: p.started, played_30s: p.played30s, completed: p.completed })),
    });
  },
});

export const loader = api.loader;
export const action = api.action;
