import { LATER_FUNCTION } from "~/features/site/later";
import { ISLAND_READY_EVENT, ISLAND_RUNNING_ATTRIBUTE } from "./island-constants";

/** Marks a control tapped before its island runs; the stylesheet draws it pressed at once. */
export const TAPPED_ATTRIBUTE = "data-tapped";

/** Set on an island's container when its code could not be fetched: its controls work as plain HTML. */
export const ISLAND_FAILED_ATTRIBUTE = "data-island-failed";

/**
 * The inline script of a page with islands (docs/decisions/017-islands-and-per-request-pages.md,
 * 027-island-budgets.md, 040-islands-run-near-the-screen.md). After `load` and the next painted
 * frame, when the browser is idle, it fetches each island present on the page at low priority,
 * without waiting for the visitor: a preload of the island's entry module first, then of each module
 * it imports, one per task (starting a fetch costs the main thread up to 10-20 ms on a slow phone,
 * and four in one task made a long one). A preloaded module is compiled but not run: the island runs
 * (its entry module is added, which evaluates the code and hydrates the island) once the island
 * comes within two screen heights of the view, so an island far down a page (the questionnaire at
 * the foot of the home page) costs nothing to a visitor who never scrolls there, and is ready before
 * one who does reaches it. A tap on an island's control before the
 * island runs is held: the control shows its pressed state at once (a submit button also shows busy),
 * the island runs right away, and once it reports it runs (ISLAND_READY_EVENT)
 * the held taps are replayed in order, one per task so each lands on what the previous one rendered.
 * None is dropped: if the island's code cannot be fetched, a held submit button sends its form as
 * plain HTML would, and later taps are left to the browser.
 */
export function islandBootScript(modules: Record<string, string[]>): string {
  const tapped = JSON.stringify(TAPPED_ATTRIBUTE);
  const running = JSON.stringify(ISLAND_RUNNING_ATTRIBUTE);
  const failed = JSON.stringify(ISLAND_FAILED_ATTRIBUTE);
  return `(()=>{var d=document,n=d.currentScript&&d.currentScript.nonce,M=${JSON.stringify(modules).replaceAll("<", "\\u003c")},q=[],go=0,R={},io;
function rel(b){b.removeAttribute(${tapped});if(b.type==="submit")b.removeAttribute("aria-busy")}
function mine(c){var m=q.filter(function(b){return c.contains(b)});q=q.filter(function(b){return !c.contains(b)});return m}
function fail(k){d.querySelectorAll('[data-island="'+k+'"]').forEach(function(c){c.setAttribute(${failed},"");
mine(c).forEach(function(b){rel(b);if(b.type==="submit"&&b.form&&b.isConnected)b.form.requestSubmit(b)})})}
function pre(u){var l=d.createElement("link");l.rel="modulepreload";l.href=u;l.fetchPriority="low";if(n)l.nonce=n;d.head.appendChild(l)}
function run(k){if(R[k]||!M[k]||!M[k].length)return;R[k]=1;if(io)d.querySelectorAll('[data-island="'+k+'"]').forEach(function(c){io.unobserve(c)});
var s=d.createElement("script");s.type="module";s.src=M[k][0];s.fetchPriority="low";if(n)s.nonce=n;s.onerror=function(){fail(k)};d.body.appendChild(s)}
function load(){if(go)return;go=1;io=window.IntersectionObserver&&new IntersectionObserver(function(es){es.forEach(function(e){if(e.isIntersecting)run(e.target.getAttribute("data-island"))})},{rootMargin:"200% 0px"});
Object.keys(M).forEach(function(k){var c=d.querySelectorAll('[data-island="'+k+'"]');if(!c.length||!M[k].length)return;
M[k].forEach(function(u,i){i?setTimeout(function(){pre(u)},0):pre(u)});io?c.forEach(function(e){io.observe(e)}):run(k)})}
addEventListener("click",function(e){var t=e.target,c=t&&t.closest&&t.closest("[data-island]");
if(!c||c.hasAttribute(${running})||c.hasAttribute(${failed}))return;var b=t.closest("button,[role=button]");
if(!b||b.disabled||!c.contains(b))return;e.preventDefault();e.stopImmediatePropagation();
b.setAttribute(${tapped},"");if(b.type==="submit")b.setAttribute("aria-busy","true");q.push(b);load();run(c.getAttribute("data-island"))},true);
addEventListener(${JSON.stringify(ISLAND_READY_EVENT)},function(e){var m=mine(e.target);
(function next(){var b=m.shift();if(!b)return;rel(b);if(b.isConnected)b.click();setTimeout(next,0)})()},true);
${LATER_FUNCTION}
function ready(){later(load)}
d.prerendering?d.addEventListener("prerenderingchange",ready,{once:true}):ready()})();`;
}
