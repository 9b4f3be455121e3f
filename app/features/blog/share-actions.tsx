import { useEffect, useState } from "react";
import { blogPostCopy } from "#content/newsletter";
import { ButtonLink, buttonStyles } from "~/ui/button";

/** SPEC.md section 9: the copy toast disappears after 3 s. */
export const TOAST_MS = 3_000;

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
        // Closing the share sheet also rejects; SPEC.md: a share failure is only logged.
        if ((error as DOMException).name !== "AbortError") console.warn("sharing failed", error);
      }
      return;
    }
    await copy();
  };

  const button = buttonStyles({ variant: "soft", size: "md", className: "border-2" });
  return (
    <div className="flex flex-wrap items-center gap-3">
      <button type="button" onClick={share} className={button}>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <circle cx="18" cy="5" r="3" />
          <circle cx="6" cy="12" r="3" />
          <circle cx="18" cy="19" r="3" />
          <path d="m8.6 13.5 6.8 4M15.4 6.5l-6.8 4" />
        </svg>
        {blogPostCopy.share}
      </button>
      <button type="button" onClick={copy} className={button}>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <rect x="9" y="9" width="12" height="12" rx="2" />
          <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
        </svg>
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
