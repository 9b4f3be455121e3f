import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, payments } from "#db/schema";
import { pricing } from "#content/pricing";
import { checkout as checkoutCopy } from "#content/checkout";
import type { Duration } from "#content/types";
import type { AppServices } from "~/context";
import { AMSTERDAM } from "~/infra/amsterdam";
import { localDateTimeOf } from "~/infra/zoned-time";
import { createCheckout } from "~/features/checkout/create-checkout.server";
import { findOrder } from "~/features/checkout/fulfilment.server";
import { formatEuro } from "~/features/checkout/catalogue";
import { currentSale, endSale, startSale } from "~/features/checkout/sales.server";
import { saleEndsText, saleOffCents, type Sale } from "~/features/checkout/sale-rules";
import { startNowText, withDays } from "~/features/checkout/withdrawal";
import { startBuiltSite } from "../support/built-site";
import { syncStripeCatalogue } from "../../scripts/stripe-sync";
import { bodyText, htmlReader, textOf } from "../support/html";
import { engines } from "../support/database";
import { withTestServices } from "../support/services";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in";
import { enrolledTrainer } from "../support/trainer";

/**
 * The trainer's sale (docs/decisions/043-sales.md) through the production build in this process,
 * with the built-in test checkout, and against the Stripe stand-in. Prices come from the seed and
 * the rules, never typed here, so a price the trainer changes breaks nothing.
 */
const trainer = { userId: "trainer-sales", ip: "203.0.113.31" };

function seedCents(planId: string, duration: Duration): number {
  const cents = pricing.plans.find((p) => p.id === planId)?.monthlyPriceCents?.[duration];
  if (!cents) throw new Error(`the seed has no price for ${planId} ${duration}`);
  return cents;
}

/** An Amsterdam wall-clock time `ms` from now, as the sale form takes it. */
const amsterdamIn = (ms: number) => localDateTimeOf(new Date(Date.now() + ms), AMSTERDAM);

const checkoutRequest = (billingType: "onetime" | "monthly3x", saleId?: string) => ({
  priceId: `progress:${billingType}`,
  planName: pricing.plans.find((p) => p.id === "progress")?.name,
  billingType,
  frequency: billingType === "onetime" ? "1" : "3",
  idempotencyKey: randomUUID(),
  ...(saleId ? { saleId } : {}),
});

