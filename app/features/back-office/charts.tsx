import type { SourceCount, WeekCount } from "./data.server";

const shortDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

/** Leads and subscribers per week as paired bars, with the numbers in a table for screen readers. */
export function WeeklyChart({ weeks }: { weeks: WeekCount[] }) {
  const max = Math.max(1, ...weeks.map((w) => Math.max(w.leads, w.subscribers)));
  const width = 640;
  const height = 180;
  const slot = width / weeks.length;
  const bar = Math.max(4, slot / 2 - 6);
  const totalLeads = weeks.reduce((n, w) => n + w.leads, 0);
  const totalSubs = weeks.reduce((n, w) => n + w.subscribers, 0);
  return (
    <figure>
      <svg
        viewBox={`0 0 ${width} ${height + 24}`}
        className="h-auto w-full"
        role="img"
        aria-labelledby="weekly-chart-title"
      >
        <title id="weekly-chart-title">{`Last ${weeks.length} weeks: ${totalLeads} leads and ${totalSubs} newsletter subscribers`}</title>
        <line x1="0" y1={height} x2={width} y2={height} stroke="#14213d" strokeOpacity="0.2" />
        {weeks.map((w, i) => {
          const x = i * slot + 4;
          const lh = (w.leads / max) * (height - 10);
          const sh = (w.subscribers / max) * (height - 10);
          return (
            <g key={w.week}>
              <rect x={x} y={height - lh} width={bar} height={lh} fill="#0f766e" />
              <rect x={x + bar + 2} y={height - sh} width={bar} height={sh} fill="#0b1f3a" />
              {i % 2 === 0 ? (
                <text x={x} y={height + 16} fontSize="11" fill="#14213d">
                  {shortDate(w.week)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-sm">
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block size-3 bg-teal" /> Leads ({totalLeads})
        </span>
        <span className="inline-flex items-center gap-2">
          <span aria-hidden="true" className="inline-block size-3 bg-navy" /> Subscribers ({totalSubs})
        </span>
      </figcaption>
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
        </li>
      ))}
    </ul>
  );
}
