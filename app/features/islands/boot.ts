import { ISLAND_HOLD } from "~/features/client-runtime/holds";
import { ISLAND_READY_EVENT } from "./island-constants";

/**
 * The inline script of a page with islands (docs/decisions/017-islands-and-per-request-pages.md,
 * 027-island-budgets.md, 040-islands-run-near-the-screen.md, docs/client-runtime.md). After `load`
 * and the next painted frame, when the browser is idle, it fetches each island present on the page
 * at low priority, without waiting for the visitor: a preload of the island's entry module first,
 * then of each module it imports, one per task (starting a fetch costs the main thread up to 10-20 ms
 * on a slow phone, and four in one task made a long one). A preloaded module is compiled but not run:
 * the island runs (its entry module is added, which evaluates the code and hydrates the island) once
 * the island comes within two screen heights of the view, so an island far down a page (the
 * questionnaire at the foot of the home page) costs nothing to a visitor who never scrolls there,
 * and is ready before one who does reaches it. A tap on an island's button before the island runs is
 * held by the client runtime (ISLAND_HOLD): drawn pressed at once (a submit button also busy), the
 * island run right away, and once it reports it runs (ISLAND_READY_EVENT) the held taps are replayed
 * in order, one per task. None is dropped: if the island's code cannot be fetched, a held submit
 * button sends its form as plain HTML would, and later taps are left to the browser.
 * The text is a part of the page's boot script (client-runtime/boot-script.ts), which supplies
 * `d`, `n`, `HR` and `later`.
 */
export function islandBoot(modules: Record<string, string[]>): string {
  return `var islandModules=${JSON.stringify(modules).replaceAll("<", "\\u003c")},M=islandModules,go=0,R={},io,
H=HR(${JSON.stringify(ISLAND_HOLD)},function(c){load();run(c.getAttribute("data-island"))});
function pre(u){var l=d.createElement("link");l.rel="modulepreload";l.href=u;l.fetchPriority="low";if(n)l.nonce=n;d.head.appendChild(l)}
function run(k){if(R[k]||!M[k]||!M[k].length)return;R[k]=1;if(io)d.querySelectorAll('[data-island="'+k+'"]').forEach(function(c){io.unobserve(c)});
var s=d.createElement("script");s.type="module";s.src=M[k][0];s.fetchPriority="low";if(n)s.nonce=n;
s.onerror=function(){d.querySelectorAll('[data-island="'+k+'"]').forEach(function(c){H.settle(c,0)})};d.body.appendChild(s)}
function load(){if(go)return;go=1;io=window.IntersectionObserver&&new IntersectionObserver(function(es){es.forEach(function(e){if(e.isIntersecting)run(e.target.getAttribute("data-island"))})},{rootMargin:"200% 0px"});
Object.keys(M).forEach(function(k){var c=d.querySelectorAll('[data-island="'+k+'"]');if(!c.length||!M[k].length)return;
M[k].forEach(function(u,i){i?setTimeout(function(){pre(u)},0):pre(u)});io?c.forEach(function(e){io.observe(e)}):run(k)})}
addEventListener(${JSON.stringify(ISLAND_READY_EVENT)},function(e){H.settle(e.target,1)},true);
function ready(){later(load)}
d.prerendering?d.addEventListener("prerenderingchange",ready,{once:true}):ready()`;
}
