import { THRESHOLDS, type DeviceClass, type MetricName, type Rating } from "./metrics";

export const METRIC_LABEL: Record<MetricName, string> = {
  LCP: "Largest Contentful Paint (LCP)",
  INP: "Interaction to Next Paint (INP)",
  CLS: "Cumulative Layout Shift (CLS)",
};

export const RATING_LABEL: Record<Rating, string> = {
  good: "Good",
  "needs-improvement": "Needs improvement",
  poor: "Poor",
};

export const DEVICE_LABEL: Record<DeviceClass, string> = { phone: "Phone", tablet: "Tablet", desktop: "Desktop" };

/** LCP in seconds (as Google quotes it), INP in milliseconds, CLS as a plain score. */
export function formatValue(metric: MetricName, value: number): string {
  if (metric === "LCP") return `${(value / 1000).toFixed(2)} s`;
  if (metric === "INP") return `${Math.round(value)} ms`;
  return value.toFixed(2);
}

/** "≤ 2.50 s", "2.50 s – 4.00 s", "> 4.00 s": the three bands of a metric. */
export function thresholdBands(metric: MetricName): Record<Rating, string> {
  const { good, poor } = THRESHOLDS[metric];
  return {
    good: `≤ ${formatValue(metric, good)}`,
    "needs-improvement": `${formatValue(metric, good)} – ${formatValue(metric, poor)}`,
    poor: `> ${formatValue(metric, poor)}`,
  };
}
