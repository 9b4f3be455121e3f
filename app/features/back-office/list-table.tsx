import type { ReactNode } from "react";
import { buttonStyles } from "~/ui/button";

export function ListTable({
  caption,
  columns,
  rows,
  empty,
}: {
  caption: string;
  columns: string[];
  rows: { key: string; cells: ReactNode[]; muted?: boolean }[];
  empty: string;
}) {
  if (rows.length === 0) return <p className="rounded-2xl bg-white p-6 ring-1 ring-navy/10">{empty}</p>;
  return (
    // Focusable so keyboard users can scroll the table on narrow screens.
    <div
      className="overflow-x-auto rounded-2xl bg-white ring-1 ring-navy/10"
      tabIndex={0}
      role="region"
      aria-label={caption}
    >
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className="px-4 py-3 font-semibold">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.key}
              className={`border-t border-navy/5 align-top ${row.muted ? "bg-slate-50 text-ink/75" : ""}`}
            >
              {row.cells.map((cell, i) => (
                <td key={i} className="px-4 py-3">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function StatusBadge({ tone, children }: { tone: "good" | "wait" | "off"; children: ReactNode }) {
  const styles = {
    good: "bg-emerald-100 text-emerald-900",
    wait: "bg-amber-100 text-amber-900",
    off: "bg-slate-200 text-slate-800",
  }[tone];
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${styles}`}>{children}</span>;
}

/**
 * The page's list as CSV; `query` carries the filters the page shows (leads). A plain link without
 * a `download` attribute: the file comes as an attachment anyway, and when the code must be entered
 * again first, the browser follows the answer to that page instead of saving it as the file.
 */
export function CsvLink({ list, query = "" }: { list: string; query?: string }) {
  return (
    <a
      href={`/admin/export/${list}.csv${query}`}
      className={buttonStyles({ variant: "secondary", size: "md", className: "py-2.5" })}
    >
      Download CSV
    </a>
  );
}
