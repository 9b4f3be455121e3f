/** Rules of the sticky bottom action bar on service pages. */

export const STICKY_BAR_THRESHOLD_PERCENT = 50;

export function stickyBarVisible(state: {
  percent: number;
  threshold?: number;
  formVisible: boolean;
  dismissed: boolean;
}): boolean {
  if (state.dismissed || state.formVisible) return false;
  return state.percent >= (state.threshold ?? STICKY_BAR_THRESHOLD_PERCENT);
}
