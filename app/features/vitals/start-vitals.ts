import {
  onCLS,
  onINP,
  onLCP,
  type CLSMetricWithAttribution,
  type INPMetricWithAttribution,
  type LCPMetricWithAttribution,
} from "web-vitals/attribution";
import type { MetricName } from "./metrics";
import { deviceClass, MAX_REPORT_BYTES, roundValue, trimTarget } from "./report-rules";

export const VITALS_ENDPOINT = "/api/vitals";

type MetricWithAttribution = LCPMetricWithAttribution | INPMetricWithAttribution | CLSMetricWithAttribution;

interface Measured {
  name: MetricName;
  value: number;
  target?: string;
}

/** The element each measurement concerns, as the library's attribution build names it. */
function targetOf(metric: MetricWithAttribution): string | undefined {
  switch (metric.name) {
    case "LCP":
      return metric.attribution.target;
    case "INP":
      return metric.attribution.interactionTarget;
    case "CLS":
      return metric.attribution.largestShiftTarget;
  }
}

/** The JSON body of one report, within MAX_REPORT_BYTES (the element selectors go first if not). */
export function reportBody(path: string, device: string, measured: Measured[]): string | null {
  const body = (metrics: Measured[]) => JSON.stringify({ path, device, metrics });
  let text = body(measured);
  if (text.length > MAX_REPORT_BYTES) text = body(measured.map(({ name, value }) => ({ name, value })));
  return text.length > MAX_REPORT_BYTES ? null : text;
}

/**
 * Measures this page's LCP, INP and CLS (the `web-vitals` library's attribution build, which also
 * names the element each concerns) and sends the latest value of each to the site's own endpoint when the page is hidden: one small JSON
 * report, `fetch` with `keepalive` so it survives the page closing, and without cookies.
 * Nothing identifies the visitor: the path (the server keeps only its route pattern), a device
 * class from the window width and the browser's mobile hint, and a trimmed element selector.
 */
export function startVitals(endpoint = VITALS_ENDPOINT): void {
  const path = location.pathname;
  const hint = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData?.mobile;
  const device = deviceClass(innerWidth, hint);
  const pending = new Map<MetricName, Measured>();
  const note = (metric: MetricWithAttribution) => {
    pending.set(metric.name, {
      name: metric.name,
      value: roundValue(metric.name, metric.value),
      target: trimTarget(targetOf(metric)),
    });
  };
  const flush = () => {
    if (document.visibilityState !== "hidden" || pending.size === 0) return;
    const body = reportBody(path, device, [...pending.values()]);
    pending.clear();
    if (!body) return;
    fetch(endpoint, {
      method: "POST",
      body,
      keepalive: true,
      credentials: "omit",
      headers: { "Content-Type": "application/json" },
    }).catch(() => {
      // A lost measurement is not worth a retry or an error on the visitor's console.
    });
  };
  onLCP(note);
  onINP(note);
  onCLS(note);
  // The library reports INP and CLS on `visibilitychange` too; this listener is added after its
  // own, so the final values are in `pending` when it runs. `pagehide` covers older Safari.
  addEventListener("visibilitychange", flush);
  addEventListener("pagehide", flush);
}
