import type { Enhance } from "~/features/enhancers/boot";
import { scrollPercent, watchPageHeight } from "~/features/enhancers/page-height";
import { stickyBarVisible, STICKY_BAR_THRESHOLD_PERCENT } from "./sticky-bar-logic";

function dismissed(key: string): boolean {
  try {
    return sessionStorage.getItem(key) === "dismissed";
  } catch {
    return false;
  }
}

/** Shows a service page's call-to-action bar (sticky-bar.tsx) from half the page on, away from the form. */
export const enhance: Enhance = (bar) => {
  const key = bar.dataset.storageKey ?? "";
  const threshold = Number(bar.dataset.threshold) || STICKY_BAR_THRESHOLD_PERCENT;
  const form = document.getElementById(bar.dataset.target ?? "");
  let formVisible = false;
  let frame = 0;
  let pageHeight = 0;
  const update = () => {
    frame = 0;
    if (!pageHeight) return;
    const percent = scrollPercent(scrollY, pageHeight, innerHeight);
    bar.hidden = !stickyBarVisible({ percent, threshold, formVisible, dismissed: dismissed(key) });
  };
  const soon = () => {
    if (!frame) frame = requestAnimationFrame(update);
  };
  if (form)
    new IntersectionObserver(([entry]) => {
      formVisible = entry?.isIntersecting ?? false;
      soon();
    }).observe(form);
  bar.querySelector("[data-dismiss]")?.addEventListener("click", () => {
    try {
      sessionStorage.setItem(key, "dismissed");
    } catch {
      // Without storage the bar stays away for this page view only.
    }
    bar.hidden = true;
    removeEventListener("scroll", soon);
    removeEventListener("resize", soon);
    stopWatching();
  });
  addEventListener("scroll", soon, { passive: true });
  addEventListener("resize", soon, { passive: true });
  const stopWatching = watchPageHeight((height) => {
    pageHeight = height;
    soon();
  });
};
