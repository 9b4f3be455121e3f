import type { SourceCount, WeekCount } from "./data.server";

export const shortDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

/** One colour of bars: its legend, its SVG fill and the matching swatch class, and its number per week. */
export interface BarSeries<Row> {
  legend: string;
  fill: string;
  swatch: string;
  value: (row: Row) => number;
}

/**
 * Weeks side by side on a 640-unit axis, one bar per series in each week, and the legend beneath.
 * The bars of a week and the 2 units between them fill the week's slot less 12. The week labels
 * are HTML under the drawing, not SVG text: SVG text shrinks with the drawing (to 5 px on a
 * phone), HTML text keeps its 12 px. A phone labels every fourth week, wider screens every second.
 */
export function WeekBars<Row>({
  titleId,
  title,
  weeks,
  weekOf,
  series,
  height,
}: {
  titleId: string;
  title: string;
  weeks: Row[];
  weekOf: (row: Row) => string;
  series: BarSeries<Row>[];
  height: number;
}) {
  const width = 640;
  const max = Math.max(1, ...weeks.flatMap((w) => series.map((s) => s.value(w))));
  const slot = width / weeks.length;
  const bar = Math.max(3, (slot - 12) / series.length);
  const gap = series.length > 1 ? 2 / (series.length - 1) : 0;
  return (
    <>
      <svg viewBox={`0 0 ${width} ${height}`} className="h-auto w-full" role="img" aria-labelledby={titleId}>
        <title id={titleId}>{title}</title>
        <line x1="0" y1={height} x2={width} y2={height} stroke="#14213d" strokeOpacity="0.2" />
        {weeks.map((w, i) => (
          <g key={weekOf(w)}>
            {series.map((s, j) => {
              const h = (s.value(w) / max) * (height - 10);
              return (
                <rect
                  key={s.fill}
                  x={i * slot + 4 + j * (bar + gap)}
                  y={height - h}
                  width={bar}
                  height={h}
                  fill={s.fill}
                />
              );
            })}
          </g>
        ))}
      </svg>
      <div aria-hidden="true" className="relative h-5 text-xs text-navy">
        {weeks.map((w, i) =>
          i % 2 === 0 ? (
            <span
              key={weekOf(w)}
              className={`absolute top-1 whitespace-nowrap ${i % 4 === 0 ? "" : "hidden sm:inline"}`}
              style={{ left: `${((i * slot + 4) / width) * 100}%` }}
            >
              {shortDate(weekOf(w))}
            </span>
          ) : null,
        )}
      </div>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-sm">
        {series.map((s) => (
          <span key={s.fill} className="inline-flex items-center gap-2">
            <span aria-hidden="true" className={`inline-block size-3 ${s.swatch}`} /> {s.legend}
          </span>
        ))}
      </figcaption>
    </>
  );
}

/** Leads and subscribers per week as paired bars, with the numbers in a table for screen readers. */
export function WeeklyChart({ weeks }: { weeks: WeekCount[] }) {
  const totalLeads = weeks.reduce((n, w) => n + w.leads, 0);
  const totalSubs = weeks.reduce((n, w) => n + w.subscribers, 0);
  return (
    <figure>
      <WeekBars
        titleId="weekly-chart-title"
        title={`Last ${weeks.length} weeks: ${totalLeads} leads and ${totalSubs} newsletter subscribers`}
        weeks={weeks}
        weekOf={(w) => w.week}
        series={[
          { legend: `Leads (${totalLeads})`, fill: "#0f766e", swatch: "bg-teal", value: (w) => w.leads },
          { legend: `Subscribers (${totalSubs})`, fill: "#0b1f3a", swatch: "bg-navy", value: (w) => w.subscribers },
        ]}
        height={180}
      />
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-medium text-teal-700">Show the numbers</summary>
        <table className="mt-2 w-full text-left">
          <thead>
            <tr>
              <th scope="col">Week of</th>
              <th scope="col">Leads</th>
              <th scope="col">Subscribers</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.week}>
                <td>{shortDate(w.week)}</td>
                <td>{w.leads}</td>
                <td>{w.subscribers}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

/** Where leads and subscribers came from, as a ranked list with proportional bars. */
export function SourceList({ sources }: { sources: SourceCount[] }) {
  if (sources.length === 0) return <p className="text-sm text-ink/80">No leads or subscribers in this period yet.</p>;
  const max = Math.max(1, ...sources.map((s) => s.leads + s.subscribers));
  return (
    <ul className="space-y-2 text-sm">
      {sources.map((s) => (
        <li key={s.source}>
          <div className="flex justify-between gap-2">
            <span className="truncate font-medium">{s.source}</span>
            <span className="shrink-0">
              {s.leads} leads · {s.subscribers} subscribers
            </span>
          </div>
          <div aria-hidden="true" className="mt-1 flex h-2 overflow-hidden rounded bg-slate-100">
            <div className="bg-teal" style={{ width: `${(s.leads / max) * 100}%` }} />
            <div className="bg-navy" style={{ width: `${(s.subscribers / max) * 100}%` }} />
          </div>
          <ul aria-label={`Forms used by people from ${s.source}`} className="mt-1 space-y-0.5 pl-3 text-ink/80">
            {s.pages.map((p) => (
              <li key={p.page} className="flex justify-between gap-2">
                <span className="truncate">on {p.page}</span>
                <span className="shrink-0">{p.leads + p.subscribers}</span>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
