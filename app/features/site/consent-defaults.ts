// Sent to the browser as its own source text: this module holds the function and its types, nothing
// else that runs (`npm run build:runtime` writes its minified form to consent-defaults.inline.ts;
// gtm.ts puts it in the page).

/** The names the script shares with the rest of the site (consent-store.ts, consent-cookie.ts, gtm.ts). */
export interface ConsentNames {
  /** localStorage key of the visitor's choice. */
  storage: string;
  /** The cookie that tells the server the choice. */
  cookie: string;
  /** Set on <html> once the visitor has chosen: the stylesheet then hides the cookie bar. */
  chosen: string;
}

/**
 * Google Consent Mode v2 defaults, run inline in <head> before any other script when a tag manager
 * is configured (root.tsx; without one there is nothing to consent to): everything denied until the
 * visitor accepts. A returning visitor who accepted earlier gets the update right away so the first
 * page view is measured. Until the app has hydrated (it loads on first interaction), this script also
 * answers the cookie bar's buttons, so a choice made at once is kept even if the visitor leaves
 * before the app runs. Before and after hydration it tells the server every choice: the cookie (which
 * only records the choice) and POST /api/first-touch, which remembers how an accepting visitor found
 * the site and forgets it on a rejection (app/infra/first-touch.ts).
 */
export function consentDefaults(names: ConsentNames): void {
  const w = window as Window & { dataLayer?: unknown[] };
  const layer = (w.dataLayer = w.dataLayer || []);
  // gtag.js reads consent commands only as Arguments objects, not as arrays.
  function gtag(..._args: unknown[]): void {
    // eslint-disable-next-line prefer-rest-params
    layer.push(arguments);
  }
  const html = document.documentElement;
  const keep = (choice: string) => {
    document.cookie = `${names.cookie}=${choice};path=/;max-age=31536000;samesite=lax${location.protocol === "https:" ? ";secure" : ""}`;
  };
  gtag("consent", "default", {
    ad_storage: "denied",
    ad_user_data: "denied",
    ad_personalization: "denied",
    analytics_storage: "denied",
    functionality_storage: "denied",
    personalization_storage: "denied",
    security_storage: "granted",
    wait_for_update: 500,
  });
  try {
    const choice = localStorage.getItem(names.storage);
    if (choice === "accepted") gtag("consent", "update", { analytics_storage: "granted" });
    if (choice === "accepted" || choice === "rejected") {
      html.setAttribute(names.chosen, "");
      if (document.cookie.indexOf(`${names.cookie}=${choice}`) < 0) keep(choice);
    }
  } catch {
    // Storage can be blocked (private mode, strict settings): no choice, everything stays denied.
  }
  document.addEventListener(
    "click",
    (event) => {
      const target = event.target as Element | null;
      const button = target && target.closest ? target.closest("[data-consent-choice]") : null;
      if (!button) return;
      const choice = button.getAttribute("data-consent-choice")!;
      keep(choice);
      fetch("/api/first-touch", {
        method: "POST",
        keepalive: true,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ page: location.pathname + location.search, referrer: document.referrer }),
      }).catch(() => {});
      if (html.hasAttribute("data-hydrated")) return;
      try {
        localStorage.setItem(names.storage, choice);
      } catch {
        // Blocked storage: the choice holds for this page.
      }
      gtag("consent", "update", { analytics_storage: choice === "accepted" ? "granted" : "denied" });
      html.setAttribute(names.chosen, "");
    },
    true,
  );
}
