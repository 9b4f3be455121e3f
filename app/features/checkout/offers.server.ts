import { pricing } from "#content/pricing";
import type { PricingContent } from "#content/types";
import type { Database } from "~/infra/db.server";

/** The published pricing: what the pricing page shows and what a checkout charges. */
export async function currentPricing(_services: { database: Pick<Database, "db"> }): Promise<PricingContent> {
  return pricing;
}
