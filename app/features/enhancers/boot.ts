import { LATER_FUNCTION } from "~/features/site/later";

/** The element of a part that an enhancer improves: `data-enhance="<name>"` (see enhancerBootScript). */
export const ENHANCE_ATTRIBUTE = "data-enhance";
/** Set on the element once its enhancer runs; the stylesheet shows script-only controls from then on. */
export const ENHANCED_ATTRIBUTE = "data-enhanced";

/** What every `<name>.enhancer.ts` exports: it takes over one marked element of the page. */
export type Enhance = (element: HTMLElement) => void;

/**
 * Marks a part whose enhancer is fetched only when the part comes near the screen (within one screen
 * height), or when the visitor focuses, taps or sends something in it first: parts far down a page
 * (the testimonials, the newsletter forms) cost nothing to a visitor who never gets there.
 */
export const ENHANCE_NEAR_ATTRIBUTE = "data-enhance-near";

/**
 * Marks a part that works as a plain form until used (the newsletter forms): its enhancer is fetched
 * when the visitor focuses, taps or sends something in it, and a send made before it runs is held
 * (its button busy) and sent again through it. A visitor who never uses the form fetches nothing for it.
 */
export const ENHANCE_ON_USE_ATTRIBUTE = "data-enhance-on-use";

/**
 * Set on `<html>` once every part that does not wait to come near or to be used has its enhancer
 * run (or failed to load it): the page's own "nothing left to load" signal, which tests wait for
 * instead of a quiet network (the enhancers start when the browser is idle after load, which can be
 * seconds after the network went quiet).
 */
export const ENHANCERS_SETTLED_ATTRIBUTE = "data-enhancers-settled";

/**
 * The inline script of a public page that runs no application (docs/decisions/026-public-pages-as-documents.md,
 * 031-island-pages-as-documents.md). After `load` and the next painted frame, when the browser is idle (or at the visitor's first
 * touch, key, focus or scroll, if that comes first), it imports the enhancer of each part present on
 * the page (`data-enhance="<name>"`) and calls its `enhance` on every such element, which then carries
 * `data-enhanced`; a part marked `data-enhance-near` waits until it comes near the screen, one marked
 * `data-enhance-on-use` until it is used. A form of
 * such a part that is sent before its enhancer runs is held and sent again through the enhancer once
 * it runs (the same path as a later one), a tap on a control that only a script can run
 * (`data-needs-script`), or on a link whose enhancer changes where it goes (`data-replay`), is held,
 * marked `data-tapped` (drawn pressed) and replayed (a held send marks its button `aria-busy`; a held
 * link whose enhancer cannot load is followed); a form marked
 * `data-own-errors` that fails the browser's own check (an empty address) shows the site's message
 * instead of the browser's bubble. Any of these, or a focus inside a part, fetches that part's
 * enhancer at once. If an enhancer cannot load, the part's held forms are sent as plain forms and
 * the browser's check comes back: every form works without script. A page being prerendered
 * (Speculation Rules) starts nothing until it is shown.
 */
export function enhancerBootScript(modules: Record<string, string>): string {
  const attr = ENHANCE_ATTRIBUTE;
  const done = ENHANCED_ATTRIBUTE;
  const near = ENHANCE_NEAR_ATTRIBUTE;
  const onUse = ENHANCE_ON_USE_ATTRIBUTE;
  const settled = ENHANCERS_SETTLED_ATTRIBUTE;
  return `(()=>{var d=document,M=${JSON.stringify(modules).replaceAll("<", "\\u003c")},q=[],L={},p=0,io;
function box(x){return x&&x.closest&&x.closest("[${attr}]")}
function off(x){var c=box(x);return c&&!c.hasAttribute("${done}")}
function load(k){return L[k]||(L[k]=import(M[k]).then(function(m){d.querySelectorAll('[${attr}~="'+k+'"]').forEach(function(e){
if(e.hasAttribute("${done}"))return;try{m.enhance(e);e.setAttribute("${done}","")}catch(x){console.warn(x)}})}))}
function start(c){if(!c)return;if(c.s){if(c.d)flush(c);return c.s}if(io)io.unobserve(c);return c.s=Promise.allSettled(c.getAttribute("${attr}").split(" ").filter(function(k){return M[k]}).map(load)).then(function(){c.d=1;flush(c)})}
function flush(c){q=q.filter(function(x){var f=x.f||x.b;if(!c.contains(f))return 1;
if(x.b){x.b.removeAttribute("data-tapped");if(x.b.isConnected&&!off(x.b))x.b.click();else if(x.b.href)location.assign(x.b.href);return 0}if(x.s)x.s.removeAttribute("aria-busy");if(!f.isConnected)return 0;
if(!off(f))x.v?f.dispatchEvent(new Event("submit",{bubbles:true,cancelable:true})):f.requestSubmit(x.s&&x.s.form===f?x.s:undefined);
else x.v?f.reportValidity():HTMLFormElement.prototype.submit.call(f);return 0})}
function run(){if(p)return;p=1;io=window.IntersectionObserver&&new IntersectionObserver(function(es){es.forEach(function(e){if(e.isIntersecting)start(e.target)})},{rootMargin:"100% 0px"});
var w=[];d.querySelectorAll("[${attr}]:not([${onUse}])").forEach(function(e){e.hasAttribute("${near}")&&io?io.observe(e):w.push(start(e))});
Promise.allSettled(w).then(function(){d.documentElement.setAttribute("${settled}","")})}
function hold(e){var f=e.target;if(!(f instanceof HTMLFormElement)||!off(f))return;e.preventDefault();if(e.submitter)e.submitter.setAttribute("aria-busy","true");q.push({f:f,s:e.submitter});start(box(f))}
function bad(e){var f=e.target.form;if(!f||!f.hasAttribute("data-own-errors")||!off(f))return;e.preventDefault();
if(!q.some(function(x){return x.f===f}))q.push({f:f,v:1});start(box(f))}
function tap(e){var b=e.target.closest&&e.target.closest("[data-needs-script],a[data-replay]");if(!b||!off(b))return;e.preventDefault();b.setAttribute("data-tapped","");q.push({b:b});start(box(b))}
addEventListener("submit",hold,true);addEventListener("invalid",bad,true);addEventListener("click",tap,true);
addEventListener("focusin",function(e){if(off(e.target))start(box(e.target))},true);
["pointerdown","touchstart","keydown","focusin","scroll"].forEach(function(e){addEventListener(e,run,{once:true,passive:true,capture:true})});
${LATER_FUNCTION}
function ready(){later(run)}
d.prerendering?d.addEventListener("prerenderingchange",ready,{once:true}):ready()})();`;
}
