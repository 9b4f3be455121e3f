import type Stripe from "stripe";
import type { OrderCode, OrderDiscount } from "#db/schema";
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
  /** The order's coupon (orderCouponParams), for an order bought in a sale or with a code. */
  couponId?: string | null;
  /** The e-mail a once-per-person code was checked for: the payment page is opened for it. */
  customerEmail?: string | null;
  successUrl: string;
  cancelUrl: string;
}): Stripe.Checkout.SessionCreateParams {
  const { order, item } = input;
  const metadata = orderMetadata(order, item);
  const description = `${item.planName} coaching, ${item.duration === "1" ? "1 month" : `${item.duration} months`}`;
  const common = {
    line_items: [{ price: input.priceId, quantity: 1 }],
    ...(input.couponId ? { discounts: [{ coupon: input.couponId }] } : {}),
    ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
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

/**
 * The coupon that takes a sale's amount off each payment of one plan and billing type
 * (docs/decisions/043-sales.md). Always an amount in cents worked out by the server, never Stripe's
 * own percentage, so Stripe charges to the cent what the page showed. Its id names the sale, the
 * plan and the amount, so every checkout in the sale reuses it; it applies to that plan's product
 * only, to every instalment of a 3- or 6-month plan, and can be redeemed until a day after the sale
 * (a checkout opened in its last minute stays payable for Stripe's 24 hours).
 */
export function saleCouponParams(discount: OrderDiscount, item: CatalogueItem): Stripe.CouponCreateParams {
  const endsAt = Math.floor(Date.parse(discount.endsAt) / 1000);
  return {
    id: saleCouponId(discount, item),
    name: `Sale: ${discount.label}`.slice(0, 40),
    amount_off: discount.offCents,
    currency: item.currency,
    ...(item.payments > 1
      ? { duration: "repeating" as const, duration_in_months: item.payments }
      : { duration: "once" as const }),
    redeem_by: endsAt + 24 * 3600,
    applies_to: { products: [productIdOf(item.planId)] },
    metadata: { sale_id: discount.saleId, plan_id: item.planId, billing_type: item.billingType },
  };
}

/**
 * The coupon of an order bought with a code (docs/decisions/076-discount-codes.md): made the same
 * way as a sale's (an amount in cents the server worked out, on the plan's product, on every
 * instalment), for everything taken off the normal price, since a checkout takes one coupon: the
 * code's share, and the sale's too when the code adds to it.
 */
export function codeCouponParams(
  order: { code: OrderCode; discount: OrderDiscount | null },
  item: CatalogueItem,
): Stripe.CouponCreateParams {
  const { code } = order;
  return {
    id: codeCouponId(order, item),
    name: `Code ${code.code}`.slice(0, 40),
    amount_off: code.offCents + (order.discount?.offCents ?? 0),
    currency: item.currency,
    ...(item.payments > 1
      ? { duration: "repeating" as const, duration_in_months: item.payments }
      : { duration: "once" as const }),
    redeem_by: Math.floor(Date.parse(code.endsAt) / 1000) + 24 * 3600,
    applies_to: { products: [productIdOf(item.planId)] },
    metadata: {
      code_id: code.codeId,
      code: code.code,
      plan_id: item.planId,
      billing_type: item.billingType,
      ...(order.discount ? { sale_id: order.discount.saleId } : {}),
    },
  };
}

export function codeCouponId(
  order: { code: Pick<OrderCode, "codeId" | "offCents">; discount: Pick<OrderDiscount, "offCents"> | null },
  plan: { planId: string; billingType: string },
): string {
  const off = order.code.offCents + (order.discount?.offCents ?? 0);
  return `code_${order.code.codeId.replace(/-/g, "")}_${plan.planId}_${plan.billingType}_${off}`;
}

/** The coupon an order's checkout carries: its code's, else its sale's, else none. */
export function orderCouponParams(
  order: { code: OrderCode | null; discount: OrderDiscount | null },
  item: CatalogueItem,
): Stripe.CouponCreateParams | null {
  if (order.code) return codeCouponParams({ code: order.code, discount: order.discount }, item);
  return order.discount ? saleCouponParams(order.discount, item) : null;
}

/** The id of orderCouponParams' coupon, from what an order keeps. */
export function orderCouponId(order: {
  code: OrderCode | null;
  discount: OrderDiscount | null;
  planId: string;
  billingType: string;
}): string | null {
  if (order.code) return codeCouponId({ code: order.code, discount: order.discount }, order);
  return order.discount ? saleCouponId(order.discount, order) : null;
}

/** The id of saleCouponParams' coupon, from what an order keeps. */
export function saleCouponId(
  discount: Pick<OrderDiscount, "saleId" | "offCents">,
  plan: { planId: string; billingType: string },
): string {
  return `sale_${discount.saleId.replace(/-/g, "")}_${plan.planId}_${plan.billingType}_${discount.offCents}`;
}

/** The Stripe product of a plan (made by the price sync, stripe-catalogue.server.ts). */
export const productIdOf = (planId: string) => `mjc_${planId}`;

/** Parameters that turn a fresh subscription into an instalment plan of exactly n payments. */
export function instalmentScheduleUpdate(
  schedule: Stripe.SubscriptionSchedule,
  payments: number,
  metadata: Record<string, string>,
  /** The sale's coupon of the order, in case the phase did not carry the subscription's discount. */
  couponId?: string | null,
): Stripe.SubscriptionScheduleUpdateParams {
  const phase = schedule.phases[0];
  if (!phase) throw new Error(`subscription schedule ${schedule.id} has no phase`);
  const idOf = (value: string | { id: string } | null) => (typeof value === "string" ? value : (value?.id ?? null));
  // Replacing the phase drops what it is not given: a sale's discount must go on to every instalment.
  const kept = (phase.discounts ?? []).flatMap((d): Stripe.SubscriptionScheduleUpdateParams.Phase.Discount[] => {
    const discount = idOf(d.discount);
    const coupon = idOf(d.coupon);
    return discount ? [{ discount }] : coupon ? [{ coupon }] : [];
  });
  const discounts = kept.length ? kept : couponId ? [{ coupon: couponId }] : [];
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
        ...(discounts.length ? { discounts } : {}),
        metadata,
      },
    ],
    proration_behavior: "none",
  };
}
