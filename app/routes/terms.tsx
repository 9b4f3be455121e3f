import type { Route } from "./+types/terms";
import { terms } from "#content/terms";
import { site } from "#content/site";
import { findRouteEntry } from "~/kernel/route-meta";
import { seoMeta, siteUrlFromMatches } from "~/kernel/seo";
import { LegalPage } from "~/features/site/legal-page";

export const meta: Route.MetaFunction = ({ location, matches }) =>
  seoMeta({
    title: findRouteEntry(location.pathname)?.title ?? "Terms and Conditions",
    description: `The terms for buying a coaching plan from ${site.name}: what you buy, prices including VAT, payment, your 14-day right of withdrawal and complaints.`,
    path: location.pathname,
    siteUrl: siteUrlFromMatches(matches),
  });

export default function TermsPage() {
  return <LegalPage title="Terms and Conditions" label="Terms and Conditions" content={terms} />;
}
