// Made by `npm run build:runtime` (scripts/build-client-runtime.ts) from checkout-live-run.ts: do not edit.

/** runCheckoutLive (checkout-live-run.ts), minified: the text of a function expression for /success and /cancel. */
export const CHECKOUT_LIVE_FUNCTION =
  'function w(l,e){const a=window;a.dataLayer=a.dataLayer??[],a.dataLayer.push({...e.event});const t=s=>l.querySelector(`[data-live-${s}]`);let n=e.seconds,i=0,r=!1;const d=()=>window.clearInterval(i),u=()=>{n=Math.max(0,n-1);const s=t("seconds");s&&(s.textContent=String(n)),!(n>0)&&(d(),window.location.assign(e.to))},o=t("stay");o&&o.addEventListener("click",()=>{r=!0,d(),t("countdown")?.setAttribute("hidden",""),t("stayed")?.removeAttribute("hidden")});const c=()=>{r||(i=window.setInterval(u,1e3))};e.processingMs>0?window.setTimeout(c,e.processingMs):c()}';
