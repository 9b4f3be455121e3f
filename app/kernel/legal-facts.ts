import { site } from "#content/site";
import type { SiteContent } from "#content/types";

/**
 * A text written with the seed's details (a legal paragraph naming the contact address or the KvK
 * number) as it reads with the published ones. Its own module: only the legal pages and the order
 * e-mail need it, so no other page loads it.
 */
export function withSiteFacts(text: string, published: SiteContent): string {
  const pairs: [string, string][] = [
    [site.contactEmail, published.contactEmail],
    [site.registrationNumber, published.registrationNumber],
    [site.vatNumber, published.vatNumber],
  ];
  return pairs.reduce((out, [from, to]) => (from === to ? out : out.split(from).join(to)), text);
}
