import { blogPostCopy } from "#content/newsletter";
import type { Enhance } from "~/features/enhancers/boot";

/** The copy toast disappears after 3 s. */
export const TOAST_MS = 3_000;

/**
 * Share and Copy under a post on a document page (share-actions.tsx renders them; they stay
 * invisible until this runs, since without script they could do nothing). Share opens the system's
 * share sheet where there is one and copies the address elsewhere; Copy copies it and says so.
 */
export const enhance: Enhance = (root) => {
  const status = root.querySelector<HTMLElement>('[role="status"]');
  let timer = 0;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(location.href);
    } catch (error) {
      console.warn("copying the URL failed", error);
      return;
    }
    const toast = document.createElement("p");
    toast.className = "rounded-full bg-navy px-5 py-3 font-semibold text-white shadow-lg";
    toast.textContent = blogPostCopy.copied;
    status?.replaceChildren(toast);
    clearTimeout(timer);
    timer = window.setTimeout(() => status?.replaceChildren(), TOAST_MS);
  };
  root.querySelector("[data-copy]")?.addEventListener("click", copy);
  root.querySelector("[data-share]")?.addEventListener("click", async () => {
    if (typeof navigator.share !== "function") return copy();
    try {
      await navigator.share({ title: root.dataset.title, text: root.dataset.text, url: location.href });
    } catch (error) {
      // Closing the share sheet also rejects; a share failure is only logged, never shown.
      if ((error as DOMException).name !== "AbortError") console.warn("sharing failed", error);
    }
  });
};
