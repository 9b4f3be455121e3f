import { useEffect } from "react";

/** Dispatched on window once React has hydrated the document (app/features/site/deferred-hydration.server.ts). */
export const HYDRATED_EVENT = "app:hydrated";
/** Set on `<html>` at the same moment: from then on the client runtime holds nothing (docs/client-runtime.md). */
export const HYDRATED_ATTRIBUTE = "data-hydrated";

/** Used once, in the root route: tells the inline loader to replay what was held before hydration. */
export function useHydratedSignal(): void {
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "");
    window.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
}
