import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-funnel";
import { requireServices } from "~/context";
import { forwardSessionHeaders, trainerOf } from "~/features/auth/guard.server";
import { leadFunnel } from "~/features/reports/funnel.server";
import { rate, type FunnelRow } from "~/features/reports/funnel";
import { AdminShell, adminMeta } from "~/features/back-office/ui";
import { shortDate, WeekBars } from "~/features/reports/charts";
import { questionnaireReachFor } from "~/features/questionnaire/step-counts.server";
import { REACH_PERIODS, type StepReach } from "~/features/questionnaire/step-reach";

export const meta: Route.MetaFunction = () => adminMeta("Funnel");
export const headers = forwardSessionHeaders;

export async function loader({ context, request }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const db = ctx.services.database.db;
  const [funnel, reach] = await Promise.all([
    leadFunnel(db),
    questionnaireReachFor(db, new URL(request.url).searchParams.get("days")),
  ]);
  return data({ funnel, reach }, { headers: trainer.headers });
}

/** Per question, how many visits reached it in the period: where the questionnaire loses people. */
function QuestionReach({ days, from, to, steps }: { days: number; from: string; to: string; steps: StepReach[] }) {
  const most = Math.max(0, ...steps.map((s) => s.visitors));
  return (
    <table className="w-full text-sm">
      <caption className="mb-2 text-left text-lg font-semibold text-navy">
        Questions reached, {shortDate(from)} to {shortDate(to)}
      </caption>
      <thead>
        <tr className="text-left">
          <th scope="col" className="pr-4">
            Question
          </th>
          <th scope="col" className="pr-4">
            Visits that reached it
          </th>
          <th scope="col" className="pr-4">
            Of the most-reached
          </th>
        </tr>
      </thead>
      <tbody>
        {steps.map((s) => (
          <tr key={s.step}>
            <th scope="row" className="py-1 pr-4 text-left font-medium">
              {s.text}
            </th>
            <td className="py-1 pr-4">{s.visitors}</td>
            <td className="py-1 pr-4">{rate(s.visitors, most)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <td colSpan={3} className="pt-3">
            <nav aria-label="Period of the questions reached" className="flex gap-4">
              {REACH_PERIODS.map((d) => (
                <a key={d} href={`?days=${d}`} aria-current={d === days ? "page" : undefined} className="underline">
                  Last {d} days
                </a>
              ))}
            </nav>
          </td>
        </tr>
      </tfoot>
    </table>
  );
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
  const { funnel, reach } = useLoaderData<typeof loader>();
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
      <section
        tabIndex={0}
        aria-label="Per newsletter issue, scrollable"
        className="mt-6 overflow-x-auto rounded-2xl bg-white p-5 ring-1 ring-navy/10"
      >
        {funnel.issues.length > 0 ? (
          <FunnelTable
            caption="Per newsletter issue"
            first="Issue"
            rows={funnel.issues.map((r, _i, all) => ({
              // Two issues may share a subject; their addresses never do.
              label:
                all.filter((other) => other.subject === r.subject).length > 1 ? `${r.subject} (${r.key})` : r.subject,
              row: r,
            }))}
          />
        ) : (
          <>
            <h2 className="mb-2 text-lg font-semibold text-navy">Per newsletter issue</h2>
            <p className="text-ink/85">No lead of these weeks came from a link in a newsletter issue.</p>
          </>
        )}
      </section>
      <section
        tabIndex={0}
        aria-label="Questions reached, scrollable"
        className="mt-6 overflow-x-auto rounded-2xl bg-white p-5 ring-1 ring-navy/10"
      >
        <p className="mb-3 max-w-3xl text-ink/85">
          How many visits reached each question of the questionnaire, counted once per visit without a cookie or
          anything that tells visitors apart. Service pages start at a later question, so a later question can have more
          visits than the first.
        </p>
        <QuestionReach {...reach} />
      </section>
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
