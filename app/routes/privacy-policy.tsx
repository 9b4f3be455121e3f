import type { Route } from "./+types/privacy-policy";
import { privacy } from "#content/privacy";
import { site } from "#content/site";
import { findRouteEntry } from "~/kernel/route-meta";
import { seoMeta, siteUrlFromMatches } from "~/kernel/seo";
import { LegalPage } from "~/features/site/legal-page";

export const meta: Route.MetaFunction = ({ location, matches }) =>
  seoMeta({
    title: findRouteEntry(location.pathname)?.title ?? "Privacy Policy",
    description: `How ${site.name} collects, uses and protects your personal data, how long it is kept and which rights you have under the GDPR.`,
    path: location.pathname,
    siteUrl: siteUrlFromMatches(matches),
  });

export default function PrivacyPolicyPage() {
  return <LegalPage title="Privacy Policy" label="Privacy policy" content={privacy} />;
}
