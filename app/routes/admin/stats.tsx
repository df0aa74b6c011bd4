import { Form } from "react-router";
import type { Route } from "./+types/stats";
import { periodFrom, statsView, type StatsView } from "~/server/views/stats-tables.server";

export async function loader({ request }: Route.LoaderArgs) {
  return statsView(periodFrom(new URL(request.url)));
}

const CHART = { width: 720, height: 240, left: 44, bottom: 28, top: 12 };

/** The ticks of the y axis: 0, a round half and a round top. */
function niceTop(max: number): number {
  if (max <= 4) return 4;
  const step = 10 ** Math.floor(Math.log10(max));
  return Math.ceil(max / step) * step;
}

/**
 * Visits (bars) and unique visitors (line) per day, drawn on the server: an SVG readable without
 * JavaScript; the table below it holds the same figures for screen readers (the chart is hidden from them).
 */
function VisitsChart({ points }: { points: StatsView["points"] }) {
  const top = niceTop(Math.max(0, ...points.map((p) => p.views)));
  const plotWidth = CHART.width - CHART.left - 8;
  const plotHeight = CHART.height - CHART.bottom - CHART.top;
  const slot = plotWidth / Math.max(points.length, 1);
  const y = (value: number) => CHART.top + plotHeight - (value / top) * plotHeight;
  const x = (index: number) => CHART.left + slot * index + slot / 2;
  const labelEvery = Math.ceil(points.length / 8);
  return (
    <svg className="stats-chart" viewBox={`0 0 ${CHART.width} ${CHART.height}`} aria-hidden="true" data-points={points.length}>
      {[0, top / 2, top].map((tick) => (
        <g key={tick}>
          <line x1={CHART.left} x2={CHART.width - 8} y1={y(tick)} y2={y(tick)} className="stats-chart__grid" />
          <text x={CHART.left - 6} y={y(tick) + 4} textAnchor="end" className="stats-chart__tick">
            {tick}
          </text>
        </g>
      ))}
      {points.map((p, i) => (
        <rect
          key={p.label}
          x={x(i) - Math.max(slot * 0.35, 0.5)}
          width={Math.max(slot * 0.7, 1)}
          y={y(p.views)}
          height={Math.max(0, y(0) - y(p.views))}
          className="stats-chart__bar"
        />
      ))}
      <polyline className="stats-chart__line" fill="none" points={points.map((p, i) => `${x(i).toFixed(1)},${y(p.visitors).toFixed(1)}`).join(" ")} />
      {points.map((p, i) =>
        i % labelEvery === 0 ? (
          <text key={p.label} x={x(i)} y={CHART.height - 8} textAnchor="middle" className="stats-chart__tick">
            {p.label.length === 10 ? `${p.label.slice(8)}/${p.label.slice(5, 7)}` : `${p.label.slice(5)}/${p.label.slice(2, 4)}`}
          </text>
        ) : null,
      )}
    </svg>
  );
}

export default function Stats({ loaderData }: Route.ComponentProps) {
  const { period, periods, from, to, points, tables } = loaderData;
  const totals = points.reduce((sum, p) => ({ views: sum.views + p.views, visitors: sum.visitors + p.visitors }), { views: 0, visitors: 0 });
  return (
    <section className="admin-page stats">
      <h1>Statistiche</h1>
      <p>
        Visite e ascolti contati senza cookie e senza dati personali: solo totali giornalieri (ora di Roma). Dal {from} al {to}: {totals.views} visualizzazioni,{" "}
        {totals.visitors} visitatori unici (somma dei giorni).
      </p>
      <Form method="get" className="stats__period">
        <label htmlFor="stats-period">Periodo</label>
        <select id="stats-period" name="periodo" defaultValue={period}>
          {periods.map((p) => (
            <option key={p.value} value={p.value}>
              {p.label}
            </option>
          ))}
        </select>
        <button type="submit" className="button button--primary">
          Mostra
        </button>
      </Form>
      <figure className="stats__figure">
        <VisitsChart points={points} />
        <figcaption>Barre: visualizzazioni; linea: visitatori unici. Le stesse cifre sono nella tabella «{tables[0]?.title}».</figcaption>
      </figure>
      {tables.map((table) => (
        <section key={table.name} className="admin-card stats__table" aria-labelledby={`stats-${table.name}`} data-table={table.name}>
          <div className="admin-card__head">
            <h2 id={`stats-${table.name}`}>{table.title}</h2>
            <a className="button button--ghost" href={`/admin/stats/csv/${table.name}?periodo=${period}`} download>
              Esporta CSV
            </a>
          </div>
          <table className="admin-table">
            <thead>
              <tr>
                {table.columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, index) => (
                <tr key={index}>
                  {row.map((value, column) => (
                    <td key={column}>{value}</td>
                  ))}
                </tr>
              ))}
              {table.rows.length === 0 ? (
                <tr>
                  <td colSpan={table.columns.length}>Nessun dato nel periodo.</td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </section>
      ))}
    </section>
  );
}
