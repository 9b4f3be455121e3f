import vitalsUrl from "virtual:vitals-url";
import { LATER_FUNCTION } from "~/kernel/later";
import { useNonce } from "~/ui/nonce";

/**
 * Loads start-vitals.ts once the page has loaded and painted and the browser is idle (`later`), so measuring never
 * competes with the page itself; the page needs no other script for it. The URL is an attribute,
 * so the script's text is the same on every page.
 */
export const vitalsBootstrap = `(()=>{var u=document.currentScript&&document.currentScript.dataset.src;if(!u)return;
${LATER_FUNCTION}
later(function(){import(u).then(function(m){m.startVitals()}).catch(function(){})})})();`;

export function VitalsLoader() {
  const nonce = useNonce();
  if (!vitalsUrl) return null;
  return (
    <script
      nonce={nonce}
      data-src={vitalsUrl}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: vitalsBootstrap }}
    />
  );
}
