import type { ConsentChoice } from "./consent";
import { CONSENT_STORAGE_KEY } from "./consent";

/**
 * Google Consent Mode v2 defaults, run inline in <head> before any other script:
 * everything denied until the visitor accepts. A returning visitor who accepted
 * earlier gets the update right away so the first page view is measured.
 */
export const consentDefaultsScript = `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}
gtag('consent','default',{ad_storage:'denied',ad_user_data:'denied',ad_personalization:'denied',analytics_storage:'denied',functionality_storage:'denied',personalization_storage:'denied',security_storage:'granted',wait_for_update:500});
try{if(localStorage.getItem(${JSON.stringify(CONSENT_STORAGE_KEY)})==='accepted'){gtag('consent','update',{analytics_storage:'granted'});}}catch(e){}`;

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
