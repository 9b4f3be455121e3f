import { onCLS, onINP, onLCP, type Metric } from "web-vitals";
import type { MetricName } from "./metrics";
import { deviceClass, MAX_REPORT_BYTES, roundValue, trimTarget } from "./report-rules";

export const VITALS_ENDPOINT = "/api/vitals";

interface Measured {
  name: MetricName;
  value: number;
  target?: string;
}

/**
 * The element as the library's attribution build names it (`tag#id`, else `tag.class.class`), with
 * its parent: what trimTarget keeps of a selector anyway. Worked out here from the entries the
 * standard build hands over, which is about 2.7 KB gzip lighter than the attribution build (the
 * page-load budget of an island page, docs/decisions/031-island-pages-as-documents.md).
 */
export function selectorOf(node: Node | null | undefined): string | undefined {
  const steps: string[] = [];
  let element: Element | null | undefined = node instanceof Element ? node : node?.parentElement;
  while (element && element.nodeName !== "HTML" && steps.length < 2) {
    const name = element.nodeName.toLowerCase();
    const classes = [...element.classList].join(".");
    steps.unshift(element.id ? `${name}#${element.id}` : classes ? `${name}.${classes}` : name);
    if (element.id) break;
    element = element.parentElement;
  }
  return steps.length ? steps.join(">") : undefined;
}

interface ShiftEntry extends PerformanceEntry {
  value: number;
  sources?: { node?: Node | null }[];
}

function targetOf(metric: Metric): string | undefined {
  const entries = metric.entries as PerformanceEntry[];
  switch (metric.name) {
    case "LCP":
      return selectorOf((entries.at(-1) as (PerformanceEntry & { element?: Element | null }) | undefined)?.element);
    case "INP":
      return selectorOf(
        (entries as (PerformanceEntry & { target?: Node | null })[]).find((entry) => entry.target)?.target,
      );
    case "CLS": {
      const largest = (entries as ShiftEntry[]).reduce<ShiftEntry | undefined>(
        (best, entry) => (!best || entry.value > best.value ? entry : best),
        undefined,
      );
      return selectorOf(largest?.sources?.find((source) => source.node)?.node);
    }
    default:
      return undefined;
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
 * Measures this page's LCP, INP and CLS (the `web-vitals` library; the element each concerns named
 * by selectorOf) and sends
 * the latest value of each to the site's own endpoint when the page is hidden: one small JSON
 * report, `fetch` with `keepalive` so it survives the page closing, and without cookies.
 * Nothing identifies the visitor: the path (the server keeps only its route pattern), a device
 * class from the window width and the browser's mobile hint, and a trimmed element selector.
 */
export function startVitals(endpoint = VITALS_ENDPOINT): void {
  const path = location.pathname;
  const hint = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData?.mobile;
  const device = deviceClass(innerWidth, hint);
  const pending = new Map<MetricName, Measured>();
  const note = (metric: Metric) => {
    if (metric.name !== "LCP" && metric.name !== "INP" && metric.name !== "CLS") return;
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
