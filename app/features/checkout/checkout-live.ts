import { CHECKOUT_LIVE_FUNCTION } from "./checkout-live-run.inline";
import type { LiveOptions } from "./checkout-live-run";

export type { LiveOptions };

/** Seconds before /success and /cancel move on. */
export const REDIRECT_SECONDS = 15;

/**
 * Brief 'Processing...' state before the cancel message, in ms: the single source for both the CSS
 * swap (cancel-view.tsx passes it as --processing-ms) and the countdown's start (processingMs).
 */
export const CANCEL_PROCESSING_MS = 500;

/** The element that carries a checkout result page's live parts (one per page; the views spell it out). */
export const LIVE_ROOT_ATTRIBUTE = "data-checkout-live";

/**
 * The inline script that runs runCheckoutLive (checkout-live-run.ts) on the server-rendered page,
 * minified (`<` escaped for <script>).
 */
export function liveScript(options: LiveOptions): string {
  const args = JSON.stringify(options).replace(/</g, "\\u003c");
  return `(${CHECKOUT_LIVE_FUNCTION})(document.querySelector("[${LIVE_ROOT_ATTRIBUTE}]"),${args});`;
}
