/** Rules of the testimonials carousel. */

export const MOBILE_BREAKPOINT_PX = 768;
/** A swipe counts when |offset| x velocity exceeds this "drag score". */
export const SWIPE_SCORE_THRESHOLD = 10_000;

export function perViewFor(viewportWidth: number): number {
  return viewportWidth >= MOBILE_BREAKPOINT_PX ? 3 : 1;
}

export function pageCount(total: number, perView: number): number {
  return Math.max(1, Math.ceil(total / perView));
}

/** Wraps any page number into 0..count-1, so "next" after the last page is the first. */
export function wrapPage(page: number, count: number): number {
  return ((page % count) + count) % count;
}

/** Keeps the first visible item in view when the number of items per page changes. */
export function pageAfterResize(page: number, oldPerView: number, newPerView: number, total: number): number {
  const firstItem = page * oldPerView;
  return Math.min(Math.floor(firstItem / newPerView), pageCount(total, newPerView) - 1);
}

/**
 * -1 for a swipe to the previous page, 1 for the next, 0 for no swipe.
 * offsetPx is the horizontal drag distance (negative = to the left), durationMs its time.
 */
export function swipeDirection(offsetPx: number, durationMs: number): -1 | 0 | 1 {
  // At least one frame: pointer events in the same frame would otherwise give an infinite velocity.
  const velocity = (Math.abs(offsetPx) / Math.max(durationMs, 16)) * 1000;
  if (Math.abs(offsetPx) * velocity <= SWIPE_SCORE_THRESHOLD) return 0;
  return offsetPx < 0 ? 1 : -1;
}
