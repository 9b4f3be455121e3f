import type { Enhance } from "~/features/enhancers/boot";

/** A "Back" link (its href is the home page) goes back in history when the visitor came from this site. */
export const enhance: Enhance = (link) => {
  link.addEventListener("click", (event) => {
    let cameFromSite = false;
    try {
      cameFromSite = new URL(document.referrer).origin === location.origin;
    } catch {
      // No referrer (typed address, bookmark, a policy that sends none): the link's own address.
    }
    if (!cameFromSite || history.length < 2) return;
    event.preventDefault();
    history.back();
  });
};
