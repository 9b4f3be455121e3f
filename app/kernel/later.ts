/**
 * A function for the pages' inline scripts: `later(f)` calls `f` once the page has loaded, a frame
 * has been painted after that, and the browser is idle (or 2 s later at the latest). The code a
 * page fetches without being asked (its islands, its enhancers, the page-speed reporter) then starts
 * after the page's own first and largest paints instead of racing them: on a page with no image,
 * `load` and an idle moment can both come before the first frame is painted.
 */
export const LATER_FUNCTION = `function later(f){function idle(){(window.requestIdleCallback||setTimeout)(f,{timeout:2000})}
function painted(){requestAnimationFrame(function(){setTimeout(idle,0)})}
document.readyState==="complete"?painted():addEventListener("load",painted,{once:true})}`;
