import type { AnalyticsEvents } from "~/features/analytics/track";

/** Seconds before /success and /cancel move on. */
export const REDIRECT_SECONDS = 15;

/**
 * Brief 'Processing...' state before the cancel message, in ms: the single source for both the CSS
 * swap (cancel-view.tsx passes it as --processing-ms) and the countdown's start (processingMs).
 */
export const CANCEL_PROCESSING_MS = 500;

/** The element that carries a checkout result page's live parts (one per page; the views spell it out). */
export const LIVE_ROOT_ATTRIBUTE = "data-checkout-live";

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
function runCheckoutLive(root: HTMLElement, options: LiveOptions): void {
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

/** The inline script that runs runCheckoutLive on the server-rendered page (`<` escaped for <script>). */
export function liveScript(options: LiveOptions): string {
  const args = JSON.stringify(options).replace(/</g, "\\u003c");
  return `(${runCheckoutLive.toString()})(document.querySelector("[${LIVE_ROOT_ATTRIBUTE}]"),${args});`;
}
