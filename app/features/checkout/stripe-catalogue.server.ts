import type Stripe from "stripe";
import type { PricingContent } from "#content/types";
import { allCatalogueItems, type CatalogueItem } from "./catalogue";
import { productIdOf as productId } from "./billing-rules";

/**
 * The plans' prices in Stripe follow the published prices. Each catalogue key
 * ("progress:monthly3x") is a Stripe lookup key on exactly one active price: publishing a new
 * amount creates a new price, moves the lookup key to it and archives the old one. Stripe
 * prices cannot change their amount, and a running subscription keeps the price it started
 * with, archived or not, so nobody's instalments change.
 */

export interface StripePriceSync {
  /** Catalogue key → the active Stripe price id for the current amount. */
  prices: Record<string, string>;
  /** Keys that got a new price. */
  created: string[];
  /** Price ids archived because a new amount replaced them. */
  archived: string[];
}

async function ensureProduct(stripe: Stripe, item: CatalogueItem): Promise<string> {
  try {
    return (await stripe.products.retrieve(productId(item.planId))).id;
  } catch (error) {
    if ((error as { code?: string }).code !== "resource_missing") throw error;
    const product = await stripe.products.create({
      id: productId(item.planId),
      name: `${item.planName} coaching`,
      metadata: { plan_id: item.planId },
    });
    return product.id;
  }
}

/** The Stripe price charges exactly this catalogue item: amount, currency and billing interval. */
export function priceMatches(price: Stripe.Price, item: CatalogueItem): boolean {
  const recurring = item.billingType !== "onetime";
  return (
    price.active &&
    price.unit_amount === item.amountCents &&
    price.currency === item.currency &&
    (recurring
      ? price.recurring?.interval === "month" && (price.recurring.interval_count ?? 1) === 1
      : !price.recurring)
  );
}

/** Creates the prices that changed, archives the ones they replace; safe to run again. */
export async function syncStripePrices(stripe: Stripe, content: PricingContent): Promise<StripePriceSync> {
  const items = allCatalogueItems(content);
  const existing = await stripe.prices.list({ lookup_keys: items.map((i) => i.key), active: true, limit: 100 });
  const result: StripePriceSync = { prices: {}, created: [], archived: [] };
  const products = new Map<string, string>();
  for (const item of items) {
    const current = existing.data.find((p) => p.lookup_key === item.key);
    if (current && priceMatches(current, item)) {
      result.prices[item.key] = current.id;
      continue;
    }
    if (!products.has(item.planId)) products.set(item.planId, await ensureProduct(stripe, item));
    const price = await stripe.prices.create({
      product: products.get(item.planId) as string,
      currency: item.currency,
      unit_amount: item.amountCents,
      // The 3- and 6-month plans are billed monthly; their subscription schedule stops them.
      ...(item.billingType === "onetime" ? {} : { recurring: { interval: "month" as const, interval_count: 1 } }),
      lookup_key: item.key,
      transfer_lookup_key: true,
      nickname: `${item.planName}, ${item.billingType}`,
      metadata: { plan_id: item.planId, billing_type: item.billingType, payments_total: String(item.payments) },
    });
    result.prices[item.key] = price.id;
    result.created.push(item.key);
    if (current) {
      await stripe.prices.update(current.id, { active: false });
      result.archived.push(current.id);
    }
  }
  return result;
}

/**
 * The Stripe price a checkout charges for a catalogue item: the active price under its lookup
 * key, else the one configured in STRIPE_PRICES, and only when it charges exactly the amount
 * the site shows. Null otherwise: better no checkout than one that charges another amount.
 */
export async function stripePriceFor(
  stripe: Stripe,
  item: CatalogueItem,
  configured: Record<string, string> | undefined,
): Promise<string | null> {
  const listed = await stripe.prices.list({ lookup_keys: [item.key], active: true, limit: 1 });
  const byKey = listed.data.find((p) => priceMatches(p, item));
  if (byKey) return byKey.id;
  const fallback = configured?.[item.key];
  if (!fallback) return null;
  const price = await stripe.prices.retrieve(fallback);
  return priceMatches(price, item) ? price.id : null;
}

/**
 * A sale's or a code's coupon for this plan and billing type, made the first time a checkout
 * needs it and reused after (billing-rules.ts orderCouponParams). Two checkouts making it at once
 * both end with the same coupon: the loser of the race reads the winner's.
 */
export async function ensureCoupon(stripe: Stripe, params: Stripe.CouponCreateParams): Promise<string> {
  const id = params.id as string;
  try {
    return (await stripe.coupons.retrieve(id)).id;
  } catch (error) {
    if ((error as { code?: string }).code !== "resource_missing") throw error;
  }
  try {
    return (await stripe.coupons.create(params)).id;
  } catch (error) {
    if ((error as { code?: string }).code !== "resource_already_exists") throw error;
    return (await stripe.coupons.retrieve(id)).id;
  }
}
