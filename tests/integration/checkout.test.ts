import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Stripe from "stripe";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { parseEnv } from "~/infra/env.server";
import type { AppServices } from "~/context";
import { createServices } from "../../server/services";
import { createLogger } from "~/infra/logger.server";
import { createCheckout } from "~/features/checkout/create-checkout.server";
import { findOrder } from "~/features/checkout/fulfilment.server";
import { findTestOrder, payTestOrder } from "~/features/checkout/test-checkout-actions.server";
import { subscriberIdByEmail } from "~/features/newsletter/person.server";
import { syncStripeCatalogue } from "../../scripts/stripe-sync";
import { orders, payments, processedEvents } from "#db/schema";
import { pricing } from "#content/pricing";
import type { Duration } from "#content/types";
import { createMigratedPostgresDatabase, dropPostgresDatabase, engines } from "../support/database";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in";

const listPayments = (db: AppServices["database"]["db"], orderId: string) =>
  db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.instalment);

/**
 * A seed price in cents: the tests charge whatever content/pricing.ts seeds, so a changed
 * price never breaks them.
 */
function seedCents(planId: string, duration: Duration): number {
  const prices = pricing.plans.find((p) => p.id === planId)?.monthlyPriceCents;
  if (!prices) throw new Error(`the seed has no purchasable plan ${planId}`);
  return prices[duration];
}

const SECRET_KEY = "sk_test_standin_123";
const WEBHOOK_SECRET = "whsec_standin_secret";
const SITE_URL = "https://coach.example";

const request = (planName: string, planId: string, billingType: "onetime" | "monthly3x" | "monthly6x") => ({
  priceId: `${planId}:${billingType}`,
  planName,
  billingType,
  frequency: { onetime: "1", monthly3x: "3", monthly6x: "6" }[billingType],
});

async function servicesFor(engine: "pglite" | "postgres", extraEnv: Record<string, string>) {
  const databaseUrl = engine === "postgres" ? await createMigratedPostgresDatabase() : undefined;
  const env = parseEnv({
    NODE_ENV: "test",
    SITE_URL,
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "coach-checkout-")),
    LOG_LEVEL: "silent",
    RATE_LIMIT_FORMS_PER_MINUTE: "1000",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...extraEnv,
  });
  const services = await createServices(env, {
    memoryDb: !databaseUrl,
    logger: createLogger("silent"),
    startOutbox: false,
  });
  return {
    services,
    close: async () => {
      await services.close();
      if (databaseUrl) await dropPostgresDatabase(databaseUrl);
    },
  };
}

