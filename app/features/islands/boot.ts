import { LATER_FUNCTION } from "~/features/site/later";
import { ISLAND_READY_EVENT, ISLAND_RUNNING_ATTRIBUTE } from "./island-constants";

/** Marks a control tapped before its island runs; the stylesheet draws it pressed at once. */
export const TAPPED_ATTRIBUTE = "data-tapped";

/** Set on an island's container when its code could not be fetched: its controls work as plain HTML. */
export const ISLAND_FAILED_ATTRIBUTE = "data-island-failed";

/**
 * The inline script of a page with islands (docs/decisions/017-islands-and-per-request-pages.md,
 * 027-island-budgets.md). After `load` and the next painted frame, when the browser is idle, it fetches each island present on
 * the page at low priority, without waiting for the visitor: the island's entry module first, then
 * a preload of each module it imports, one per task (starting a fetch costs the main thread up to
 * 10-20 ms on a slow phone, and four in one task made a long one). A tap on an island's control before the
 * island runs is held: the control shows its pressed state at once (a submit button also shows busy),
 * the island's code is fetched right away, and once the island reports it runs (ISLAND_READY_EVENT)
 * the held taps are replayed in order, one per task so each lands on what the previous one rendered.
 * None is dropped: if the island's code cannot be fetched, a held submit button sends its form as
 * plain HTML would, and later taps are left to the browser.
 */
export function islandBootScript(modules: Record<string, string[]>): string {
  const tapped = JSON.stringify(TAPPED_ATTRIBUTE);
  const running = JSON.stringify(ISLAND_RUNNING_ATTRIBUTE);
  const failed = JSON.stringify(ISLAND_FAILED_ATTRIBUTE);
  return `(()=>{var d=document,n=d.currentScript&&d.currentScript.nonce,M=${JSON.stringify(modules).replaceAll("<", "\\u003c")},q=[],go=0;
function rel(b){b.removeAttribute(${tapped});if(b.type==="submit")b.removeAttribute("aria-busy")}
function mine(c){var m=q.filter(function(b){return c.contains(b)});q=q.filter(function(b){return !c.contains(b)});return m}
function fail(k){d.querySelectorAll('[data-island="'+k+'"]').forEach(function(c){c.setAttribute(${failed},"");
mine(c).forEach(function(b){rel(b);if(b.type==="submit"&&b.form&&b.isConnected)b.form.requestSubmit(b)})})}
function load(){if(go)return;go=1;Object.keys(M).forEach(function(k){if(!d.querySelector('[data-island="'+k+'"]')||!M[k].length)return;
var s=d.createElement("script");s.type="module";s.src=M[k][0];s.fetchPriority="low";if(n)s.nonce=n;s.onerror=function(){fail(k)};d.body.appendChild(s);
M[k].slice(1).forEach(function(u){setTimeout(function(){var l=d.createElement("link");l.rel="modulepreload";l.href=u;l.fetchPriority="low";if(n)l.nonce=n;d.head.appendChild(l)},0)})})}
addEventListener("click",function(e){var t=e.target,c=t&&t.closest&&t.closest("[data-island]");
if(!c||c.hasAttribute(${running})||c.hasAttribute(${failed}))return;var b=t.closest("button,[role=button]");
if(!b||b.disabled||!c.contains(b))return;e.preventDefault();e.stopImmediatePropagation();
b.setAttribute(${tapped},"");if(b.type==="submit")b.setAttribute("aria-busy","true");q.push(b);load()},true);
addEventListener(${JSON.stringify(ISLAND_READY_EVENT)},function(e){var m=mine(e.target);
(function next(){var b=m.shift();if(!b)return;rel(b);if(b.isConnected)b.click();setTimeout(next,0)})()},true);
${LATER_FUNCTION}
function ready(){later(load)}
d.prerendering?d.addEventListener("prerenderingchange",ready,{once:true}):ready()})();`;
}
