import { useEffect } from "react";

/** Dispatched on window once React has hydrated the document (app/features/site/deferred-hydration.server.ts). */
export const HYDRATED_EVENT = "app:hydrated";

/**
 * An element with this attribute makes its page load the app right after `load` instead of on first
 * interaction: for pages that are all controls (the back office). The checkout result pages' countdown
 * and purchase report need no app: they are a small inline script (features/checkout/checkout-live.ts).
 */
export const HYDRATE_ON_LOAD_ATTRIBUTE = "data-hydrate-on-load";

export { formShownAt } from "./form-shown-at";

/** Used once, in the root route: tells the inline loader to replay clicks made before hydration. */
export function useHydratedSignal(): void {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
    window.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
}
