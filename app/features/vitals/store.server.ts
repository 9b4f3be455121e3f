import { count, gte, lt, sql } from "drizzle-orm";
import { webVitals } from "#db/schema";
import { retention } from "#content/retention";
import type { Db } from "~/infra/db.server";
import { ratingOf, type DeviceClass, type MetricName, type Rating } from "./metrics";
import { roundValue, trimTarget } from "./report-rules";
import type { VitalsReport } from "./report-schema.server";
import { routePatternOf } from "./route-pattern";

/** How many days of measurements are kept and summarised (today included). */
export const VITALS_DAYS = retention.webVitalsDays;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The first (UTC) day still inside the window that ends today. */
export function firstVitalsDay(now: Date): string {
  return isoDay(new Date(now.getTime() - (VITALS_DAYS - 1) * 86_400_000));
}

/** Stores a validated report: the route pattern, never the path; the day, never the time. */
export async function recordVitals(db: Db, report: VitalsReport, now = new Date()): Promise<number> {
  const route = routePatternOf(report.path);
  const day = isoDay(now);
  const rows = report.metrics.map((metric) => {
    const value = roundValue(metric.name, metric.value);
    return {
      route,
      metric: metric.name,
      value,
      rating: ratingOf(metric.name, value),
      device: report.device,
      target: trimTarget(metric.target) ?? null,
      day,
    };
  });
  await db.insert(webVitals).values(rows);
  return rows.length;
}

export interface MetricSummary {
  p75: number;
  samples: number;
  rating: Rating;
}

export interface VitalsRow {
  route: string | null;
  device: DeviceClass;
  metrics: Partial<Record<MetricName, MetricSummary>>;
}

export interface VitalsSummary {
  from: string;
  to: string;
  /** Every page together, per device class. */
  byDevice: VitalsRow[];
  /** Per route pattern and device class, busiest first. */
  byRoute: VitalsRow[];
}

/** The 75th percentile (continuous) of each metric, rated against Google's boundaries. */
export async function vitalsSummary(db: Db, now = new Date()): Promise<VitalsSummary> {
  const from = firstVitalsDay(now);
  const inWindow = gte(webVitals.day, from);
  const p75 = sql<number>`percentile_cont(0.75) within group (order by ${webVitals.value})`.mapWith(Number);
  const [perRoute, perDevice] = await Promise.all([
    db
      .select({ route: webVitals.route, device: webVitals.device, metric: webVitals.metric, p75, samples: count() })
      .from(webVitals)
      .where(inWindow)
      .groupBy(webVitals.route, webVitals.device, webVitals.metric),
    db
      .select({ device: webVitals.device, metric: webVitals.metric, p75, samples: count() })
      .from(webVitals)
      .where(inWindow)
      .groupBy(webVitals.device, webVitals.metric),
  ]);
  const collect = (rows: { route?: string; device: string; metric: string; p75: number; samples: number }[]) => {
    const grouped = new Map<string, VitalsRow>();
    // A route's place in the list is its number of measurements over every device class.
    const routeTotals = new Map<string, number>();
    for (const row of rows) {
      const key = `${row.route ?? ""}\u0000${row.device}`;
      const entry = grouped.get(key) ?? { route: row.route ?? null, device: row.device as DeviceClass, metrics: {} };
      const metric = row.metric as MetricName;
      const value = roundValue(metric, row.p75);
      entry.metrics[metric] = { p75: value, samples: row.samples, rating: ratingOf(metric, value) };
      grouped.set(key, entry);
      routeTotals.set(row.route ?? "", (routeTotals.get(row.route ?? "") ?? 0) + row.samples);
    }
    const order = { phone: 0, tablet: 1, desktop: 2 } as const;
    const total = (row: VitalsRow) => routeTotals.get(row.route ?? "") ?? 0;
    return [...grouped.values()].sort(
      (a, b) =>
        total(b) - total(a) || (a.route ?? "").localeCompare(b.route ?? "") || order[a.device] - order[b.device],
    );
  };
  return { from, to: isoDay(now), byDevice: collect(perDevice), byRoute: collect(perRoute) };
}

/** Removes measurements older than the window (part of the retention job). */
export async function deleteOldVitals(db: Db, now = new Date()): Promise<number> {
  const removed = await db
    .delete(webVitals)
    .where(lt(webVitals.day, firstVitalsDay(now)))
    .returning({ id: webVitals.id });
  return removed.length;
}
