import type Stripe from "stripe";
import { allCatalogueItems, type CatalogueItem } from "./catalogue";
import type { Order } from "./fulfilment.server";

// Pure billing rules: what Stripe is asked for, per catalogue item and order. No client, no I/O,
// so both the provider (stripe.server.ts) and the webhook (webhook.server.ts) import them
// without importing each other.

/** The "planId:billingType" keys STRIPE_PRICES must cover, for a start-up check. */
export function missingPriceKeys(prices: Record<string, string> | undefined): string[] {
  return allCatalogueItems()
    .map((item) => item.key)
    .filter((key) => !prices?.[key]);
}

/** Metadata on the session, its payment or subscription, and so on every invoice. */
export function orderMetadata(order: Order, item: CatalogueItem): Record<string, string> {
  return {
    order_id: order.id,
    plan_id: item.planId,
    plan_name: item.planName,
    billing_type: item.billingType,
    payments_total: String(item.payments),
  };
}

/**
 * Checkout Session parameters per billing type. onetime is a single payment of the
 * 1-month price; monthly3x / monthly6x are monthly subscriptions of the 3- or 6-month
 * price that a subscription schedule ends after 3 or 6 payments (see webhook.server.ts).
 * payment_method_types is left out on purpose: Stripe then offers every method enabled
 * in the Dashboard (card, iDEAL; iDEAL in subscription mode sets up SEPA debit).
 */
export function checkoutSessionParams(input: {
  order: Order;
  item: CatalogueItem;
  priceId: string;
  successUrl: string;
  cancelUrl: string;
}): Stripe.Checkout.SessionCreateParams {
  const { order, item } = input;
  const metadata = orderMetadata(order, item);
  const description = `${item.planName} coaching, ${item.duration === "1" ? "1 month" : `${item.duration} months`}`;
  const common = {
    line_items: [{ price: input.priceId, quantity: 1 }],
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    client_reference_id: order.id,
    metadata,
    locale: "en" as const,
  };
  if (item.billingType === "onetime") {
    return {
      ...common,
      mode: "payment",
      // A customer record lets the buyer see the receipt later in the customer portal.
      customer_creation: "always",
      invoice_creation: { enabled: true, invoice_data: { description, metadata } },
      payment_intent_data: { description, metadata },
    };
  }
  return {
    ...common,
    mode: "subscription",
    subscription_data: { description, metadata },
  };
}

/** Parameters that turn a fresh subscription into an instalment plan of exactly n payments. */
export function instalmentScheduleUpdate(
  schedule: Stripe.SubscriptionSchedule,
  payments: number,
  metadata: Record<string, string>,
): Stripe.SubscriptionScheduleUpdateParams {
  const phase = schedule.phases[0];
  if (!phase) throw new Error(`subscription schedule ${schedule.id} has no phase`);
  return {
    end_behavior: "cancel",
    metadata,
    phases: [
      {
        start_date: phase.start_date,
        items: phase.items.map((i) => ({
          price: typeof i.price === "string" ? i.price : i.price.id,
          quantity: i.quantity ?? 1,
        })),
        duration: { interval: "month", interval_count: payments },
        metadata,
      },
    ],
    proration_behavior: "none",
  };
}
