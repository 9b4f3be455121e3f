/**
 * `npm run stripe:sync`: creates the coaching products and prices in a Stripe (test)
 * account from content/pricing.ts, plus a customer-portal configuration without
 * cancelling, and prints the settings to configure. Safe to run again: existing
 * products are reused and a price is only created when its amount changed.
 *
 *   STRIPE_SECRET_KEY=sk_test_... npm run stripe:sync
 */
import type Stripe from "stripe";
import { pathToFileURL } from "node:url";
import { allCatalogueItems, type CatalogueItem } from "~/features/checkout/catalogue";
import { createStripeClient } from "~/features/checkout/stripe.server";
import { site } from "#content/site";

export interface SyncResult {
  prices: Record<string, string>;
  portalConfiguration: string;
  created: string[];
}

const productId = (planId: string) => `mjc_${planId}`;

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

function priceMatches(price: Stripe.Price, item: CatalogueItem): boolean {
  const recurring = item.billingType !== "onetime";
  return (
    price.unit_amount === item.amountCents &&
    price.currency === item.currency &&
    (recurring
      ? price.recurring?.interval === "month" && (price.recurring.interval_count ?? 1) === 1
      : !price.recurring)
  );
}

export async function syncStripeCatalogue(stripe: Stripe): Promise<SyncResult> {
  const items = allCatalogueItems();
  const existing = await stripe.prices.list({ lookup_keys: items.map((i) => i.key), active: true, limit: 100 });
  const prices: Record<string, string> = {};
  const created: string[] = [];
  const products = new Map<string, string>();
  for (const item of items) {
    const current = existing.data.find((p) => p.lookup_key === item.key);
    if (current && priceMatches(current, item)) {
      prices[item.key] = current.id;
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
    prices[item.key] = price.id;
    created.push(item.key);
  }
  const portal = await stripe.billingPortal.configurations.create({
    business_profile: { headline: `${site.name}: manage your coaching plan` },
    features: {
      payment_method_update: { enabled: true },
      invoice_history: { enabled: true },
      customer_update: { enabled: true, allowed_updates: ["email", "address"] },
      // An instalment plan is a commitment for its whole term; it ends by itself.
      subscription_cancel: { enabled: false },
    },
  });
  return { prices, portalConfiguration: portal.id, created };
}

async function main() {
  const key = process.env.STRIPE_SECRET_KEY;
  if (!key) {
    console.error("Set STRIPE_SECRET_KEY (a test key, sk_test_...) to create the products and prices.");
    process.exit(1);
  }
  if (key.startsWith("sk_live_") && process.env.STRIPE_SYNC_LIVE !== "1") {
    console.error("Refusing to write to a live account; set STRIPE_SYNC_LIVE=1 if you really mean it.");
    process.exit(1);
  }
  const stripe = createStripeClient({ STRIPE_SECRET_KEY: key, STRIPE_API_BASE: process.env.STRIPE_API_BASE });
  const result = await syncStripeCatalogue(stripe);
  console.log(
    `Created ${result.created.length} price(s); ${Object.keys(result.prices).length - result.created.length} already up to date.\n`,
  );
  console.log("Add to your environment:\n");
  console.log(`STRIPE_PRICES='${JSON.stringify(result.prices)}'`);
  console.log(`STRIPE_PORTAL_CONFIGURATION=${result.portalConfiguration}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
