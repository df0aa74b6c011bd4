import { periodRange, STATS_PERIODS, statsReport, type StatsPeriod, type StatsReport } from "../domain/stats.server";

/**
 * What /admin/stats shows (issue 38): the report of a period as named tables, the one shape both the
 * page and its CSV exports read, so a table and its file always hold the same figures.
 */
export type StatsTable = { name: string; title: string; columns: string[]; rows: (string | number)[][] };

export type StatsView = {
  period: StatsPeriod;
  periods: typeof STATS_PERIODS;
  from: string;
  to: string;
  /** The chart's points: days, or months for the 12-month period. */
  points: { label: string; views: number; visitors: number }[];
  tables: StatsTable[];
};

/** The period a request asks for (`?periodo=`), 30 days when it names none we offer. */
export function periodFrom(url: URL): StatsPeriod {
  const asked = url.searchParams.get("periodo");
  return STATS_PERIODS.find((p) => p.value === asked)?.value ?? "30";
}

function share(part: number, whole: number): string {
  return whole === 0 ? "0 %" : `${Math.round((part / whole) * 100)} %`;
}

const LANGUAGE = { it: "Italiano", en: "Inglese" } as Record<string, string>;
const DEVICE = { phone: "Telefono", tablet: "Tablet", computer: "Computer" } as Record<string, string>;

/** Days added up by month ("2026-11"), for a year at a glance. */
function byMonth(days: StatsReport["days"]): StatsView["points"] {
  const months = new Map<string, { label: string; views: number; visitors: number }>();
  for (const day of days) {
    const label = day.date.slice(0, 7);
    const month = months.get(label) ?? { label, views: 0, visitors: 0 };
    month.views += day.views;
    month.visitors += day.visitors;
    months.set(label, month);
  }
  return [...months.values()];
}

export async function statsView(period: StatsPeriod, now = new Date()): Promise<StatsView> {
  const { from, to } = periodRange(period, now);
  const report = await statsReport(from, to);
  const points = period === "365" ? byMonth(report.days) : report.days.map((d) => ({ label: d.date, views: d.views, visitors: d.visitors }));
  const tables: StatsTable[] = [
    {
      name: "visite",
      title: period === "365" ? "Visite per mese" : "Visite per giorno",
      columns: [period === "365" ? "Mese" : "Giorno", "Visualizzazioni", "Visitatori unici"],
      rows: points.map((p) => [p.label, p.views, p.visitors]),
    },
    {
      name: "pagine",
      title: "Pagine più viste",
      columns: ["Pagina", "Lingua", "Visualizzazioni", "Visitatori unici"],
      rows: report.pages.map((p) => [p.path, LANGUAGE[p.lang] ?? p.lang, p.views, p.visitors]),
    },
    { name: "sorgenti", title: "Sorgenti", columns: ["Sorgente", "Visualizzazioni"], rows: report.sources.map((s) => [s.source, s.views]) },
    { name: "lingue", title: "Lingue", columns: ["Lingua", "Visualizzazioni"], rows: report.languages.map((l) => [LANGUAGE[l.lang] ?? l.lang, l.views]) },
    {
      name: "dispositivi",
      title: "Dispositivi",
      columns: ["Dispositivo", "Visualizzazioni"],
      rows: report.devices.map((d) => [DEVICE[d.device] ?? d.device, d.views]),
    },
    {
      name: "ascolti",
      title: "Ascolti per composizione",
      columns: ["Composizione", "Avviati", "Almeno 30 s", "Quota 30 s", "Completi", "Quota completi"],
      rows: report.plays.map((p) => [p.title, p.started, p.played30s, share(p.played30s, p.started), p.completed, share(p.completed, p.started)]),
    },
    {
      name: "tracce",
      title: "Ascolti per traccia",
      columns: ["Composizione", "Traccia", "Avviati", "Almeno 30 s", "Quota 30 s", "Completi", "Quota completi"],
      rows: report.tracks.map((t) => [t.title, t.track, t.started, t.played30s, share(t.played30s, t.started), t.completed, share(t.completed, t.started)]),
    },
  ];
  return { period, periods: STATS_PERIODS, from, to, points, tables };
}

/**
 * A table as CSV (RFC 4180, with a BOM so spreadsheet programs read it as UTF-8). A text a visitor
 * chose (utm_source, a Referer's host) that starts like a formula is prefixed with an apostrophe, so
 * a spreadsheet shows it instead of running it.
 */
export function tableCsv(table: StatsTable): string {
  const cell = (value: string | number) => {
    if (typeof value === "number") return String(value);
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return `\uFEFF${[table.columns, ...table.rows].map((row) => row.map(cell).join(",")).join("\r\n")}\r\n`;
}
