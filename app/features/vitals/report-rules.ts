import type { DeviceClass, MetricName } from "./metrics";

// How the browser module (start-vitals.ts) shapes a report; the endpoint applies the same rules.

/** One report, as sent: the whole JSON body. */
export const MAX_REPORT_BYTES = 1024;
/** An element selector is cut to its last steps and to this many characters. */
export const MAX_TARGET_LENGTH = 80;

/**
 * Phone, tablet or desktop from the width of the window and the browser's own "mobile" hint
 * (User-Agent Client Hints, a low-entropy value every Chromium sends anyway). Nothing else is read.
 */
export function deviceClass(viewportWidth: number, mobileHint?: boolean): DeviceClass {
  if (mobileHint === true || viewportWidth < 640) return "phone";
  return viewportWidth < 1024 ? "tablet" : "desktop";
}

/**
 * A coarse pointer to the element: the last two steps of the selector the library built, each
 * cut to its tag with its id or first class (`section.faq > button`), at most MAX_TARGET_LENGTH
 * characters, and nothing that is not plain selector text.
 */
export function trimTarget(selector: string | undefined): string | undefined {
  if (!selector) return undefined;
  const steps = selector
    .split(">")
    // A first class with a variant or a slash (`hover:bg-navy/5`) is not plain text: the tag alone then.
    .map((step) => /^[\w-]*(#[\w-]+|\.[\w-]+(?=[.#[]|$))?/.exec(step.trim())?.[0] ?? "")
    .filter(Boolean)
    .slice(-2);
  let cut = steps.join(" > ");
  if (cut.length > MAX_TARGET_LENGTH) cut = steps.at(-1) ?? "";
  return cut.slice(0, MAX_TARGET_LENGTH) || undefined;
}

/** The value as stored: whole milliseconds, or CLS to four decimals. */
export function roundValue(metric: MetricName, value: number): number {
  return metric === "CLS" ? Math.round(value * 10_000) / 10_000 : Math.round(value);
}
