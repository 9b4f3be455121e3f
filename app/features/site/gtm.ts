import type { ConsentChoice } from "./consent-store";
import { CONSENT_STORAGE_KEY } from "./consent-store";
import { CONSENT_COOKIE } from "~/infra/consent-cookie";

/**
 * Set on <html> by the defaults script when the visitor already chose, so the cookie bar that the
 * server renders for everyone stays hidden until the app (loaded on first interaction) takes over.
 */
export const CONSENT_SET_ATTRIBUTE = "data-consent-set";

/**
 * Google Consent Mode v2 defaults, run inline in <head> before any other script when a tag manager
 * is configured (root.tsx; without one there is nothing to consent to):
 * everything denied until the visitor accepts. A returning visitor who accepted
 * earlier gets the update right away so the first page view is measured. Until the app has
 * hydrated (it loads on first interaction), this script also answers the cookie bar's buttons,
 * so a choice made at once is kept even if the visitor leaves before the app runs. Before and after
 * hydration it tells the server every choice: the CONSENT_COOKIE (which only records the choice)
 * and POST /api/first-touch, which remembers how an accepting visitor found the site and forgets it
 * on a rejection (app/infra/first-touch.ts).
 */
export const consentDefaultsScript = `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}
gtag('consent','default',{ad_storage:'denied',ad_user_data:'denied',ad_personalization:'denied',analytics_storage:'denied',functionality_storage:'denied',personalization_storage:'denied',security_storage:'granted',wait_for_update:500});
try{var c=localStorage.getItem(${JSON.stringify(CONSENT_STORAGE_KEY)});if(c==='accepted'){gtag('consent','update',{analytics_storage:'granted'});}
if(c==='accepted'||c==='rejected'){document.documentElement.setAttribute(${JSON.stringify(CONSENT_SET_ATTRIBUTE)},'');
if(document.cookie.indexOf(${JSON.stringify(CONSENT_COOKIE)}+'='+c)<0)mjcKeepConsent(c);}}catch(e){}
function mjcKeepConsent(v){document.cookie=${JSON.stringify(CONSENT_COOKIE)}+'='+v+';path=/;max-age=31536000;samesite=lax'+(location.protocol==='https:'?';secure':'');}
document.addEventListener('click',function(e){var h=document.documentElement,b=e.target.closest&&e.target.closest('[data-consent-choice]');
if(!b)return;var v=b.getAttribute('data-consent-choice');mjcKeepConsent(v);fetch('/api/first-touch',{method:'POST',keepalive:true,
headers:{'content-type':'application/json'},body:JSON.stringify({page:location.pathname+location.search,referrer:document.referrer})}).catch(function(){});
if(h.hasAttribute('data-hydrated'))return;try{localStorage.setItem(${JSON.stringify(CONSENT_STORAGE_KEY)},v);}catch(e){}
gtag('consent','update',{analytics_storage:v==='accepted'?'granted':'denied'});h.setAttribute(${JSON.stringify(CONSENT_SET_ATTRIBUTE)},'');},true);`;

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
