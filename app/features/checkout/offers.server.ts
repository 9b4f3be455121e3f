import { pricing } from "#content/pricing";
import type { PricingContent } from "#content/types";

/** What reading the offers needs from the content store (app/features/content). */
export interface OffersReader {
  content: { live(kind: "offers", key: "main"): Promise<{ data: PricingContent } | undefined> };
}

/**
 * The published pricing: what the pricing page shows and what a checkout charges, read per
 * request so a publish is live at once. The seed stands in only while nothing is published
 * (a fresh database before its first-start seed).
 */
export async function currentPricing(services: OffersReader): Promise<PricingContent> {
  return (await services.content.live("offers", "main"))?.data ?? pricing;
}
