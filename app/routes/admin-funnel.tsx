import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-funnel";
import { requireServices } from "~/context";
import { forwardSessionHeaders, trainerOf } from "~/features/auth/guard.server";
import { leadFunnel } from "~/features/reports/funnel.server";
import { rate, type FunnelRow } from "~/features/reports/funnel";
import { AdminShell, adminMeta } from "~/features/back-office/ui";
import { shortDate, WeekBars } from "~/features/reports/charts";

export const meta: Route.MetaFunction = () => adminMeta("Funnel");
export const headers = forwardSessionHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const funnel = await leadFunnel(ctx.services.database.db);
  return data({ funnel }, { headers: trainer.headers });
}

function FunnelTable({
  caption,
  first,
  rows,
  total,
}: {
  caption: string;
  first: string;
  rows: { label: string; row: FunnelRow }[];
  total?: FunnelRow;
}) {
  const line = (label: string, r: FunnelRow, strong = false) => (
    <tr key={label} className={strong ? "font-semibold" : undefined}>
      <th scope="row" className="py-1 pr-4 text-left font-medium">
        {label}
      </th>
      <td className="py-1 pr-4">{r.leads}</td>
      <td className="py-1 pr-4">{r.booked}</td>
      <td className="py-1 pr-4">{rate(r.booked, r.leads)}</td>
      <td className="py-1 pr-4">{r.clients}</td>
      <td className="py-1 pr-4">{rate(r.clients, r.leads)}</td>
    </tr>
  );
  return (
    <table className="w-full text-sm">
      <caption className="mb-2 text-left text-lg font-semibold text-navy">{caption}</caption>
      <thead>
        <tr className="text-left">
          <th scope="col" className="pr-4">
            {first}
          </th>
          <th scope="col" className="pr-4">
            Leads
          </th>
          <th scope="col" className="pr-4">
            Booked a call
          </th>
          <th scope="col" className="pr-4">
            Lead → call
          </th>
          <th scope="col" className="pr-4">
            Paying clients
          </th>
          <th scope="col" className="pr-4">
            Lead → client
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => line(r.label, r.row))}
        {total ? line("All", total, true) : null}
      </tbody>
    </table>
  );
}

/** Leads, booked calls and clients per week as grouped bars; the same numbers are in the table below. */
function FunnelChart({ weeks }: { weeks: FunnelRow[] }) {
  const total = weeks.reduce((n, w) => n + w.leads, 0);
  return (
    <figure>
      <WeekBars
        titleId="funnel-chart-title"
        title={`Last ${weeks.length} weeks: ${total} leads, with booked calls and paying clients per week`}
        weeks={weeks}
        weekOf={(w) => w.key}
        series={[
          { legend: "Leads", fill: "#0f766e", swatch: "bg-teal", value: (w) => w.leads },
          { legend: "Booked a call", fill: "#d97706", swatch: "bg-amber-600", value: (w) => w.booked },
          { legend: "Paying clients", fill: "#0b1f3a", swatch: "bg-navy", value: (w) => w.clients },
        ]}
        height={160}
      />
    </figure>
  );
}

export default function AdminFunnel() {
  const { funnel } = useLoaderData<typeof loader>();
  return (
    <AdminShell title="Funnel">
      <p className="mb-6 max-w-3xl text-ink/85">
        Leads by the week they sent the questionnaire and by where they first came from, and how many of them have since
        booked an intake call and become paying clients. A call counts once, whether it was booked through the
        scheduling link (and not cancelled) or you set the lead to &ldquo;Call booked&rdquo; yourself, also after it
        moved on to &ldquo;Client&rdquo;. From this site&apos;s own database.
      </p>
      <section aria-label="Funnel chart" className="mb-6 rounded-2xl bg-white p-5 ring-1 ring-navy/10">
        <FunnelChart weeks={funnel.weeks} />
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <section
          tabIndex={0}
          aria-label="Per source, scrollable"
          className="overflow-x-auto rounded-2xl bg-white p-5 ring-1 ring-navy/10"
        >
          <FunnelTable
            caption="Per source"
            first="Source"
            rows={funnel.sources.map((r) => ({ label: r.key, row: r }))}
            total={funnel.total}
          />
        </section>
        <section
          tabIndex={0}
          aria-label="Per week, scrollable"
          className="overflow-x-auto rounded-2xl bg-white p-5 ring-1 ring-navy/10"
        >
          <FunnelTable
            caption="Per week"
            first="Week of"
            rows={funnel.weeks.filter((w) => w.leads > 0).map((r) => ({ label: shortDate(r.key), row: r }))}
            total={funnel.total}
          />
        </section>
      </div>
      {/* Focusable so keyboard users can scroll the wide tables on a phone. */}
      <section
        tabIndex={0}
        aria-label="Per week and source, scrollable"
        className="mt-6 overflow-x-auto rounded-2xl bg-white p-5 ring-1 ring-navy/10"
      >
        <FunnelTable
          caption="Per week and source"
          first="Week and source"
          rows={funnel.weekSources.map((r) => ({ label: `${shortDate(r.week)} · ${r.source}`, row: r }))}
        />
      </section>
    </AdminShell>
  );
}
