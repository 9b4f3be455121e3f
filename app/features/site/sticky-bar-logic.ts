/** Rules of the sticky bottom action bar on service pages. */

export const STICKY_BAR_THRESHOLD_PERCENT = 50;

/** How far the page is scrolled, 0-100. A page that cannot scroll counts as fully scrolled. */
export function scrollPercent(scrollY: number, viewportHeight: number, documentHeight: number): number {
  const scrollable = documentHeight - viewportHeight;
  if (scrollable <= 0) return 100;
  return Math.min(100, Math.max(0, (scrollY / scrollable) * 100));
}

export function stickyBarVisible(state: {
  percent: number;
  threshold?: number;
  formVisible: boolean;
  dismissed: boolean;
}): boolean {
  if (state.dismissed || state.formVisible) return false;
  return state.percent >= (state.threshold ?? STICKY_BAR_THRESHOLD_PERCENT);
}
