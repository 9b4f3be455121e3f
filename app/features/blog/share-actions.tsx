import { useEffect, useState } from "react";
import { blogPostCopy } from "#content/newsletter";
import { ButtonLink, buttonStyles } from "~/ui/button";
import { Icon } from "~/ui/icon";

import { TOAST_MS } from "./share.enhancer";

export { TOAST_MS };

async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (error) {
    console.warn("copying the URL failed", error);
    return false;
  }
}

/** Share (native sheet, else copy), Copy with a toast, and the way back to the overview. */
export function ShareActions({ title, text }: { title: string; text: string }) {
  const [toast, setToast] = useState(false);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(false), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  const copy = async () => {
    if (await copyToClipboard(window.location.href)) setToast(true);
  };

  const share = async () => {
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, text, url: window.location.href });
      } catch (error) {
        // Closing the share sheet also rejects; a share failure is only logged, never shown.
        if ((error as DOMException).name !== "AbortError") console.warn("sharing failed", error);
      }
      return;
    }
    await copy();
  };

  const button = buttonStyles({ variant: "soft", size: "md", className: "border-2" });
  return (
    // On a page without the application, share.enhancer.ts runs the two buttons (data-needs-script:
    // a tap before it runs is held and replayed; with scripts blocked they are invisible).
    <div className="flex flex-wrap items-center gap-3" data-enhance="share" data-title={title} data-text={text}>
      <button type="button" onClick={share} className={button} data-share="" data-needs-script="">
        <Icon name="share" className="size-5" strokeWidth={2} />
        {blogPostCopy.share}
      </button>
      <button type="button" onClick={copy} className={button} data-copy="" data-needs-script="">
        <Icon name="copy" className="size-5" strokeWidth={2} />
        {blogPostCopy.copy}
      </button>
      <ButtonLink to="/blog" size="md" className="ml-auto px-6">
        {blogPostCopy.moreArticles}
      </ButtonLink>
      <div
        role="status"
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-24 z-[60] flex justify-center px-4"
      >
        {toast && (
          <p className="rounded-full bg-navy px-5 py-3 font-semibold text-white shadow-lg">{blogPostCopy.copied}</p>
        )}
      </div>
    </div>
  );
}