describe.each(engines)("Stripe checkout against the stand-in on %s", (engine) => {
  let standIn: StripeStandIn;
  let services: AppServices;
  let close: () => Promise<void>;
  let stripe: Stripe;
  let prices: Record<string, string>;

  beforeAll(async () => {
    standIn = await startStripeStandIn({ secretKey: SECRET_KEY });
    stripe = new Stripe(SECRET_KEY, { host: "127.0.0.1", port: new URL(standIn.url).port, protocol: "http" });
    const synced = await syncStripeCatalogue(stripe);
    prices = synced.prices;
    ({ services, close } = await servicesFor(engine, {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICES: JSON.stringify(prices),
      STRIPE_PORTAL_CONFIGURATION: synced.portalConfiguration,
      STRIPE_API_BASE: standIn.url,
    }));
  });
  afterAll(async () => {
    await close?.();
    await standIn?.close();
  });
  beforeEach(() => {
    standIn.requests.length = 0;
  });

  async function signedDelivery(event: Record<string, unknown>) {
    const payload = JSON.stringify(event);
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return services.payments.handleWebhook(payload, signature);
  }

  const eventOf = (
    type: string,
    object: Record<string, unknown>,
    eventId = `evt_${Math.random().toString(36).slice(2)}`,
  ) => ({
    id: eventId,
    object: "event",
    type,
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });

  it("stripe:sync created a product and price per plan and billing type, and a portal without cancelling", async () => {
    expect(Object.keys(prices).sort()).toEqual(
      ["elite", "essential", "progress"]
        .flatMap((p) => ["monthly3x", "monthly6x", "onetime"].map((b) => `${p}:${b}`))
        .sort(),
    );
    const progress3 = standIn.prices.get(prices["progress:monthly3x"] ?? "");
    expect(progress3).toMatchObject({
      unit_amount: seedCents("progress", "3"),
      currency: "eur",
      recurring: { interval: "month", interval_count: 1 },
    });
    expect(standIn.prices.get(prices["elite:onetime"] ?? "")).toMatchObject({
      unit_amount: seedCents("elite", "1"),
      recurring: null,
    });
    const again = await syncStripeCatalogue(stripe);
    expect(again.created).toEqual([]);
    expect(again.prices).toEqual(prices);
    const portal = standIn.calls("POST /v1/billing_portal/configurations").at(-1);
    expect(portal?.params.features).toMatchObject({
      subscription_cancel: { enabled: "false" },
      payment_method_update: { enabled: "true" },
    });
  });

  it("onetime: one payment of the 1-month price, with idempotency key, reference and metadata", async () => {
    const result = await createCheckout(services, request("Essential", "essential", "onetime"), "10.0.0.1");
    expect(result).toMatchObject({ ok: true });
    if (!result.ok) return;
    expect(result.sessionUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const [call] = standIn.calls("POST /v1/checkout/sessions");
    const order = await findOrder(services.database.db, { sessionId: [...standIn.sessions.keys()].at(-1) });
    expect(order).toMatchObject({
      planId: "essential",
      billingType: "onetime",
      paymentsTotal: 1,
      amountCents: seedCents("essential", "1"),
      status: "pending",
      provider: "stripe",
    });
    expect(call?.idempotencyKey).toBe(`checkout-session-${order?.id}`);
    const metadata = {
      order_id: order?.id,
      plan_id: "essential",
      plan_name: "Essential",
      billing_type: "onetime",
      payments_total: "1",
    };
    expect(call?.params).toEqual({
      mode: "payment",
      line_items: [{ price: prices["essential:onetime"], quantity: "1" }],
      success_url: `${SITE_URL}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${SITE_URL}/cancel`,
      client_reference_id: order?.id,
      metadata,
      locale: "en",
      customer_creation: "always",
      invoice_creation: { enabled: "true", invoice_data: { description: "Essential coaching, 1 month", metadata } },
      payment_intent_data: { description: "Essential coaching, 1 month", metadata },
    });
  });

  for (const [billingType, months, amount] of [
    ["monthly3x", "3", seedCents("progress", "3")],
    ["monthly6x", "6", seedCents("progress", "6")],
  ] as const) {
    it(`${billingType}: a monthly subscription of the ${months}-month price that a schedule ends after ${months} payments`, async () => {
      const result = await createCheckout(services, request("Progress", "progress", billingType), "10.0.0.2");
      expect(result.ok).toBe(true);
      const [call] = standIn.calls("POST /v1/checkout/sessions");
      const sessionId = [...standIn.sessions.keys()].at(-1) ?? "";
      const order = await findOrder(services.database.db, { sessionId });
      expect(order).toMatchObject({ paymentsTotal: Number(months), amountCents: amount, billingType });
      const metadata = {
        order_id: order?.id,
        plan_id: "progress",
        plan_name: "Progress",
        billing_type: billingType,
        payments_total: months,
      };
      expect(call?.params).toEqual({
        mode: "subscription",
        line_items: [{ price: prices[`progress:${billingType}`], quantity: "1" }],
        success_url: `${SITE_URL}/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${SITE_URL}/cancel`,
        client_reference_id: order?.id,
        metadata,
        locale: "en",
        subscription_data: { description: `Progress coaching, ${months} months`, metadata },
      });

      // Stripe completes the checkout and reports it; the web hook attaches the instalment schedule.
      const session = standIn.completeSession(sessionId);
      const delivered = await signedDelivery(eventOf("checkout.session.completed", session));
      expect(delivered).toEqual({ status: 200, body: { received: true } });
      const [create] = standIn.calls("POST /v1/subscription_schedules");
      expect(create?.params).toEqual({ from_subscription: session.subscription });
      expect(create?.idempotencyKey).toBe(`instalment-schedule-${session.subscription}`);
      const scheduleId = [...standIn.schedules.keys()].at(-1) ?? "";
      const [update] = standIn.calls(`POST /v1/subscription_schedules/${scheduleId}`);
      const startDate = String((standIn.schedules.get(scheduleId)?.phases as { start_date: number }[])[0]?.start_date);
      expect(update?.params).toEqual({
        end_behavior: "cancel",
        metadata,
        phases: [
          {
            start_date: startDate,
            items: [{ price: prices[`progress:${billingType}`], quantity: "1" }],
            duration: { interval: "month", interval_count: months },
            metadata,
          },
        ],
        proration_behavior: "none",
      });
      expect(update?.params).not.toHaveProperty("phases.0.end_date");
      expect(update?.params).not.toHaveProperty("phases.0.iterations");
      const stored = await findOrder(services.database.db, { id: order?.id });
      expect(stored).toMatchObject({
        stripeSubscriptionId: session.subscription,
        stripeScheduleId: scheduleId,
        customerEmail: "buyer@example.com",
      });

      // Every monthly invoice is instalment n of N; the schedule's completion finishes the plan.
      for (let n = 1; n <= Number(months); n++) {
        const invoice = {
          id: `in_${billingType}_${n}`,
          object: "invoice",
          amount_paid: amount,
          parent: {
            type: "subscription_details",
            subscription_details: { subscription: session.subscription, metadata },
          },
        };
        expect((await signedDelivery(eventOf("invoice.paid", invoice))).status).toBe(200);
      }
      const paid = await listPayments(services.database.db, order?.id ?? "");
      expect(paid.map((p) => [p.instalment, p.amountCents])).toEqual(
        Array.from({ length: Number(months) }, (_, i) => [i + 1, amount]),
      );
      expect(await findOrder(services.database.db, { id: order?.id })).toMatchObject({
        status: "active",
        paymentsMade: Number(months),
      });
      await signedDelivery(
        eventOf("subscription_schedule.completed", {
          id: scheduleId,
          object: "subscription_schedule",
          subscription: session.subscription,
          metadata,
        }),
      );
      await signedDelivery(
        eventOf("customer.subscription.deleted", { id: session.subscription, object: "subscription", metadata }),
      );
      expect(await findOrder(services.database.db, { id: order?.id })).toMatchObject({ status: "completed" });
    });
  }

  it("never trusts the client's price: a price of another plan or billing type is refused", async () => {
    const base = request("Elite", "elite", "monthly6x");
    const tampered = [
      { ...base, priceId: prices["elite:monthly6x"] },
      { ...base, priceId: "essential:monthly6x" },
      { ...base, priceId: "elite:onetime" },
      { ...base, frequency: "3" },
      { ...base, planName: "Custom Program", priceId: "custom:monthly6x" },
      { ...base, billingType: "yearly" },
      { ...base, planName: "Platinum" },
    ];
    for (const body of tampered) {
      expect(await createCheckout(services, body, "10.0.0.3")).toEqual({
        ok: false,
        status: 400,
        message: "Invalid plan or price ID",
      });
    }
    expect(standIn.calls("POST /v1/checkout/sessions")).toHaveLength(0);
  });

  it("a retried request with the same idempotency key reuses the order and the Stripe session", async () => {
    const key = "5b0a3f4e-8a55-4c1e-9d2a-1f2e3d4c5b6a";
    const first = await createCheckout(
      services,
      { ...request("Elite", "elite", "onetime"), idempotencyKey: key },
      "10.0.0.4",
    );
    const second = await createCheckout(
      services,
      { ...request("Elite", "elite", "onetime"), idempotencyKey: key },
      "10.0.0.4",
    );
    expect(second).toEqual(first);
    const rows = await services.database.db.select().from(orders).where(eq(orders.idempotencyKey, key));
    expect(rows).toHaveLength(1);
    const reused = await createCheckout(
      services,
      { ...request("Essential", "essential", "onetime"), idempotencyKey: key },
      "10.0.0.4",
    );
    expect(reused).toMatchObject({ ok: false, message: "Invalid plan or price ID" });
  });

  it("answers 'Failed to create checkout session' when Stripe refuses", async () => {
    const broken = await servicesFor("pglite", {
      STRIPE_SECRET_KEY: "sk_test_wrong_key",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICES: JSON.stringify(prices),
      STRIPE_API_BASE: standIn.url,
    });
    try {
      expect(await createCheckout(broken.services, request("Essential", "essential", "onetime"), "10.0.0.5")).toEqual({
        ok: false,
        status: 502,
        message: "Failed to create checkout session",
      });
    } finally {
      await broken.close();
    }
  });

  it("web hook: a one-off payment is recorded once, a bad signature and a replayed event change nothing", async () => {
    await createCheckout(services, request("Essential", "essential", "onetime"), "10.0.0.6");
    const sessionId = [...standIn.sessions.keys()].at(-1) ?? "";
    const session = standIn.completeSession(sessionId);
    const event = eventOf("checkout.session.completed", session, "evt_once_only");
    const payload = JSON.stringify(event);

    const forged = await services.payments.handleWebhook(
      payload,
      stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_not_ours" }),
    );
    expect(forged).toEqual({ status: 400, body: { received: false, error: "Invalid signature" } });
    const tamperedBody = await services.payments.handleWebhook(
      payload.replace(`"amount_total":${seedCents("essential", "1")}`, '"amount_total":1'),
      stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    );
    expect(tamperedBody.status).toBe(400);
    expect(await services.payments.handleWebhook(payload, null)).toMatchObject({ status: 400 });
    expect(await findOrder(services.database.db, { sessionId })).toMatchObject({ status: "pending", paymentsMade: 0 });

    expect(await signedDelivery(event)).toEqual({ status: 200, body: { received: true } });
    const order = await findOrder(services.database.db, { sessionId });
    expect(order).toMatchObject({ status: "paid", paymentsMade: 1, customerEmail: "buyer@example.com" });
    expect(await signedDelivery(event)).toEqual({ status: 200, body: { received: true, duplicate: true } });
    // The one-off invoice Stripe also sends must not count as a second payment.
    await signedDelivery(
      eventOf("invoice.paid", {
        id: "in_oneoff",
        object: "invoice",
        amount_paid: seedCents("essential", "1"),
        parent: null,
        metadata: { order_id: order?.id },
      }),
    );
    const paid = await listPayments(services.database.db, order?.id ?? "");
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({
      instalment: 1,
      amountCents: seedCents("essential", "1"),
      providerPaymentId: session.payment_intent,
    });
    const processed = await services.database.db
      .select()
      .from(processedEvents)
      .where(eq(processedEvents.id, "evt_once_only"));
    expect(processed).toHaveLength(1);
    expect(standIn.calls("POST /v1/subscription_schedules")).toHaveLength(0);
  });

  it("web hook: iDEAL/SEPA that settles later, failures and expiry update the status", async () => {
    await createCheckout(services, request("Elite", "elite", "onetime"), "10.0.0.7");
    const sessionId = [...standIn.sessions.keys()].at(-1) ?? "";
    const session = standIn.completeSession(sessionId, { payment_status: "unpaid" });
    await signedDelivery(eventOf("checkout.session.completed", session));
    expect(await findOrder(services.database.db, { sessionId })).toMatchObject({ status: "pending", paymentsMade: 0 });
    await signedDelivery(eventOf("checkout.session.async_payment_succeeded", { ...session, payment_status: "paid" }));
    expect(await findOrder(services.database.db, { sessionId })).toMatchObject({ status: "paid", paymentsMade: 1 });

    await createCheckout(services, request("Elite", "elite", "onetime"), "10.0.0.7");
    const failedId = [...standIn.sessions.keys()].at(-1) ?? "";
    const failed = standIn.completeSession(failedId, { payment_status: "unpaid" });
    await signedDelivery(eventOf("checkout.session.async_payment_failed", failed));
    expect(await findOrder(services.database.db, { sessionId: failedId })).toMatchObject({ status: "payment_failed" });

    await createCheckout(services, request("Elite", "elite", "onetime"), "10.0.0.7");
    const expiredId = [...standIn.sessions.keys()].at(-1) ?? "";
    await signedDelivery(eventOf("checkout.session.expired", standIn.sessions.get(expiredId) ?? {}));
    expect(await findOrder(services.database.db, { sessionId: expiredId })).toMatchObject({ status: "expired" });
  });

  it("web hook: a failed instalment marks the plan, a later payment restores it, cancelling early is recorded", async () => {
    await createCheckout(services, request("Essential", "essential", "monthly3x"), "10.0.0.8");
    const sessionId = [...standIn.sessions.keys()].at(-1) ?? "";
    const session = standIn.completeSession(sessionId);
    await signedDelivery(eventOf("checkout.session.completed", session));
    const details = { subscription: session.subscription, metadata: {} };
    await signedDelivery(
      eventOf("invoice.paid", {
        id: "in_e3_1",
        object: "invoice",
        amount_paid: seedCents("essential", "3"),
        parent: { subscription_details: details },
      }),
    );
    await signedDelivery(
      eventOf("invoice.payment_failed", {
        id: "in_e3_2",
        object: "invoice",
        amount_paid: 0,
        parent: { subscription_details: details },
      }),
    );
    expect(await findOrder(services.database.db, { sessionId })).toMatchObject({
      status: "payment_failed",
      paymentsMade: 1,
    });
    await signedDelivery(
      eventOf("invoice.paid", {
        id: "in_e3_2",
        object: "invoice",
        amount_paid: seedCents("essential", "3"),
        parent: { subscription_details: details },
      }),
    );
    expect(await findOrder(services.database.db, { sessionId })).toMatchObject({ status: "active", paymentsMade: 2 });
    await signedDelivery(
      eventOf("customer.subscription.deleted", { id: session.subscription, object: "subscription", metadata: {} }),
    );
    expect(await findOrder(services.database.db, { sessionId })).toMatchObject({
      status: "cancelled",
      paymentsMade: 2,
    });
  });

  it("success lookup: verifies the session with Stripe; unknown, foreign or unpaid sessions are refused", async () => {
    await createCheckout(services, request("Progress", "progress", "monthly6x"), "10.0.0.9");
    const sessionId = [...standIn.sessions.keys()].at(-1) ?? "";
    expect(await services.payments.retrieveCompletedCheckout(sessionId)).toBeNull();
    standIn.completeSession(sessionId);
    const order = await findOrder(services.database.db, { sessionId });
    expect(await services.payments.retrieveCompletedCheckout(sessionId)).toEqual({
      sessionId,
      // What analytics gets instead of the session id: the order's own id.
      orderRef: order?.id,
      planName: "Progress",
      billingType: "monthly6x",
      paymentsTotal: 6,
      amountPaidCents: seedCents("progress", "6"),
      currency: "eur",
      paid: true,
      canManage: true,
    });
    expect(await services.payments.retrieveCompletedCheckout("cs_test_doesnotexist123")).toBeNull();
    standIn.sessions.set("cs_test_foreign12345", {
      ...(standIn.sessions.get(sessionId) ?? {}),
      id: "cs_test_foreign12345",
      metadata: {},
    });
    expect(await services.payments.retrieveCompletedCheckout("cs_test_foreign12345")).toBeNull();
  });

  it("customer portal: opens for a completed checkout's customer with the configured portal", async () => {
    await createCheckout(services, request("Elite", "elite", "monthly3x"), "10.0.0.10");
    const sessionId = [...standIn.sessions.keys()].at(-1) ?? "";
    expect(await services.payments.createPortalSession(sessionId, `${SITE_URL}/success`)).toBeNull();
    const session = standIn.completeSession(sessionId);
    const url = await services.payments.createPortalSession(sessionId, `${SITE_URL}/success?session_id=${sessionId}`);
    expect(url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    const [call] = standIn.calls("POST /v1/billing_portal/sessions");
    expect(call?.params).toEqual({
      customer: session.customer,
      return_url: `${SITE_URL}/success?session_id=${sessionId}`,
      configuration: expect.stringMatching(/^bpc_/),
    });
  });

  it("publishing new prices creates a Stripe price per changed amount and archives the old one", async () => {
    const key = "progress:monthly3x";
    const old = standIn.prices.get(prices[key] ?? "");
    const newCents = seedCents("progress", "3") + 700;
    const changed = {
      ...pricing,
      plans: pricing.plans.map((p) =>
        p.id === "progress" && p.monthlyPriceCents
          ? { ...p, monthlyPriceCents: { ...p.monthlyPriceCents, "3": newCents } }
          : p,
      ),
    };
    const published = await services.payments.publishPrices(changed);
    expect(published).toEqual({ created: [key], archived: [prices[key]] });
    const fresh = [...standIn.prices.values()].find((p) => p.lookup_key === key);
    expect(fresh).toMatchObject({ unit_amount: newCents, active: true, recurring: { interval: "month" } });
    expect(fresh?.id).not.toBe(old?.id);
    // Archived, not deleted: running subscriptions keep charging it.
    expect(standIn.prices.get(old?.id ?? "")).toMatchObject({ active: false, unit_amount: seedCents("progress", "3") });
    // A checkout at the old amount is refused rather than charged at another amount.
    const refused = await createCheckout(services, request("Progress", "progress", "monthly3x"), "10.0.0.11");
    expect(refused).toMatchObject({ ok: false, status: 502 });
    // Publishing the same prices again changes nothing.
    expect(await services.payments.publishPrices(changed)).toEqual({ created: [], archived: [] });
    // Back to the seed, for any test after this one.
    const restored = await services.payments.publishPrices(pricing);
    expect(restored).toEqual({ created: [key], archived: [fresh?.id] });
  });
});

describe("built-in test checkout", () => {
  let services: AppServices;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ services, close } = await servicesFor("pglite", {}));
  });
  afterAll(async () => {
    await close?.();
  });

  it("is the provider when no Stripe key is set, and records orders through the shared fulfilment", async () => {
    expect(services.payments.kind).toBe("test");
    const result = await createCheckout(services, request("Progress", "progress", "monthly3x"), "10.1.0.1");
    expect(result).toMatchObject({
      ok: true,
      sessionUrl: expect.stringMatching(new RegExp(`^${SITE_URL}/checkout/test/cs_test_local_`)),
    });
    if (!result.ok) return;
    const sessionId = result.sessionUrl.split("/").pop() ?? "";
    const order = await findTestOrder(services.database.db, sessionId);
    expect(order).toMatchObject({
      status: "pending",
      provider: "test",
      paymentsTotal: 3,
      amountCents: seedCents("progress", "3"),
    });
    if (!order) return;
    expect(await services.payments.retrieveCompletedCheckout(sessionId)).toBeNull();

    const refused = await payTestOrder(
      services.database.db,
      order,
      {
        email: "not-an-email",
        cardNumber: "4000 0000 0000 0002",
        expiry: "13/30",
        cvc: "1",
      },
      subscriberIdByEmail,
    );
    expect(refused).toEqual({
      ok: false,
      errors: {
        email: "Please enter a valid email address",
        cardNumber: "Use the test card number 4242 4242 4242 4242",
        expiry: "Enter the expiry date as MM / YY",
        cvc: "Enter the 3 or 4 digit security code",
      },
    });
    const card = { email: "buyer@example.com", cardNumber: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" };
    expect(await payTestOrder(services.database.db, order, card, subscriberIdByEmail)).toEqual({ ok: true });
    expect(await payTestOrder(services.database.db, order, card, subscriberIdByEmail)).toEqual({ ok: true });
    expect(await findOrder(services.database.db, { id: order.id })).toMatchObject({
      status: "active",
      paymentsMade: 1,
      customerEmail: "buyer@example.com",
    });
    expect(await listPayments(services.database.db, order.id)).toHaveLength(1);
    expect(await services.payments.retrieveCompletedCheckout(sessionId)).toMatchObject({
      planName: "Progress",
      amountPaidCents: seedCents("progress", "3"),
      paymentsTotal: 3,
      canManage: false,
    });
    expect(await services.payments.handleWebhook("{}", "t=1,v1=x")).toMatchObject({ status: 404 });
  });

  it("rate-limits checkout creation per visitor", async () => {
    const limited = await servicesFor("pglite", { RATE_LIMIT_FORMS_PER_MINUTE: "2" });
    try {
      const results = [];
      for (let i = 0; i < 3; i++)
        results.push(await createCheckout(limited.services, request("Elite", "elite", "onetime"), "10.1.0.2"));
      expect(results.map((r) => r.ok)).toEqual([true, true, false]);
      expect(results[2]).toMatchObject({ status: 429 });
    } finally {
      await limited.close();
    }
  });

  it("refuses to start with a Stripe key but incomplete STRIPE_PRICES, naming the variable", async () => {
    await expect(
      servicesFor("pglite", { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_PRICES: '{"essential:onetime":"price_1"}' }),
    ).rejects.toThrow(/STRIPE_PRICES: no price for essential:monthly3x/);
  });
});