describe("a sale on the site, with the test checkout", () => {
  let services: AppServices;
  let close: (() => Promise<void>) | undefined;
  let site = "";
  const reader = htmlReader();

  beforeAll(async () => {
    ({ services, site, close } = await startBuiltSite("sales"));
  });
  afterAll(async () => {
    await close?.();
    reader.close();
  });

  const pricingPage = async (etag?: string) => {
    const res = await fetch(`${site}/pricing`, { headers: etag ? { "If-None-Match": etag } : {} });
    return { res, document: res.status === 200 ? reader.parse(await res.text()) : null };
  };
  const progressCard = (document: ReturnType<typeof reader.parse>) => {
    const card = [...document.querySelectorAll("article")].find((a) => textOf(a.querySelector("h2")) === "Progress");
    if (!card) throw new Error("no Progress card on /pricing");
    return card;
  };
  const post = (path: string, body: unknown) =>
    fetch(`${site}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });

  it("shows the normal price struck through, the sale price, what a screen reader hears and the end", async () => {
    const started = await startSale(
      services,
      { kind: "percent", value: "20", planIds: ["progress"], starts: "", ends: amsterdamIn(2 * 86_400_000) },
      trainer,
    );
    expect(started.ok).toBe(true);
    const sale = started.sale as Sale;

    const { res, document } = await pricingPage();
    expect(res.status).toBe(200);
    const card = progressCard(document!);
    for (const duration of ["1", "3", "6"] as const) {
      const list = seedCents("progress", duration);
      const now = list - saleOffCents(sale, list);
      const was = [...card.querySelectorAll("s")].map(textOf);
      expect(was).toContain(formatEuro(list));
      // The strike-through is not read out: the words around it say it.
      expect(textOf(card)).toContain(`Was ${formatEuro(list)}, now ${formatEuro(now)}`);
    }
    expect(textOf(card)).toContain("Sale: 20% off");
    expect(textOf(card)).toContain(saleEndsText(sale, new Date()));
    expect(textOf(card)).toContain("The sale price holds for all 3 monthly payments.");
    // Other plans keep their normal price; the withdrawal words stay.
    const essential = [...document!.querySelectorAll("article")].find(
      (a) => textOf(a.querySelector("h2")) === "Essential",
    );
    expect(essential?.querySelector("s")).toBeNull();
    expect(bodyText(document!)).toContain(withDays(checkoutCopy.pricing.termsNote));
    expect(bodyText(document!)).toContain(startNowText());
    // The plain form names the sale, never a price.
    expect(document!.querySelector('input[type="hidden"][name="saleId"]')?.getAttribute("value")).toBe(sale.id);
  });

  it("charges the sale price in the test checkout, on every instalment, and the order keeps the sale", async () => {
    const sale = (await currentSale(services)) as Sale;
    const list3 = seedCents("progress", "3");
    const sale3 = list3 - saleOffCents(sale, list3);

    const created = await post("/api/create-checkout-session", checkoutRequest("monthly3x", sale.id));
    expect(created.status).toBe(200);
    const { sessionUrl } = (await created.json()) as { sessionUrl: string };
    const sessionId = sessionUrl.split("/").pop() ?? "";

    const page = reader.parse(await (await fetch(sessionUrl)).text());
    const summary = bodyText(page);
    expect(summary).toContain(`3 × ${formatEuro(sale3)}, ${formatEuro(sale3 * 3)} in total`);
    expect(summary).toContain(`Pay ${formatEuro(sale3)}`);
    expect(summary).toContain(`20% off: ${formatEuro(list3 - sale3)} off each of the 3 payments`);

    const order = await findOrder(services.database.db, { sessionId });
    expect(order).toMatchObject({
      amountCents: sale3,
      discount: { saleId: sale.id, label: "20% off", listAmountCents: list3, offCents: list3 - sale3 },
    });

    const paid = await fetch(sessionUrl, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: site },
      body: new URLSearchParams({
        intent: "pay",
        email: "sale-buyer@example.com",
        cardNumber: "4242 4242 4242 4242",
        expiry: "12 / 34",
        cvc: "123",
      }),
    });
    expect(paid.status).toBe(303);
    const rows = await services.database.db.select().from(payments).where(eq(payments.orderId, order!.id));
    expect(rows.map((r) => r.amountCents)).toEqual([sale3]);
  });

  it("shows the sale on the Orders page", async () => {
    const { jar } = await enrolledTrainer(
      { services, cspNonce: "n", clientIp: "203.0.113.32" },
      site,
      "sales@example.com",
    );
    const html = await (await fetch(`${site}/admin/orders`, { headers: { cookie: jar.header() } })).text();
    const text = bodyText(reader.parse(html));
    expect(text).toMatch(/Sale 20% off: €[\d.,]+ off each of the 3 payments \(normal price €[\d.,]+\)/);
  });

  it("keeps what the trainer typed, with a message under the field, when a sale cannot start", async () => {
    const { jar } = await enrolledTrainer(
      { services, cspNonce: "n", clientIp: "203.0.113.33" },
      site,
      "sales2@example.com",
    );
    const ends = amsterdamIn(-3_600_000);
    const res = await fetch(`${site}/admin/offers`, {
      method: "POST",
      headers: { cookie: jar.header(), origin: site, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams([
        ["intent", "sale-start"],
        ["saleKind", "percent"],
        ["saleValue", "100"],
        ["salePlans", "elite"],
        ["saleStarts", ""],
        ["saleEnds", ends],
      ]),
    });
    expect(res.status).toBe(400);
    const document = reader.parse(await res.text());
    const value = document.getElementById("sale-value");
    expect(value?.getAttribute("value")).toBe("100");
    expect(textOf(document.getElementById(value?.getAttribute("aria-describedby")?.split(" ").pop() ?? ""))).toBe(
      "100% off would give the plans away: type a percentage from 1 to 99.",
    );
    expect(document.getElementById("sale-ends")?.getAttribute("value")).toBe(ends);
    expect(textOf(document.getElementById("sale-ends-error"))).toMatch(/has passed: pick an end that is still to come/);
    expect(document.querySelector('input[name="salePlans"][value="elite"]')?.hasAttribute("checked")).toBe(true);
    expect(document.querySelector('input[name="salePlans"][value="progress"]')?.hasAttribute("checked")).toBe(false);
    // Nothing changed: the running sale is still the one on the site.
    expect((await currentSale(services))?.planIds).toEqual(["progress"]);
  });

  it("disappears by itself at its end, and a checkout from the old page is told the normal price before paying", async () => {
    await endSale(services, trainer);
    // A sale ending in a moment, stored the way the back office stores one.
    const sale: Sale = {
      id: randomUUID(),
      kind: "percent",
      percent: 20,
      amountOffCents: null,
      planIds: ["progress"],
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: new Date(Date.now() + 1_500).toISOString(),
      endedAt: null,
    };
    await services.content.saveDraft("sale", "main", sale, trainer);
    await services.content.publish("sale", "main", trainer);
    const before = await pricingPage();
    const etag = before.res.headers.get("etag") ?? "";
    expect(etag).not.toBe("");
    expect(progressCard(before.document!).querySelector("s")).not.toBeNull();
    const storeRevision = await services.content.revision();

    // Polled until the end has passed; nothing is written meanwhile.
    const deadline = Date.parse(sale.endsAt) + 10_000;
    let after = await pricingPage(etag);
    while (after.res.status === 304 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await pricingPage(etag);
    }
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(sale.endsAt));
    expect(after.res.status).toBe(200);
    const card = progressCard(after.document!);
    expect(card.querySelector("s")).toBeNull();
    expect(textOf(card)).not.toMatch(/Sale ends/);
    expect(textOf(card)).toContain(formatEuro(seedCents("progress", "1")));
    expect(await services.content.revision()).toBe(storeRevision);

    const ordersBefore = (await services.database.db.select({ n: count() }).from(orders))[0]?.n;
    const late = await post("/api/create-checkout-session", checkoutRequest("onetime", sale.id));
    expect(late.status).toBe(409);
    expect(await late.json()).toEqual({
      saleEnded: true,
      message: `The sale shown on this page has ended. Progress now costs ${formatEuro(seedCents("progress", "1"))}, one payment. Nothing has been charged: choose the plan again to continue at this price.`,
    });
    expect((await services.database.db.select({ n: count() }).from(orders))[0]?.n).toBe(ordersBefore);
    // Choosing again (the page no longer names the sale) charges the normal price.
    const again = await post("/api/create-checkout-session", checkoutRequest("onetime"));
    expect(again.status).toBe(200);
  });
});

const SECRET_KEY = "sk_test_sales_123";
const WEBHOOK_SECRET = "whsec_sales_secret";

describe.each(engines)("a sale with Stripe (the stand-in) on %s", (engine) => {
  let standIn: StripeStandIn;
  let stripe: Stripe;
  let prices = "";
  beforeAll(async () => {
    standIn = await startStripeStandIn({ secretKey: SECRET_KEY });
    stripe = new Stripe(SECRET_KEY, { host: "127.0.0.1", port: new URL(standIn.url).port, protocol: "http" });
    prices = JSON.stringify((await syncStripeCatalogue(stripe)).prices);
  });
  afterAll(async () => {
    await standIn?.close();
  });
  const servicesNow = withTestServices(engine, () => ({
    SITE_URL: "https://coach.example",
    RATE_LIMIT_FORMS_PER_MINUTE: "1000",
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICES: prices,
    STRIPE_API_BASE: standIn.url,
  }));

  it("puts the sale on the checkout session as a coupon, reused, and keeps it on every instalment", async () => {
    const services = servicesNow();
    const started = await startSale(
      services,
      { kind: "percent", value: "15", planIds: ["progress"], starts: "", ends: amsterdamIn(86_400_000) },
      trainer,
    );
    const sale = started.sale as Sale;
    const list3 = seedCents("progress", "3");
    const off = saleOffCents(sale, list3);

    const first = await createCheckout(services, checkoutRequest("monthly3x", sale.id), "10.9.0.1");
    expect(first.ok).toBe(true);
    const [call] = standIn.calls("POST /v1/checkout/sessions").slice(-1);
    const couponId = `sale_${sale.id.replace(/-/g, "")}_progress_monthly3x_${off}`;
    expect(call?.params.discounts).toEqual([{ coupon: couponId }]);
    expect(standIn.coupons.get(couponId)).toMatchObject({
      amount_off: off,
      currency: "eur",
      duration: "repeating",
      duration_in_months: 3,
      redeem_by: Math.floor(Date.parse(sale.endsAt) / 1000) + 86_400,
      applies_to: { products: ["mjc_progress"] },
    });
    const sessionId = [...standIn.sessions.keys()].at(-1) ?? "";
    expect(standIn.sessions.get(sessionId)).toMatchObject({ amount_total: list3 - off });
    expect(await findOrder(services.database.db, { sessionId })).toMatchObject({
      amountCents: list3 - off,
      discount: { saleId: sale.id, offCents: off, listAmountCents: list3 },
    });

    // A second buyer in the same sale: the same coupon, not a new one.
    expect((await createCheckout(services, checkoutRequest("monthly3x", sale.id), "10.9.0.2")).ok).toBe(true);
    expect(standIn.calls("POST /v1/coupons")).toHaveLength(1);
    expect(standIn.calls("POST /v1/checkout/sessions").at(-1)?.params.discounts).toEqual([{ coupon: couponId }]);

    // Paid: the instalment schedule keeps the discount on its phase.
    const session = standIn.completeSession(sessionId);
    const payload = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: "event",
      type: "checkout.session.completed",
      data: { object: session },
    });
    const delivered = await services.payments.handleWebhook(
      payload,
      stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    );
    expect(delivered.status).toBe(200);
    const [update] = standIn.calls("POST /v1/subscription_schedules/" + [...standIn.schedules.keys()].at(-1));
    expect((update?.params.phases as { discounts?: unknown }[] | undefined)?.[0]?.discounts).toEqual([
      { discount: `di_${couponId}` },
    ]);
  });

  it("charges the normal price with no coupon for a plan not on sale", async () => {
    const services = servicesNow();
    const before = standIn.calls("POST /v1/coupons").length;
    const essential = {
      priceId: "essential:onetime",
      planName: pricing.plans.find((p) => p.id === "essential")?.name,
      billingType: "onetime",
      frequency: "1",
      saleId: (await currentSale(services))?.id,
    };
    expect((await createCheckout(services, essential, "10.9.0.3")).ok).toBe(true);
    expect(standIn.calls("POST /v1/checkout/sessions").at(-1)?.params).not.toHaveProperty("discounts");
    expect(standIn.calls("POST /v1/coupons")).toHaveLength(before);
  });
});
