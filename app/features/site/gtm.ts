import type { ConsentChoice } from "./consent-store";
import { CONSENT_STORAGE_KEY } from "./consent-store";
import { CONSENT_COOKIE } from "~/infra/consent-cookie";
import type { ConsentNames } from "./consent-defaults";
import { CONSENT_DEFAULTS_FUNCTION } from "./consent-defaults.inline";

/**
 * Set on <html> by the defaults script when the visitor already chose, so the cookie bar that the
 * server renders for everyone stays hidden until the app (loaded on first interaction) takes over.
 */
export const CONSENT_SET_ATTRIBUTE = "data-consent-set";

/**
 * The head script of a page when a tag manager is configured: Consent Mode's defaults and the cookie
 * bar's first answers (consent-defaults.ts), as minified text.
 */
export const consentDefaultsScript = `(${CONSENT_DEFAULTS_FUNCTION})(${JSON.stringify({
  storage: CONSENT_STORAGE_KEY,
  cookie: CONSENT_COOKIE,
  chosen: CONSENT_SET_ATTRIBUTE,
} satisfies ConsentNames)});`;

// gtag.js reads consent commands only as Arguments objects, not as arrays.
function gtag(..._args: unknown[]): void {
  window.dataLayer = window.dataLayer ?? [];
  // eslint-disable-next-line prefer-rest-params
  window.dataLayer.push(arguments);
}

export function updateConsentMode(choice: ConsentChoice): void {
  // Ads storage stays denied: the site runs no advertising.
  gtag("consent", "update", { analytics_storage: choice === "accepted" ? "granted" : "denied" });
}

export const GTM_SCRIPT_ID = "gtm-script";

/** Adds the tag manager once; only called after the visitor accepted analytics. */
export function loadTagManager(gtmId: string): void {
  if (document.getElementById(GTM_SCRIPT_ID)) return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ "gtm.start": Date.now(), event: "gtm.js" });
  const script = document.createElement("script");
  script.id = GTM_SCRIPT_ID;
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`;
  // GTM re-uses this nonce for the inline tags it injects (CSP: script-src 'nonce-...').
  const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce;
  if (nonce) script.nonce = nonce;
  document.head.appendChild(script);
}
