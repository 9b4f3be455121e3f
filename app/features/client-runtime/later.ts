/**
 * `later(run)` calls `run` once the page has loaded, its first contentful paint and its priority
 * elements (`elementtiming`: a hero image, or a message a page shows after a delay, the likely
 * largest paint) have been shown, and the browser is idle: the code a page fetches without being
 * asked (its islands, its enhancers, the page-speed reporter) then starts after the page's own first
 * and largest paints instead of racing them. `load` and an idle
 * moment can both come before the first frame reaches the screen, and a hero image can be shown
 * a few frames after `load`: only the browser's paint and element timings say when they were shown.
 * A browser without them starts at the first frame and idle moment after `load`; none waits over 2 s
 * for them.
 *
 * The pages' inline scripts carry it minified (later.inline.ts, `npm run build:runtime`).
 */
export function later(run: () => void): void {
  // Through a frame: a page in a background tab paints none, so it starts nothing until it is shown.
  let go = () => {
    go = () => {};
    requestAnimationFrame(() => {
      if ("requestIdleCallback" in window) requestIdleCallback(run, { timeout: 2000 });
      else setTimeout(run, 0);
    });
  };
  const shown = () => {
    const types = window.PerformanceObserver?.supportedEntryTypes || [];
    const waiting = new Set<unknown>(types.includes("element") ? document.querySelectorAll("[elementtiming]") : []);
    if (types.includes("paint")) waiting.add("first-contentful-paint");
    if (!waiting.size) return go();
    const timings = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) waiting.delete("element" in entry ? entry.element : entry.name);
      if (waiting.size) return;
      timings.disconnect();
      go();
    });
    for (const type of ["paint", "element"]) if (types.includes(type)) timings.observe({ type, buffered: true });
    setTimeout(() => go(), 2000);
  };
  if (document.readyState === "complete") shown();
  else addEventListener("load", shown, { once: true });
}
