import type { Enhance } from "~/features/enhancers/boot";

/**
 * A "Back" link (its href is the home page) goes back in history when there is a page to go back to
 * that is not another site's (more than the tab's first page and this one): a visitor who opened /start in a new tab, or came from a search
 * engine, goes home instead.
 */
export const enhance: Enhance = (link) => {
  link.addEventListener("click", (event) => {
    let elsewhere = false;
    try {
      elsewhere = !!document.referrer && new URL(document.referrer).origin !== location.origin;
    } catch {
      // An unreadable referrer: treated as none.
    }
    if (elsewhere || history.length <= 2) return;
    event.preventDefault();
    history.back();
  });
};
