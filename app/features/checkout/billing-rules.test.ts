import type Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { allCatalogueItems, type CatalogueItem } from "./catalogue";
import {
  checkoutSessionParams,
  instalmentScheduleUpdate,
  missingPriceKeys,
  orderMetadata,
  saleCouponParams,
} from "./billing-rules";
import type { Order } from "./fulfilment.server";

const items = allCatalogueItems();
const itemFor = (billingType: CatalogueItem["billingType"]): CatalogueItem => {
  const item = items.find((i) => i.billingType === billingType);
  if (!item) throw new Error(`no catalogue item for ${billingType}`);
  return item;
};

const order = (item: CatalogueItem): Order => ({
  id: "9d5c1c9e-7d39-4d39-8f4a-3f1f0f5b2a10",
  planId: item.planId,
  planName: item.planName,
  billingType: item.billingType,
  paymentsTotal: item.payments,
  paymentsMade: 0,
  amountCents: item.amountCents,
  currency: "eur",
  status: "pending",
  provider: "stripe",
  providerSessionId: null,
  customerEmail: null,
  stripeCustomerId: null,
  stripeSubscriptionId: null,
  stripeScheduleId: null,
  idempotencyKey: null,
  discount: null,
  code: null,
  firstTouch: null,
  leadId: null,
  subscriberId: null,
  startRequestedAt: null,
  startRequestText: null,
  confirmationSentAt: null,
  trainerNotifiedAt: null,
  createdAt: new Date("2026-11-01T10:00:00Z"),
  updatedAt: new Date("2026-11-01T10:00:00Z"),
});

const urls = { successUrl: "https://example.test/success", cancelUrl: "https://example.test/cancel" };

describe("missingPriceKeys", () => {
  it("names every catalogue key without a price, and none when all are there", () => {
    const all = Object.fromEntries(items.map((i) => [i.key, `price_${i.key}`]));
    expect(missingPriceKeys(all)).toEqual([]);
    expect(missingPriceKeys(undefined)).toEqual(items.map((i) => i.key));
    const [first, ...rest] = items;
    expect(missingPriceKeys(Object.fromEntries(rest.map((i) => [i.key, "p"])))).toEqual([first?.key]);
  });
});

describe("orderMetadata", () => {
  it("carries the order id, plan and the number of payments as strings", () => {
    const item = itemFor("monthly6x");
    expect(orderMetadata(order(item), item)).toEqual({
      order_id: "9d5c1c9e-7d39-4d39-8f4a-3f1f0f5b2a10",
      plan_id: item.planId,
      plan_name: item.planName,
      billing_type: "monthly6x",
      payments_total: "6",
    });
  });
});

describe("checkoutSessionParams", () => {
  it("makes a one-time payment with a customer and an invoice", () => {
    const item = itemFor("onetime");
    const params = checkoutSessionParams({ order: order(item), item, priceId: "price_1", ...urls });
    expect(params.mode).toBe("payment");
    expect(params.customer_creation).toBe("always");
    expect(params.invoice_creation?.enabled).toBe(true);
    expect(params.payment_intent_data?.metadata).toEqual(orderMetadata(order(item), item));
    expect(params.line_items).toEqual([{ price: "price_1", quantity: 1 }]);
    expect(params.client_reference_id).toBe(order(item).id);
    expect(params.subscription_data).toBeUndefined();
    // Left out on purpose so the Dashboard's methods (card, iDEAL) apply.
    expect(params).not.toHaveProperty("payment_method_types");
  });

  it("makes instalment plans a subscription whose description names the months", () => {
    const item = itemFor("monthly3x");
    const params = checkoutSessionParams({ order: order(item), item, priceId: "price_3", ...urls });
    expect(params.mode).toBe("subscription");
    expect(params.subscription_data?.description).toBe(`${item.planName} coaching, 3 months`);
    expect(params.subscription_data?.metadata).toEqual(orderMetadata(order(item), item));
    expect(params.payment_intent_data).toBeUndefined();
    expect(params.success_url).toBe(urls.successUrl);
    expect(params.cancel_url).toBe(urls.cancelUrl);
  });
});

describe("a sale's coupon", () => {
  const discount = {
    saleId: "6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b",
    label: "20% off",
    listAmountCents: 12000,
    offCents: 2400,
    endsAt: "2026-11-30T22:59:00.000Z",
  };

  it("takes the server's amount off every instalment of that plan only, redeemable a day past the sale", () => {
    const item = itemFor("monthly3x");
    expect(saleCouponParams(discount, item)).toEqual({
      id: `sale_6f1d2c3b4a5e4f608a7b9c0d1e2f3a4b_${item.planId}_monthly3x_2400`,
      name: "Sale: 20% off",
      amount_off: 2400,
      currency: "eur",
      duration: "repeating",
      duration_in_months: 3,
      redeem_by: Date.parse("2026-12-01T22:59:00Z") / 1000,
      applies_to: { products: [`mjc_${item.planId}`] },
      metadata: { sale_id: discount.saleId, plan_id: item.planId, billing_type: "monthly3x" },
    });
    expect(saleCouponParams(discount, itemFor("onetime"))).toMatchObject({ duration: "once" });
  });

  it("goes on the checkout session as its discount", () => {
    const item = itemFor("onetime");
    const params = checkoutSessionParams({ order: order(item), item, priceId: "price_1", couponId: "sale_x", ...urls });
    expect(params.discounts).toEqual([{ coupon: "sale_x" }]);
    expect(checkoutSessionParams({ order: order(item), item, priceId: "price_1", ...urls })).not.toHaveProperty(
      "discounts",
    );
  });
});

describe("instalmentScheduleUpdate", () => {
  const schedule = (phases: unknown[]): Stripe.SubscriptionSchedule =>
    ({ id: "sub_sched_1", phases }) as unknown as Stripe.SubscriptionSchedule;

  it("ends the schedule after exactly n monthly payments, without proration", () => {
    const update = instalmentScheduleUpdate(
      schedule([
        { start_date: 1_790_000_000, items: [{ price: { id: "price_6" }, quantity: 1 }, { price: "price_x" }] },
      ]),
      6,
      { order_id: "o1" },
    );
    expect(update).toEqual({
      end_behavior: "cancel",
      metadata: { order_id: "o1" },
      phases: [
        {
          start_date: 1_790_000_000,
          items: [
            { price: "price_6", quantity: 1 },
            { price: "price_x", quantity: 1 },
          ],
          duration: { interval: "month", interval_count: 6 },
          metadata: { order_id: "o1" },
        },
      ],
      proration_behavior: "none",
    });
  });

  it("keeps the sale's discount on the phase, so every instalment is at the sale price", () => {
    const phase = { start_date: 1_790_000_000, items: [{ price: "price_3", quantity: 1 }] };
    const kept = instalmentScheduleUpdate(
      schedule([{ ...phase, discounts: [{ coupon: { id: "sale_c" }, discount: "di_1", promotion_code: null }] }]),
      3,
      {},
      "sale_c",
    );
    expect(kept.phases?.[0]?.discounts).toEqual([{ discount: "di_1" }]);
    // A phase that came without it gets the order's coupon.
    const added = instalmentScheduleUpdate(schedule([{ ...phase, discounts: [] }]), 3, {}, "sale_c");
    expect(added.phases?.[0]?.discounts).toEqual([{ coupon: "sale_c" }]);
  });

  it("refuses a schedule without a phase", () => {
    expect(() => instalmentScheduleUpdate(schedule([]), 3, {})).toThrow(/sub_sched_1 has no phase/);
  });
});
