import { useEffect, useState } from "react";
import { Icon } from "~/ui/icon";
import { scrollPercent, stickyBarVisible, STICKY_BAR_THRESHOLD_PERCENT } from "./sticky-bar-logic";
import { buttonStyles } from "~/ui/button";

interface StickyCtaBarProps {
  message: string;
  cta: string;
  /** sessionStorage key of the dismissal, e.g. "triathlon-cta". */
  storageKey: string;
  targetId?: string;
  threshold?: number;
}

function readDismissed(key: string): boolean {
  try {
    return window.sessionStorage.getItem(key) === "dismissed";
  } catch {
    return false;
  }
}

/**
 * Bottom bar that invites the visitor to the start form once half the page is
 * read. It steps aside while the form itself is on screen, and a dismissal lasts
 * for the browser session.
 */
export function StickyCtaBar({
  message,
  cta,
  storageKey,
  targetId = "contact-section",
  threshold = STICKY_BAR_THRESHOLD_PERCENT,
}: StickyCtaBarProps) {
  const [percent, setPercent] = useState(0);
  const [formVisible, setFormVisible] = useState(false);
  const [dismissed, setDismissed] = useState(true);

  useEffect(() => setDismissed(readDismissed(storageKey)), [storageKey]);

  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      setPercent(scrollPercent(window.scrollY, window.innerHeight, document.documentElement.scrollHeight));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
    };
  }, []);

  useEffect(() => {
    const target = document.getElementById(targetId);
    if (!target) return;
    const observer = new IntersectionObserver(([entry]) => setFormVisible(entry?.isIntersecting ?? false));
    observer.observe(target);
    return () => observer.disconnect();
  }, [targetId]);

  const visible = stickyBarVisible({ percent, threshold, formVisible, dismissed });
  if (!visible) return null;

  const dismiss = () => {
    try {
      window.sessionStorage.setItem(storageKey, "dismissed");
    } catch {
      // Without storage the bar stays away for this page view only.
    }
    setDismissed(true);
  };

  return (
    <aside
      aria-label="Get started"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-white/10 bg-navy/95 text-white shadow-[0_-8px_30px_rgba(11,31,58,0.25)] backdrop-blur"
    >
      <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-3 sm:gap-6 sm:px-8">
        <p className="flex-1 text-sm font-medium sm:text-base">{message}</p>
        <a href={`#${targetId}`} className={buttonStyles({ variant: "accent", size: "md", className: "shrink-0" })}>
          {cta}
          <Icon name="arrow-right" className="hidden h-4 w-4 sm:block" strokeWidth={2.4} />
        </a>
        <button
          type="button"
          onClick={dismiss}
          className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-white/85 hover:bg-white/10 hover:text-white"
        >
          <Icon name="close" className="h-5 w-5" strokeWidth={2.2} />
          <span className="sr-only">Dismiss</span>
        </button>
      </div>
    </aside>
  );
}
