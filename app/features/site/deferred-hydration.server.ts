import { HOLD_REPLAY_FUNCTION } from "~/features/client-runtime/hold-replay.inline";
import { APP_HOLD } from "~/features/client-runtime/holds";
import { HYDRATED_EVENT } from "~/kernel/hydration-signal";

/**
 * The back office's application loads at `load` (docs/decisions/009-deferred-hydration.md,
 * docs/client-runtime.md): every page that runs it is all controls (public pages are documents, decision 031).
 *
 * React Router's <Scripts/> emits a modulepreload for every chunk (React hoists them into <head>)
 * and an inline module script that imports them all at once. This rewrite of the finished document
 * drops the preloads and parks the module script as inert text; a small inline loader starts it
 * after `load` (or at once when a tap or a send is held before that), so the page's first paint does
 * not wait for it. Until the application has hydrated, the client runtime (APP_HOLD) holds a tap on a
 * control that needs it (a button, or a link whose behaviour differs from its href: data-replay),
 * a form's send and the browser's own check of a data-own-errors form, and replays them once it runs;
 * what was typed or chosen meanwhile is handed to its state, and an element under a resting mouse
 * gets its hover again. If the application cannot load, held sends post natively and held links are
 * followed. Links, <details>, popovers and dialogs work natively meanwhile.
 */
export const DEFERRED_MODULE_TYPE = "text/x-deferred-module";
export const DEFERRED_MODULE_ID = "app-entry";

export const loaderScript = `(()=>{var d=document,n=d.currentScript&&d.currentScript.nonce,go=0,
H=(${HOLD_REPLAY_FUNCTION})(${JSON.stringify(APP_HOLD)},start);
function start(){if(go)return;go=1;var p=d.getElementById(${JSON.stringify(DEFERRED_MODULE_ID)});if(!p)return;var s=d.createElement("script");
s.type="module";if(n)s.nonce=n;s.textContent=p.textContent;s.onerror=function(){H.settle(d.documentElement,0)};d.body.appendChild(s)}
addEventListener(${JSON.stringify(HYDRATED_EVENT)},function(){H.settle(d.documentElement,1)},{once:true});
d.readyState==="complete"?start():addEventListener("load",start,{once:true})})();`;

const MODULE_SCRIPT = /<script\b([^>]*?) type="module" async=""([^>]*)>/;

/**
 * Rewrites a document rendered with <Scripts/>: no modulepreload, the entry module parked,
 * the loader after it. A document without the entry script (a page that ships no client
 * JavaScript) is returned unchanged.
 */
export function deferHydration(html: string, nonce?: string): string {
  const match = MODULE_SCRIPT.exec(html);
  if (!match) return html;
  const end = html.indexOf("</script>", match.index);
  if (end < 0) return html;
  const close = end + "</script>".length;
  const nonceAttr = nonce ? ` nonce="${nonce}"` : "";
  const parked = `<script${match[1]} type="${DEFERRED_MODULE_TYPE}" id="${DEFERRED_MODULE_ID}"${match[2]}>`;
  const rewritten =
    html.slice(0, match.index) +
    parked +
    html.slice(match.index + match[0].length, close) +
    `<script${nonceAttr}>${loaderScript}</script>` +
    html.slice(close);
  return rewritten.replace(/<link rel="modulepreload"[^>]*\/>/g, "");
}
