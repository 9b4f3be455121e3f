/**
 * Calls `changed` with the page's height once at the start and whenever it changes. The height is
 * read where the browser has just laid the page out (a ResizeObserver's callback), never in an
 * enhancer's start-up task or a scroll event, where reading it would force a layout of the whole
 * page. Returns how to stop watching.
 */
export function watchPageHeight(changed: (height: number) => void): () => void {
  const observer = new ResizeObserver(() => changed(document.documentElement.scrollHeight));
  observer.observe(document.documentElement);
  return () => observer.disconnect();
}

/**
 * How far down the page the visitor has scrolled, 0 to 100, given the page's height (as
 * `watchPageHeight` reports it) and the window's. A page that cannot scroll counts as read to the end.
 */
export function scrollPercent(scrollY: number, pageHeight: number, viewportHeight: number): number {
  const scrollable = pageHeight - viewportHeight;
  if (scrollable <= 0) return 100;
  return Math.min(100, Math.max(0, (scrollY / scrollable) * 100));
}
