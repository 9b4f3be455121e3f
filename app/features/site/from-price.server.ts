import type { PricingContent } from "#content/types";
import { formatEuro } from "~/features/checkout/catalogue";
import { currentPricing, type OffersReader } from "~/features/checkout/offers.server";
import { lowestMonthlyPriceEuro } from "~/kernel/structured-data";

/**
 * Stands in the content texts (meta descriptions, the business's description) for the lowest monthly
 * price of the published offers: "… WhatsApp support from {fromPrice} per month." The texts never carry
 * a typed price, so a publish in the back office changes them with the pricing page.
 */
export const FROM_PRICE = "{fromPrice}";

/** The lowest monthly price of any purchasable plan, as the site writes euros ("€80", "€72.50"). */
export function fromPriceLabel(pricing: PricingContent): string {
  return formatEuro(Math.round(lowestMonthlyPriceEuro(pricing) * 100));
}

/** The text with every placeholder replaced by the price. */
export function withFromPrice(text: string, price: string): string {
  return text.replaceAll(FROM_PRICE, price);
}

/** The lowest monthly price of the offers as published, ready for withFromPrice. */
export async function publishedFromPrice(services: OffersReader): Promise<string> {
  return fromPriceLabel(await currentPricing(services));
}
