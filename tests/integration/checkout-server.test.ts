import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syncStripeCatalogue } from "../../scripts/stripe-sync";
import { formatEuro } from "~/features/checkout/catalogue";
import { pricing } from "#content/pricing";
import { startServer, type RunningServer } from "../support/server";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in";

/**
 * The production server configured for Stripe, with the stand-in as Stripe's API: the
 * route modules (JSON endpoint, raw-body web hook, server-verified success page, portal
 * redirect) end to end over HTTP. Needs a build (BUILD_DIR or build/).
 */
const SECRET_KEY = "sk_test_server_456";
const WEBHOOK_SECRET = "whsec_server_secret";

describe("checkout routes with Stripe configured", () => {
  let standIn: StripeStandIn;
  let server: RunningServer;
  let stripe: Stripe;

  beforeAll(async () => {
    standIn = await startStripeStandIn({ secretKey: SECRET_KEY });
    stripe = new Stripe(SECRET_KEY, { host: "127.0.0.1", port: new URL(standIn.url).port, protocol: "http" });
    const { prices, portalConfiguration } = await syncStripeCatalogue(stripe);
    server = await startServer({
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICES: JSON.stringify(prices),
      STRIPE_PORTAL_CONFIGURATION: portalConfiguration,
      STRIPE_API_BASE: standIn.url,
      SITE_URL: "https://coach.example",
    });
  });
  afterAll(async () => {
    await server?.stop();
    await standIn?.close();
  });

  const deliver = (payload: string, signature?: string) =>
    fetch(`${server.url}/api/stripe-webhook`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(signature ? { "Stripe-Signature": signature } : {}) },
      body: payload,
    });

  it("creates a Stripe session, fulfils it from the signed web hook and shows the verified purchase", async () => {
    const created = await fetch(`${server.url}/api/create-checkout-session`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ priceId: "elite:monthly6x", planName: "Elite", billingType: "monthly6x", frequency: "6" }),
    });
    expect(created.status).toBe(200);
    const { sessionUrl } = (await created.json()) as { sessionUrl: string };
    expect(sessionUrl).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const sessionId = sessionUrl.split("/").pop() ?? "";
    expect(standIn.sessions.get(sessionId)).toMatchObject({
      mode: "subscription",
      success_url: "https://coach.example/success?session_id={CHECKOUT_SESSION_ID}",
    });

    // Before Stripe reports completion, the success page refuses the session.
    const early = await (await fetch(`${server.url}/success?session_id=${sessionId}`)).text();
    expect(early).toContain("Something went wrong");
    expect(early).not.toContain("Thank You!");

    const session = standIn.completeSession(sessionId);
    const payload = JSON.stringify({
      id: "evt_server_1",
      object: "event",
      type: "checkout.session.completed",
      data: { object: session },
    });
    expect((await deliver(payload)).status).toBe(400);
    expect(
      (await deliver(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_wrong" }))).status,
    ).toBe(400);
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const first = await deliver(payload, signature);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true });
    const replay = await deliver(payload, signature);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    expect(standIn.calls("POST /v1/subscription_schedules")).toHaveLength(1);
    const scheduleId = [...standIn.schedules.keys()].at(-1) ?? "";
    expect(standIn.schedules.get(scheduleId)).toMatchObject({
      end_behavior: "cancel",
      phases: [{ duration: { interval: "month", interval_count: "6" } }],
    });

    const page = await fetch(`${server.url}/success?session_id=${sessionId}`);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const html = await page.text();
    expect(html).toContain("Thank You!");
    expect(html).toContain(sessionId);
    expect(html).toContain("Elite");
    // The seed's Elite 6-month price (the server starts from it), never a typed amount.
    const elite6 = pricing.plans.find((plan) => plan.id === "elite")?.monthlyPriceCents?.["6"] ?? 0;
    expect(elite6).toBeGreaterThan(0);
    expect(html).toContain(`6 × ${formatEuro(elite6)}, ${formatEuro(elite6 * 6)} in total`);
    expect(html).toContain("Manage my plan");

    const portal = await fetch(`${server.url}/api/customer-portal?session_id=${sessionId}`, { redirect: "manual" });
    expect(portal.status).toBe(303);
    expect(portal.headers.get("location")).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    expect(standIn.calls("POST /v1/billing_portal/sessions").at(-1)?.params).toMatchObject({
      customer: session.customer,
      return_url: `https://coach.example/success?session_id=${sessionId}`,
    });
  });

  it("refuses a tampered price and hides the test checkout when Stripe is configured", async () => {
    const tampered = await fetch(`${server.url}/api/create-checkout-session`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ priceId: "essential:onetime", planName: "Elite", billingType: "onetime", frequency: "1" }),
    });
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toEqual({ message: "Invalid plan or price ID" });
    expect((await fetch(`${server.url}/checkout/test/cs_test_local_abcdefgh12345678`)).status).toBe(404);
    const unknown = await fetch(`${server.url}/api/customer-portal?session_id=cs_test_unknown12345678`, {
      redirect: "manual",
    });
    expect(unknown.headers.get("location")).toBe("/success?session_id=cs_test_unknown12345678&portal=unavailable");
  });
});
