import type { Enhance } from "~/features/enhancers/boot";
import { RESET_DELAY_MS, SUBSCRIBED_EVENT } from "~/features/newsletter/reset-delay";
import { CAPTURE_THRESHOLD_PERCENT, captureBarKey, scrollPercent, SUBSCRIBED_KEY } from "./capture-bar-logic";

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
    height.disconnect();
  };
  // The page's height is read where the browser has just laid the page out (a ResizeObserver's
  // callback, also called once at the start), never in this start-up task or a scroll's, where
  // reading it would force a layout of the whole page.
  const height = new ResizeObserver(() => {
    pageHeight = document.documentElement.scrollHeight;
    onScroll();
  });
  const close = () => {
    bar.hidden = true;
    removeEventListener("scroll", onScroll);
    height.disconnect();
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
  height.observe(document.documentElement);
};
