import { useEffect, useState } from "react";
import { NewsletterForm, RESET_DELAY_MS } from "~/features/newsletter/newsletter-form";
import { blogPostCopy } from "#content/newsletter";
import { captureBarKey, SUBSCRIBED_KEY, scrollPercent, CAPTURE_THRESHOLD_PERCENT } from "./capture-bar-logic";
import { Icon } from "~/ui/icon";

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private mode without storage: the bar simply comes back next visit.
  }
}

/**
 * E-mail capture bar of a post: slides up once half the article is read, stays
 * away for this post once dismissed, and for good once the reader subscribed.
 */
export function EmailCaptureBar({ slug, source, serviceType }: { slug: string; source: string; serviceType?: string }) {
  const [visible, setVisible] = useState(false);
  const [closed, setClosed] = useState(true);

  useEffect(() => {
    if (readStorage(captureBarKey(slug)) || readStorage(SUBSCRIBED_KEY)) return;
    setClosed(false);
    const onScroll = () => {
      const percent = scrollPercent(window.scrollY, document.documentElement.scrollHeight, window.innerHeight);
      if (percent >= CAPTURE_THRESHOLD_PERCENT) setVisible(true);
    };
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [slug]);

  if (closed || !visible) return null;

  const dismiss = () => {
    writeStorage(captureBarKey(slug), "dismissed");
    setClosed(true);
  };
  const subscribed = () => {
    writeStorage(captureBarKey(slug), "subscribed");
    writeStorage(SUBSCRIBED_KEY, "1");
    setTimeout(() => setClosed(true), RESET_DELAY_MS.sticky);
  };

  return (
    <>
      {/* Room at the end of the page so the bar never covers the footer's last links. */}
      <div aria-hidden="true" className="h-24" />
      <aside
        aria-label="Newsletter"
        className="blog-capture-bar fixed inset-x-0 bottom-0 z-50 border-t border-white/10 bg-navy/95 text-white shadow-[0_-8px_30px_rgba(11,31,58,0.25)] backdrop-blur"
      >
        <div className="mx-auto flex max-w-5xl items-start gap-3 px-4 py-3 sm:items-center sm:px-6">
          <NewsletterForm
            variant="sticky"
            source={source}
            serviceType={serviceType}
            onSubscribed={subscribed}
            className="min-w-0 flex-1"
          />
          <button
            type="button"
            onClick={dismiss}
            aria-label={blogPostCopy.stickyDismiss}
            className="grid size-11 shrink-0 place-items-center rounded-full text-white/80 hover:bg-white/10 hover:text-white"
          >
            <Icon name="close" className="size-5" strokeWidth={2} />
          </button>
        </div>
      </aside>
    </>
  );
}
