import { ISLAND_READY_EVENT, ISLAND_RUNNING_ATTRIBUTE } from "./island-constants";

/** Marks a control tapped before its island runs; the stylesheet draws it pressed at once. */
export const TAPPED_ATTRIBUTE = "data-tapped";

/**
 * The inline script of a page with islands (docs/decisions/017-islands-and-per-request-pages.md).
 * After `load`, when the browser is idle, it fetches each island present on the page at low
 * priority, without waiting for the visitor. A tap on an island's control before the island runs
 * is held: the control shows its pressed state at once, the island's code is fetched right away,
 * and once the island reports it runs (ISLAND_READY_EVENT) the held taps are replayed in order,
 * one per task so each lands on what the previous one rendered. None is dropped.
 */
export function islandBootScript(modules: Record<string, string[]>): string {
  return `(()=>{var d=document,n=d.currentScript&&d.currentScript.nonce,M=${JSON.stringify(modules).replaceAll("<", "\\u003c")},q=[],go=0;
function load(){if(go)return;go=1;Object.keys(M).forEach(function(k){if(!d.querySelector('[data-island="'+k+'"]')||!M[k].length)return;
M[k].forEach(function(u){var l=d.createElement("link");l.rel="modulepreload";l.href=u;l.fetchPriority="low";if(n)l.nonce=n;d.head.appendChild(l)});
var s=d.createElement("script");s.type="module";s.src=M[k][0];if(n)s.nonce=n;d.body.appendChild(s)})}
addEventListener("click",function(e){var t=e.target,c=t&&t.closest&&t.closest("[data-island]");
if(!c||c.hasAttribute(${JSON.stringify(ISLAND_RUNNING_ATTRIBUTE)}))return;var b=t.closest("button,[role=button]");
if(!b||b.disabled||!c.contains(b))return;e.preventDefault();e.stopImmediatePropagation();
b.setAttribute(${JSON.stringify(TAPPED_ATTRIBUTE)},"");q.push(b);load()},true);
addEventListener(${JSON.stringify(ISLAND_READY_EVENT)},function(e){var c=e.target,mine=q.filter(function(b){return c.contains(b)});
q=q.filter(function(b){return !c.contains(b)});(function next(){var b=mine.shift();if(!b)return;
b.removeAttribute(${JSON.stringify(TAPPED_ATTRIBUTE)});if(b.isConnected)b.click();setTimeout(next,0)})()},true);
function idle(){(window.requestIdleCallback||setTimeout)(load)}
d.readyState==="complete"?idle():addEventListener("load",idle,{once:true})})();`;
}
