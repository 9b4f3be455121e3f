import { ENHANCE_ATTRIBUTE, ENHANCED_ATTRIBUTE, ENHANCER_HOLD } from "~/features/client-runtime/holds";

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
 * 031-island-pages-as-documents.md, docs/client-runtime.md). After `load` and the next painted frame,
 * when the browser is idle (or at the visitor's first touch, key, focus or scroll, if that comes
 * first), it imports the enhancer of each part present on the page (`data-enhance="<name>"`) and
 * calls its `enhance` on every such element, which then carries `data-enhanced`; a part marked
 * `data-enhance-near` waits until it comes near the screen, one marked `data-enhance-on-use` until it
 * is used. Until a part's enhancers have run, the client runtime (ENHANCER_HOLD) holds a send of its
 * forms, a tap on a control only a script runs (`data-needs-script`) or on a link whose enhancer
 * changes where it goes (`data-replay`), and the browser's own check of a `data-own-errors` form;
 * each of these, or a focus inside the part, fetches the part's enhancer at once, and once it has run
 * (or failed to load) they are replayed through it (or done as plain HTML). A page being prerendered
 * (Speculation Rules) starts nothing until it is shown. The text is a part of the page's boot script
 * (client-runtime/boot-script.ts), which supplies `d`, `HR`, `IM` and `later`.
 */
export function enhancerBoot(modules: Record<string, string>): string {
  const attr = ENHANCE_ATTRIBUTE;
  const done = ENHANCED_ATTRIBUTE;
  const near = ENHANCE_NEAR_ATTRIBUTE;
  const onUse = ENHANCE_ON_USE_ATTRIBUTE;
  const settled = ENHANCERS_SETTLED_ATTRIBUTE;
  return `var enhancerModules=${JSON.stringify(modules).replaceAll("<", "\\u003c")},M=enhancerModules,L={},p=0,io,
H=HR(${JSON.stringify(ENHANCER_HOLD)},start);
function load(k){return L[k]||(L[k]=IM(M[k]).then(function(m){d.querySelectorAll('[${attr}~="'+k+'"]').forEach(function(e){
if(e.hasAttribute("${done}"))return;try{m.enhance(e);e.setAttribute("${done}","")}catch(x){console.warn(x)}})}))}
function start(c){if(!c||c.s)return c&&c.s;if(io)io.unobserve(c);return c.s=Promise.allSettled(c.getAttribute("${attr}").split(" ").filter(function(k){return M[k]}).map(load)).then(function(){H.settle(c,c.hasAttribute("${done}"))})}
function run(){if(p)return;p=1;io=window.IntersectionObserver&&new IntersectionObserver(function(es){es.forEach(function(e){if(e.isIntersecting)start(e.target)})},{rootMargin:"100% 0px"});
var w=[];d.querySelectorAll("[${attr}]:not([${onUse}])").forEach(function(e){e.hasAttribute("${near}")&&io?io.observe(e):w.push(start(e))});
Promise.allSettled(w).then(function(){d.documentElement.setAttribute("${settled}","")})}
addEventListener("focusin",function(e){start(H.waiting(e.target))},true);
["pointerdown","touchstart","keydown","focusin","scroll"].forEach(function(e){addEventListener(e,run,{once:true,passive:true,capture:true})});
function ready(){later(run)}
d.prerendering?d.addEventListener("prerenderingchange",ready,{once:true}):ready()`;
}
