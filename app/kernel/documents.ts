import { useEffect } from "react";
import { matchPath } from "react-router";
import { routeEntries } from "./route-meta";

/**
 * Public pages sent as plain documents: rendered by React on the server as every page, but with no
 * application runtime (no `<Scripts/>`, no entry module, no route manifest). Every part of them works
 * as HTML and CSS; the few that need script get an enhancer of their own (features/enhancers,
 * docs/decisions/026-public-pages-as-documents.md). A page joins this list only once all its parts
 * work that way. Route ids as in routes.ts (route-meta.ts; the catch-all 404 is "routes/not-found").
 */
export const DOCUMENT_ROUTES: ReadonlySet<string> = new Set([
  // Island pages: the questionnaire or the checkout hydrates on its own (features/islands).
  "home",
  ...routeEntries.filter((entry) => entry.category === "service").map((entry) => entry.id),
  "start",
  "pricing",
  // Content pages.
  "services",
  "nicaragua",
  "blog",
  "blog-post",
  "privacy-policy",
  "terms",
  "withdrawal",
  "about",
  "sitemap",
  "success",
  "cancel",
  "routes/newsletter",
  "routes/newsletter-confirm",
  "routes/newsletter-unsubscribe",
  "routes/follow-ups-stop",
  "routes/newsletter-archive",
  "routes/checkout-test",
  "routes/not-found",
]);

export const isDocumentRoute = (routeId: string | undefined) => !!routeId && DOCUMENT_ROUTES.has(routeId);

/** Whether a path is one of the document pages (a public page of the route table in DOCUMENT_ROUTES). */
export function isDocumentPath(pathname: string): boolean {
  return routeEntries.some((entry) => DOCUMENT_ROUTES.has(entry.id) && matchPath(entry.path, pathname) !== null);
}

/**
 * On a page that runs the application, a link to a document page loads that page as a document
 * (its parts rely on their enhancers, which only a document loads), not as a client-side transition:
 * the click is kept from React Router's link handler, so the browser follows the link itself.
 */
export function useDocumentLinks(): void {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = event.target as Element | null;
      const link = target?.closest?.("a[href]");
      if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin || link.target) return;
      if (link.pathname !== location.pathname && isDocumentPath(link.pathname)) event.stopPropagation();
    };
    window.addEventListener("click", onClick, true);
    return () => window.removeEventListener("click", onClick, true);
  }, []);
}
