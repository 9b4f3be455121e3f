import { track } from "~/features/analytics/track";
import type { Enhance } from "~/features/enhancers/boot";
import { readConsent } from "./consent-store";
import { CONSENT_SET_ATTRIBUTE, loadTagManager } from "./gtm";

/**
 * The cookie bar on a document page (cookie-bar.tsx renders it, only when a tag manager is set up).
 * The consent script in <head> (gtm.ts) already stores each choice and updates Consent Mode; this adds
 * what the application did: the page view in the data layer, the tag manager once the visitor
 * accepted (now or earlier), and "Cookie settings" in the footer, which shows the bar again with the
 * current choice and moves focus to it.
 */
export const enhance: Enhance = (bar) => {
  // The footer's "Cookie settings" is a part of this enhancer too, so that a tap on it waits for the
  // bar's enhancer (cookie-bar.tsx); the bar, enhanced first (it is above it on the page), answers it.
  if (!bar.hasAttribute("data-consent-bar")) return;
  const html = document.documentElement;
  const gtmId = bar.dataset.gtmId;
  const start = () => {
    if (gtmId && readConsent() === "accepted") loadTagManager(gtmId);
  };
  track("page_view", {
    page_path: location.pathname,
    page_location: location.href,
    page_title: document.title,
    page_category: bar.dataset.pageCategory ?? "",
  });
  start();

  const heading = bar.querySelector<HTMLElement>("h2");
  let opener: HTMLElement | null = null;
  bar.addEventListener("click", (event) => {
    if (!(event.target as Element).closest("[data-consent-choice]")) return;
    start();
    if (opener) opener.focus();
    opener = null;
  });
  document.addEventListener("click", (event) => {
    const button = (event.target as Element).closest<HTMLElement>("[data-consent-settings]");
    if (!button) return;
    opener = button;
    const choice = readConsent();
    let current = bar.querySelector<HTMLElement>("[data-consent-current]");
    if (choice !== "unset") {
      if (!current) {
        current = document.createElement("p");
        current.className = "mt-1 font-medium";
        current.setAttribute("data-consent-current", "");
        heading?.parentElement?.append(current);
      }
      current.textContent = `Your current choice: analytics cookies ${choice}.`;
    }
    html.removeAttribute(CONSENT_SET_ATTRIBUTE);
    heading?.focus();
  });
};
