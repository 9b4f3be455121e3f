/** The element of a part that an enhancer improves: `data-enhance="<name>"` (see enhancerBootScript). */
export const ENHANCE_ATTRIBUTE = "data-enhance";
/** Set on the element once its enhancer runs; the stylesheet shows script-only controls from then on. */
export const ENHANCED_ATTRIBUTE = "data-enhanced";

/** What every `<name>.enhancer.ts` exports: it takes over one marked element of the page. */
export type Enhance = (element: HTMLElement) => void;

/**
 * The inline script of a public page that runs no application (docs/decisions/026-public-pages-as-documents.md).
 * After `load`, when the browser is idle (or at the visitor's first touch, key, focus or scroll, if
 * that comes first), it imports the enhancer of each part present on the page
 * (`data-enhance="<name>"`) and calls its `enhance` on every such element, which then carries
 * `data-enhanced`. A form of such a part that is sent before its enhancer runs is held and sent again
 * through the enhancer once it runs (the same path as a later one), a tap on a control that only a
 * script can run (`data-needs-script`) is held and replayed; a form marked `data-own-errors`
 * that fails the browser's own check (an empty address) shows the site's message instead of the
 * browser's bubble. If an enhancer cannot load, held forms are sent as plain forms and the browser's
 * check comes back: every form works without script.
 */
export function enhancerBootScript(modules: Record<string, string>): string {
  return `(()=>{var d=document,M=${JSON.stringify(modules).replaceAll("<", "\\u003c")},q=[],p=0;
function off(f){var c=f&&f.closest("[${ENHANCE_ATTRIBUTE}]");return c&&!c.hasAttribute("${ENHANCED_ATTRIBUTE}")}
function run(){if(p)return;p=1;var s={};d.querySelectorAll("[${ENHANCE_ATTRIBUTE}]").forEach(function(e){e.getAttribute("${ENHANCE_ATTRIBUTE}").split(" ").forEach(function(k){if(M[k])s[k]=1})});
Promise.allSettled(Object.keys(s).map(function(k){return import(M[k]).then(function(m){
d.querySelectorAll('[${ENHANCE_ATTRIBUTE}~="'+k+'"]').forEach(function(e){try{m.enhance(e);e.setAttribute("${ENHANCED_ATTRIBUTE}","")}catch(x){console.warn(x)}})})})).then(release)}
function release(){removeEventListener("submit",hold,true);removeEventListener("invalid",bad,true);removeEventListener("click",tap,true);
q.splice(0).forEach(function(x){var f=x.f;if(x.b){if(x.b.isConnected&&!off(x.b))x.b.click();return}if(!f.isConnected)return;
if(!off(f))x.v?f.dispatchEvent(new Event("submit",{bubbles:true,cancelable:true})):f.requestSubmit(x.s&&x.s.form===f?x.s:undefined);
else x.v?f.reportValidity():HTMLFormElement.prototype.submit.call(f)})}
function hold(e){var f=e.target;if(!(f instanceof HTMLFormElement)||!off(f))return;e.preventDefault();q.push({f:f,s:e.submitter});run()}
function bad(e){var f=e.target.form;if(!f||!f.hasAttribute("data-own-errors")||!off(f))return;e.preventDefault();
if(!q.some(function(x){return x.f===f}))q.push({f:f,v:1});run()}
function tap(e){var b=e.target.closest&&e.target.closest("[data-needs-script]");if(!b||!off(b))return;e.preventDefault();q.push({b:b});run()}
addEventListener("submit",hold,true);addEventListener("invalid",bad,true);addEventListener("click",tap,true);
["pointerdown","touchstart","keydown","focusin","scroll"].forEach(function(e){addEventListener(e,run,{once:true,passive:true,capture:true})});
function idle(){(window.requestIdleCallback||setTimeout)(run,{timeout:2000})}
d.readyState==="complete"?idle():addEventListener("load",idle,{once:true})})();`;
}
