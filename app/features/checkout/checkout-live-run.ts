import type { AnalyticsEvents } from "~/features/analytics/track";

// The live parts of /success and /cancel, sent to the browser as their own source text: this module
// holds the function and its types, nothing else that runs (checkout-live.ts explains the parts;
// `npm run build:runtime` writes its minified form to checkout-live-run.inline.ts).

export interface LiveOptions {
  /** The analytics event of the page, pushed once per page view exactly as track() would. */
  event: ({ event: "payment_success" } & AnalyticsEvents["payment_success"]) | { event: "payment_cancelled" };
  /** Milliseconds before the countdown starts: the page's processing state (shown by CSS alone); 0 for none. */
  processingMs: number;
  seconds: number;
  /** Where the countdown goes when it ends. */
  to: string;
}

/**
 * The live parts of /success and /cancel: the analytics report, the visible countdown with its
 * "Stay on this page" button, the redirect. The page's HTML carries this function as a small inline
 * script (liveScript), so a visitor arriving from the payment provider gets them at once; the pages
 * are documents and load no application (decision 031). It must stay self-contained: it is sent as
 * its own source text, so it may use no import and nothing else of this module.
 *
 * The countdown starts after options.processingMs: /cancel's "Processing..." state, which the page's
 * CSS ends by itself after the same time (cancel-view.tsx), so the page looks the same with or
 * without scripts; this function does not touch it.
 *
 * Markup it drives (inside root): [data-live-countdown] (the counting row), [data-live-seconds]
 * (the number), [data-live-stay] (the button), [data-live-stayed] (shown after it).
 */
export function runCheckoutLive(root: HTMLElement, options: LiveOptions): void {
  const w = window as Window & { dataLayer?: unknown[] };
  w.dataLayer = w.dataLayer ?? [];
  w.dataLayer.push({ ...options.event });

  const part = (name: string) => root.querySelector<HTMLElement>(`[data-live-${name}]`);
  let remaining = options.seconds;
  let timer = 0;
  let stayed = false;
  const stop = () => window.clearInterval(timer);
  const tick = () => {
    remaining = Math.max(0, remaining - 1);
    const seconds = part("seconds");
    if (seconds) seconds.textContent = String(remaining);
    if (remaining > 0) return;
    stop();
    window.location.assign(options.to);
  };
  const stay = part("stay");
  if (stay)
    stay.addEventListener("click", () => {
      stayed = true;
      stop();
      part("countdown")?.setAttribute("hidden", "");
      part("stayed")?.removeAttribute("hidden");
    });
  const begin = () => {
    if (!stayed) timer = window.setInterval(tick, 1000);
  };
  if (options.processingMs > 0) window.setTimeout(begin, options.processingMs);
  else begin();
}
