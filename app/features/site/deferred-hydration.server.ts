import { CONSENT_STORAGE_KEY } from "./consent";
import { HYDRATE_ON_LOAD_ATTRIBUTE, HYDRATED_EVENT } from "./hydration-signal";

/**
 * Client JavaScript waits until the visitor shows intent (docs/decisions/009-deferred-hydration.md).
 *
 * React Router's <Scripts/> emits a modulepreload for every chunk (React hoists them into <head>)
 * and an inline module script that imports them all at once. On a phone those ~150 KB fight the
 * first paint and the hero image. This rewrite of the finished document drops the preloads and
 * parks the module script as inert text; a small inline loader starts it on the first sign of
 * use — pointer, touch, key, focus, scroll — or right after `load` for a visitor who accepted
 * analytics (their page view must be counted) and on pages that are all controls
 * (HYDRATE_ON_LOAD_ATTRIBUTE: the back office). Clicks on JavaScript-only controls and form
 * submissions made before the app is running are queued and replayed once it has hydrated, so
 * none is lost and each takes the same path as later ones; if the app cannot load, queued forms
 * post natively (they all work without JavaScript). Links, <details> and CSS controls work natively meanwhile;
 * a link whose app behaviour differs from its href (data-replay) waits too, and follows its href if
 * the app cannot load. A form marked data-own-errors that fails the browser's own check (an empty
 * required field) shows no browser bubble: it is handed to the app once it runs, which shows the
 * site's message (the bubble comes back if the app cannot load). What was typed (or a file chosen) before hydration is handed to the app's
 * state (an input or change event after hydration), and an element under a resting mouse pointer gets its hover again.
 * Islands (data-island, decision 017) hold and replay their own taps, so this loader leaves them alone.
 */
export const DEFERRED_MODULE_TYPE = "text/x-deferred-module";
export const DEFERRED_MODULE_ID = "app-entry";

export const loaderScript = `(()=>{var d=document,n=d.currentScript&&d.currentScript.nonce,q=[],go=0,
E=["pointerdown","pointerover","touchstart","keydown","focusin","scroll","wheel"],o={capture:true,passive:true};
function start(){if(go)return;go=1;E.forEach(function(e){removeEventListener(e,start,o)});
var p=d.getElementById(${JSON.stringify(DEFERRED_MODULE_ID)});if(!p)return;var s=d.createElement("script");
s.type="module";if(n)s.nonce=n;s.textContent=p.textContent;s.onerror=function(){release(0)};d.body.appendChild(s)}
E.forEach(function(e){addEventListener(e,start,o)});
function park(e){var t=e.target,b=t&&t.closest&&!t.closest("[data-island]")&&t.closest("[data-replay],button,[role=button]");
if(!b||b.disabled||b.hasAttribute("popovertarget")||b.hasAttribute("commandfor"))return;
if(b.tagName==="BUTTON"&&b.type!=="button"&&b.form)return;if(b.tagName==="A")e.preventDefault();q.push(b);start()}
function hold(e){if(!(e.target instanceof HTMLFormElement))return;e.preventDefault();q.push({f:e.target,s:e.submitter});start()}
function bad(e){var f=e.target.form;if(!f||!f.hasAttribute("data-own-errors"))return;e.preventDefault();
if(!q.some(function(x){return x.f===f}))q.push({f:f,v:1});start()}
var typed=new Map();function note(e){var t=e.target;if(t.closest&&t.closest("[data-island]"))return;if(t instanceof HTMLInputElement&&t.type==="file")typed.set(t,null);
else if(t instanceof HTMLTextAreaElement||t instanceof HTMLSelectElement||
t instanceof HTMLInputElement&&!/^(checkbox|radio|hidden)$/.test(t.type))typed.set(t,t.value)}
function release(hydrated){removeEventListener("click",park,true);removeEventListener("submit",hold,true);
removeEventListener("input",note,true);removeEventListener("change",note,true);removeEventListener("invalid",bad,true);
var p=Promise.resolve();if(hydrated)typed.forEach(function(v,t){p=p.then(function(){if(!t.isConnected)return;
if(v===null)return t.dispatchEvent(new Event("change",{bubbles:true}));t.value="";
Object.getOwnPropertyDescriptor(Object.getPrototypeOf(t),"value").set.call(t,v);
t.dispatchEvent(new Event(t instanceof HTMLSelectElement?"change":"input",{bubbles:true}))})});
p.then(function(){}).then(function(){
q.splice(0).forEach(function(x,i,a){if(x.v){if(x.f.isConnected)hydrated?x.f.dispatchEvent(new Event("submit",{bubbles:true,cancelable:true})):x.f.reportValidity()}
else if(x.f){if(x.f.isConnected)x.f.requestSubmit(x.s&&x.s.form===x.f?x.s:undefined)}
else if((hydrated||x.tagName==="A")&&x.isConnected&&a.indexOf(x)===i)x.click()});
var h=hydrated&&matchMedia("(hover: hover)").matches&&d.querySelectorAll(":hover");
if(h&&h.length)h[h.length-1].dispatchEvent(new PointerEvent("pointerover",{bubbles:true,pointerType:"mouse",isPrimary:true}))})}
addEventListener("click",park,true);addEventListener("submit",hold,true);
addEventListener("input",note,true);addEventListener("change",note,true);addEventListener("invalid",bad,true);
addEventListener(${JSON.stringify(HYDRATED_EVENT)},function(){release(1)},{once:true});
var soon=d.querySelector("[${HYDRATE_ON_LOAD_ATTRIBUTE}]");try{soon=soon||localStorage.getItem(${JSON.stringify(CONSENT_STORAGE_KEY)})==="accepted"}catch(e){}
if(soon)d.readyState==="complete"?start():addEventListener("load",start,{once:true})})();`;

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
