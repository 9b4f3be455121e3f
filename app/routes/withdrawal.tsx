import type { Route } from "./+types/withdrawal";
import { withdrawal } from "#content/terms";
import { site } from "#content/site";
import { findRouteEntry } from "~/kernel/route-meta";
import { seoMeta, siteUrlFromMatches } from "~/kernel/seo";
import { LegalPage } from "~/features/site/legal-page";

export const meta: Route.MetaFunction = ({ location, matches }) =>
  seoMeta({
    title: findRouteEntry(location.pathname)?.title ?? "Right of Withdrawal",
    description: `How to withdraw from a coaching plan with ${site.name} within 14 days, what happens to your money, and a model withdrawal form.`,
    path: location.pathname,
    siteUrl: siteUrlFromMatches(matches),
  });

export default function WithdrawalPage() {
  return <LegalPage title="Right of Withdrawal" label="Right of Withdrawal" content={withdrawal} />;
}
