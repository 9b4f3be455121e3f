import type { Db } from "~/infra/db.server";
import type { Env } from "~/infra/env.server";
import type { Logger } from "~/infra/logger.server";
import type { PaymentProvider } from "./provider.server";
import type { SubscriberLookup } from "./fulfilment.server";
import { missingPriceKeys } from "./billing-rules";
import { createStripeClient, createStripeProvider } from "./stripe.server";
import { createTestCheckoutProvider } from "./test-checkout.server";

/** Stripe when a secret key is configured, otherwise the built-in test checkout. */
export function createPaymentProvider(
  env: Env,
  db: Db,
  logger: Logger,
  subscriberOf: SubscriberLookup,
): PaymentProvider {
  if (!env.STRIPE_SECRET_KEY) return createTestCheckoutProvider(db, env.SITE_URL);
  const missing = missingPriceKeys(env.STRIPE_PRICES);
  if (missing.length > 0) {
    // Same shape as the env validation: the server stops naming the variable.
    throw new Error(
      `Invalid environment configuration:\n  STRIPE_PRICES: no price for ${missing.join(", ")} (run \`npm run stripe:sync\`)`,
    );
  }
  return createStripeProvider(createStripeClient(env), env, { db, logger, subscriberOf });
}
