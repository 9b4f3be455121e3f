import { useRouteLoaderData } from "react-router";
import { site as seedSite } from "#content/site";
import type { SiteContent } from "#content/types";

/**
 * The business's details as published in the back office, for any component: the root loader
 * reads them from the content store on every request (features/site/site-content.server.ts). The
 * seed answers only where there is no root data (a unit test rendering a component on its own).
 */
export function useSite(): SiteContent {
  const data = useRouteLoaderData("root") as { site?: SiteContent } | undefined;
  return data?.site ?? seedSite;
}

/** The same for meta functions, which get the matched routes instead of hooks. */
export function siteFromMatches(matches: readonly unknown[]): SiteContent {
  const root = matches[0] as { loaderData?: { site?: SiteContent } } | undefined;
  return root?.loaderData?.site ?? seedSite;
}

/**
 * A text written with the seed's details (a legal paragraph naming the contact address or the KvK
 * number) as it reads with the published ones.
 */
export function withSiteFacts(text: string, site: SiteContent): string {
  const pairs: [string, string][] = [
    [seedSite.contactEmail, site.contactEmail],
    [seedSite.registrationNumber, site.registrationNumber],
    [seedSite.vatNumber, site.vatNumber],
  ];
  return pairs.reduce((out, [from, to]) => (from === to ? out : out.split(from).join(to)), text);
}
