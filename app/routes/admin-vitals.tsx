import type { ReactNode } from "react";
import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-vitals";
import { requireServices } from "~/context";
import { forwardSessionHeaders, trainerOf } from "~/features/auth/guard.server";
import { AdminShell, adminMeta } from "~/features/back-office/ui";
import { shortDate } from "~/features/reports/charts";
import { vitalsSummary, type MetricSummary, type VitalsRow } from "~/features/vitals/store.server";
import { retention } from "#content/retention";
import { METRICS, RATINGS, type Rating } from "~/features/vitals/metrics";
import { DEVICE_LABEL, formatValue, METRIC_LABEL, RATING_LABEL, thresholdBands } from "~/features/vitals/labels";

export const meta: Route.MetaFunction = () => adminMeta("Page speed");
export const headers = forwardSessionHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const summary = await vitalsSummary(ctx.services.database.db);
  return data({ summary }, { headers: trainer.headers });
}

// The rating is always written out; the colour only repeats it.
const BADGE: Record<Rating, string> = {
  good: "bg-teal/10 text-teal-700 ring-teal/30",
  "needs-improvement": "bg-amber-100 text-amber-900 ring-amber-600/30",
  poor: "bg-red-100 text-red-900 ring-red-700/30",
};

function Cell({ metric, summary }: { metric: (typeof METRICS)[number]; summary?: MetricSummary }) {
  if (!summary) return <td className="py-2 pr-4 text-ink/70">No data</td>;
  return (
    <td className="py-2 pr-4 align-top">
      <span className="font-semibold tabular-nums">{formatValue(metric, summary.p75)}</span>{" "}
      <span className={`ml-1 inline-block rounded-full px-2 text-xs font-medium ring-1 ${BADGE[summary.rating]}`}>
        {RATING_LABEL[summary.rating]}
      </span>
      <span className="block text-xs text-ink/80">
        {summary.samples} {summary.samples === 1 ? "visit" : "visits"}
      </span>
    </td>
  );
}

/** A wide table that scrolls sideways on a phone: focusable, so the keyboard can scroll it too. */
function Scroller({ label, children, className = "" }: { label: string; children: ReactNode; className?: string }) {
  return (
    <section
      aria-label={label}
      tabIndex={0}
      className={`overflow-x-auto rounded-2xl bg-white p-5 ring-1 ring-navy/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-navy ${className}`}
    >
      {children}
    </section>
  );
}

function VitalsTable({ caption, rows, first }: { caption: string; rows: VitalsRow[]; first: "device" | "page" }) {
  return (
    <table className="w-full min-w-[40rem] text-sm">
      <caption className="mb-2 text-left text-lg font-semibold text-navy">{caption}</caption>
      <thead>
        <tr className="text-left">
          <th scope="col" className="pr-4">
            {first === "page" ? "Page and device" : "Device"}
          </th>
          {METRICS.map((metric) => (
            <th key={metric} scope="col" className="pr-4">
              {metric} (75th percentile)
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={`${row.route ?? ""}-${row.device}`} className="border-t border-navy/10">
            <th scope="row" className="py-2 pr-4 text-left align-top font-medium">
              {row.route ? (
                <>
                  <code className="break-all">{row.route === "*" ? "(page not found)" : row.route}</code>
                  <span className="block text-xs text-ink/80">{DEVICE_LABEL[row.device]}</span>
                </>
              ) : (
                DEVICE_LABEL[row.device]
              )}
            </th>
            {METRICS.map((metric) => (
              <Cell key={metric} metric={metric} summary={row.metrics[metric]} />
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const VITALS_DAYS = retention.webVitalsDays;

export default function AdminVitals() {
  const { summary } = useLoaderData<typeof loader>();
  const empty = summary.byRoute.length === 0;
  return (
    <AdminShell title="Page speed">
      <p className="mb-4 max-w-3xl text-ink/85">
        How fast the site is for real visitors, measured in their own browsers over the last {VITALS_DAYS} days (
        {shortDate(summary.from)} to {shortDate(summary.to)}). Each figure is the 75th percentile: three in four visits
        were at least this good. Google calls a page good when all three figures are in the good band. The measurements
        carry no cookie, no address and nothing that tells visitors apart.
      </p>
      <Scroller label="Google's thresholds" className="mb-6">
        <table className="w-full min-w-[36rem] text-sm">
          <caption className="mb-2 text-left text-lg font-semibold text-navy">Google&apos;s thresholds</caption>
          <thead>
            <tr className="text-left">
              <th scope="col" className="pr-4">
                Measure
              </th>
              {RATINGS.map((rating) => (
                <th key={rating} scope="col" className="pr-4">
                  {RATING_LABEL[rating]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {METRICS.map((metric) => {
              const bands = thresholdBands(metric);
              return (
                <tr key={metric} className="border-t border-navy/10">
                  <th scope="row" className="py-2 pr-4 text-left font-medium">
                    {METRIC_LABEL[metric]}
                  </th>
                  {RATINGS.map((rating) => (
                    <td key={rating} className="py-2 pr-4 tabular-nums">
                      {bands[rating]}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
        <p className="mt-3 max-w-3xl text-ink/85">
          LCP: how long until the main content shows. INP: how long the page takes to answer a tap, click or key. CLS:
          how much the page jumps around while loading.
        </p>
      </Scroller>
      {empty ? (
        <p className="rounded-2xl bg-white p-5 text-ink/85 ring-1 ring-navy/10">
          No measurements in the last {VITALS_DAYS} days yet. They arrive as visitors leave pages.
        </p>
      ) : (
        <>
          <Scroller label="All pages, per device" className="mb-6">
            <VitalsTable caption="All pages, per device" rows={summary.byDevice} first="device" />
          </Scroller>
          <Scroller label="Per page and device">
            <VitalsTable caption="Per page and device, busiest first" rows={summary.byRoute} first="page" />
          </Scroller>
        </>
      )}
    </AdminShell>
  );
}
