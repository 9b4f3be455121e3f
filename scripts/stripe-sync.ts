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
import { syncStripePrices } from "~/features/checkout/stripe-catalogue.server";
import { createStripeClient } from "~/features/checkout/stripe.server";
import { site } from "#content/site";
import { pricing } from "#content/pricing";
import type { PricingContent } from "#content/types";

export interface SyncResult {
  prices: Record<string, string>;
  portalConfiguration: string;
  created: string[];
}

export async function syncStripeCatalogue(stripe: Stripe, content: PricingContent = pricing): Promise<SyncResult> {
  const { prices, created } = await syncStripePrices(stripe, content);
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
