import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { track } from "~/features/analytics/track";
import { pageCategory } from "~/kernel/route-meta";
import { SiteHeader } from "~/kernel/header";
import { SiteFooter } from "~/kernel/footer";
import { CookieConsent, CookieSettingsButton } from "~/features/site/cookie-bar";
import { NewsletterForm } from "~/features/newsletter/newsletter-form";
import { useRootData } from "~/root";
import { PublicEnvContext } from "~/features/questionnaire/public-env";
import { requireServices } from "~/context";
import { arrivalFromIssue, countIssueArrival } from "~/features/newsletter/issue-attribution.server";
import type { Route } from "./+types/public-layout";

/** A page opened from a newsletter issue's link counts as a visit it brought (docs/decisions/078). */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }) => {
    const slug = arrivalFromIssue(request);
    if (!slug) return;
    const { services } = requireServices(context);
    // A lost count is not worth a failed page (the database's outage is reported where it is noticed).
    await countIssueArrival(services.database.db, slug).catch((error: unknown) =>
      services.logger.warn({ err: error }, "an issue's visit could not be counted"),
    );
  },
];

function PageViewTracker() {
  const location = useLocation();
  useEffect(() => {
    // Wait a frame so the new route's <title> is in the document.
    const frame = requestAnimationFrame(() => {
      track("page_view", {
        page_path: location.pathname,
        page_location: window.location.href,
        page_title: document.title,
        page_category: pageCategory(location.pathname),
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [location.pathname]);
  return null;
}

/** The public site's chrome around every visitor page; the back office has its own (admin-layout.tsx). */
export default function PublicLayout() {
  const data = useRootData();
  const gtmId = data?.publicEnv.GTM_ID ?? null;
  const { pathname } = useLocation();
  return (
    <PublicEnvContext.Provider value={data?.publicEnv}>
      {/* Only a tag manager needs consent: without one there is nothing to choose and no bar. */}
      {gtmId && <CookieConsent gtmId={gtmId} pageCategory={pageCategory(pathname)} />}
      <SiteHeader blogNav={data?.blogNav ?? []} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter
        newsletter={<NewsletterForm variant="footer" source="footer" />}
        cookieSettings={gtmId ? <CookieSettingsButton /> : undefined}
      />
      <PageViewTracker />
    </PublicEnvContext.Provider>
  );
}
