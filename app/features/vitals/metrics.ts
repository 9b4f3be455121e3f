/**
 * The three Core Web Vitals this site collects from real visits, with Google's published
 * boundaries: at or under `good` is good, over `poor` is poor, in between needs improvement.
 * Shared by the endpoint and the back-office page; what the browser module needs is in
 * report-rules.ts, so the module's bundle shares no chunk with the back office.
 */
export const METRICS = ["LCP", "INP", "CLS"] as const;
export type MetricName = (typeof METRICS)[number];

export const DEVICES = ["phone", "tablet", "desktop"] as const;
export type DeviceClass = (typeof DEVICES)[number];

export const RATINGS = ["good", "needs-improvement", "poor"] as const;
export type Rating = (typeof RATINGS)[number];

export const THRESHOLDS: Record<MetricName, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
};

/** The largest value the endpoint accepts per metric (milliseconds; CLS is a score). */
export const MAX_VALUE: Record<MetricName, number> = { LCP: 120_000, INP: 60_000, CLS: 50 };

export function ratingOf(metric: MetricName, value: number): Rating {
  const { good, poor } = THRESHOLDS[metric];
  if (value <= good) return "good";
  return value <= poor ? "needs-improvement" : "poor";
}
