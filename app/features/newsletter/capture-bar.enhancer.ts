import type { Enhance } from "~/features/enhancers/boot";
import { scrollPercent, watchPageHeight } from "~/features/enhancers/page-height";
import { RESET_DELAY_MS, SUBSCRIBED_EVENT } from "./reset-delay";
import { CAPTURE_THRESHOLD_PERCENT, captureBarKey, SUBSCRIBED_KEY } from "./capture-bar-logic";

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Private mode without storage: the bar simply comes back next visit.
  }
}

/** Shows a post's capture bar (email-capture-bar.tsx) once half the article is read, unless dismissed or subscribed. */
export const enhance: Enhance = (bar) => {
  const key = captureBarKey(bar.dataset.slug ?? "");
  if (read(key) || read(SUBSCRIBED_KEY)) return;
  let pageHeight = 0;
  const onScroll = () => {
    if (!pageHeight) return;
    const percent = scrollPercent(scrollY, pageHeight, innerHeight);
    if (percent < CAPTURE_THRESHOLD_PERCENT) return;
    bar.hidden = false;
    removeEventListener("scroll", onScroll);
    stopWatching();
  };
  const close = () => {
    bar.hidden = true;
    removeEventListener("scroll", onScroll);
    stopWatching();
  };
  bar.querySelector("[data-dismiss]")?.addEventListener("click", () => {
    write(key, "dismissed");
    close();
  });
  bar.addEventListener(SUBSCRIBED_EVENT, () => {
    write(key, "subscribed");
    write(SUBSCRIBED_KEY, "1");
    setTimeout(close, RESET_DELAY_MS.sticky);
  });
  addEventListener("scroll", onScroll, { passive: true });
  const stopWatching = watchPageHeight((height) => {
    pageHeight = height;
    onScroll();
  });
};
