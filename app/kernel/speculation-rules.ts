/**
 * Page-to-page navigation between public documents (docs/decisions/031-island-pages-as-documents.md):
 * the browser prerenders a same-site page when the visitor shows intent to follow its link (moderate
 * eagerness: the pointer resting on it, or the start of a tap), so the next document is often shown at
 * once. Only public pages: never the back office, an API, a download, a link in an e-mail (newsletter
 * confirmation and unsubscribe act on a visit) or a checkout's pages. A prerendered page starts its
 * enhancers and islands only once it is shown (`document.prerendering`, the boot scripts), so a page
 * that is never shown counts no view. Browsers without Speculation Rules ignore the script.
 */
export const speculationRules = JSON.stringify({
  prerender: [
    {
      where: {
        and: [
          { href_matches: "/*" },
          {
            not: {
              href_matches: [
                "/admin",
                "/admin/*",
                "/api/*",
                "/download/*",
                "/newsletter/*",
                "/checkout/*",
                "/success",
                "/cancel",
                "/*.xml",
                "/*.txt",
                "/media/*",
              ],
            },
          },
          { not: { selector_matches: "[rel~=nofollow], [download], [target]" } },
        ],
      },
      eagerness: "moderate",
    },
  ],
}).replaceAll("<", "\\u003c");
