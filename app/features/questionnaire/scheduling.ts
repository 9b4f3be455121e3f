/**
 * The free-intake scheduler: a Calendly-compatible popup widget, loaded only after a
 * submission. If its script does not load or misbehaves, the scheduling page opens in a
 * new tab instead. The lead id travels as utm_content, so a booked call can be tied back
 * to its lead (Calendly keeps UTM parameters on the booking).
 */
export interface SchedulingPrefill {
  name: string;
  email: string;
  leadId?: string;
}

interface CalendlyApi {
  initPopupWidget(options: {
    url: string;
    prefill?: { name?: string; email?: string };
    utm?: { utmContent?: string; utmSource?: string };
  }): void;
}

declare global {
  interface Window {
    Calendly?: CalendlyApi;
  }
}

/** The scheduling page with name, e-mail and the lead id as query parameters. */
export function schedulingLink(baseUrl: string, prefill: SchedulingPrefill): string {
  const url = new URL(baseUrl);
  if (prefill.name.trim()) url.searchParams.set("name", prefill.name.trim());
  if (prefill.email.trim()) url.searchParams.set("email", prefill.email.trim());
  if (prefill.leadId) url.searchParams.set("utm_content", prefill.leadId);
  url.searchParams.set("utm_source", "website");
  return url.toString();
}

/** Calendly's stylesheet sits next to its script (widget.js → widget.css). */
export function widgetStylesheet(scriptUrl: string): string | null {
  return /\.js(\?.*)?$/.test(scriptUrl) ? scriptUrl.replace(/\.js(\?.*)?$/, ".css") : null;
}

/** The delay between the script loading and the popup opening. */
export const AUTO_OPEN_DELAY_MS = 1_000;

let loading: Promise<CalendlyApi> | null = null;

/** Loads the widget script once; rejects when it fails or does not provide the API. */
export function loadSchedulingWidget(scriptUrl: string): Promise<CalendlyApi> {
  if (window.Calendly) return Promise.resolve(window.Calendly);
  loading ??= new Promise<CalendlyApi>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = scriptUrl;
    script.async = true;
    script.onload = () => {
      if (window.Calendly && typeof window.Calendly.initPopupWidget === "function") {
        const css = widgetStylesheet(scriptUrl);
        if (css) {
          const link = document.createElement("link");
          link.rel = "stylesheet";
          link.href = css;
          document.head.appendChild(link);
        }
        resolve(window.Calendly);
      } else {
        reject(new Error("scheduling widget loaded without its API"));
      }
    };
    script.onerror = () => reject(new Error("scheduling widget failed to load"));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    // A later attempt (the visitor clicking the button) may try again.
    loading = null;
    throw error;
  });
  return loading;
}

export function openSchedulingPopup(api: CalendlyApi, baseUrl: string, prefill: SchedulingPrefill): void {
  api.initPopupWidget({
    url: baseUrl,
    prefill: { name: prefill.name, email: prefill.email },
    utm: { utmContent: prefill.leadId, utmSource: "website" },
  });
}

/** Opens the scheduling page in a new tab; false when the browser blocked it. */
export function openSchedulingTab(baseUrl: string, prefill: SchedulingPrefill): boolean {
  const tab = window.open(schedulingLink(baseUrl, prefill), "_blank");
  if (!tab) return false;
  tab.opener = null;
  return true;
}

/** Whether a postMessage from the widget reports a booked call. */
export function isBookingMessage(event: { origin: string; data: unknown }, schedulingUrl: string): boolean {
  let origin: string;
  try {
    origin = new URL(schedulingUrl).origin;
  } catch {
    return false;
  }
  if (event.origin !== origin) return false;
  const data = event.data as { event?: unknown } | null;
  return !!data && typeof data === "object" && data.event === "calendly.event_scheduled";
}
