import { Icon } from "~/ui/icon";
import { STICKY_BAR_THRESHOLD_PERCENT } from "./sticky-bar-logic";
import { buttonStyles } from "~/ui/button";

interface StickyCtaBarProps {
  message: string;
  cta: string;
  /** sessionStorage key of the dismissal, e.g. "triathlon-cta". */
  storageKey: string;
  targetId?: string;
  threshold?: number;
}

/**
 * Bottom bar that invites the visitor to the start form once half the page is read. It steps aside
 * while the form itself is on screen, and a dismissal lasts for the browser session. The server sends
 * it hidden; sticky-bar.enhancer.ts shows and dismisses it (without script it never shows: the form
 * and the page's own buttons lead to the same place).
 */
export function StickyCtaBar({
  message,
  cta,
  storageKey,
  targetId = "contact-section",
  threshold = STICKY_BAR_THRESHOLD_PERCENT,
}: StickyCtaBarProps) {
  return (
    <aside
      hidden
      aria-label="Get started"
      data-enhance="sticky-bar"
      data-storage-key={storageKey}
      data-target={targetId}
      data-threshold={threshold}
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
          data-dismiss=""
          className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-white/85 hover:bg-white/10 hover:text-white"
        >
          <Icon name="close" className="h-5 w-5" strokeWidth={2.2} />
          <span className="sr-only">Dismiss</span>
        </button>
      </div>
    </aside>
  );
}
