import Stripe from "stripe";
import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCheckout } from "~/features/checkout/create-checkout.server";
import { findOrder } from "~/features/checkout/fulfilment.server";
import { currentPricing } from "~/features/checkout/offers.server";
import { publishOffers, restoreOffers, saveOfferPrices } from "~/features/checkout/offers-admin.server";
import { priceInputOf } from "~/features/checkout/price-rules";
import { formatEuro } from "~/features/checkout/catalogue";
import { ContentError } from "~/features/content/store.server";
import { syncStripeCatalogue } from "../../scripts/stripe-sync";
import { auditLog } from "#db/schema";
import { pricing } from "#content/pricing";
import { engines } from "../support/database";
import { withTestServices } from "../support/services";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in";

const SECRET_KEY = "sk_test_offers_123";
const trainer = { userId: "trainer-offers", ip: "203.0.113.9" };
const KEY = "progress:monthly3x";
const progress3 = {
  priceId: KEY,
  planName: "Progress",
  billingType: "monthly3x",
  frequency: "3",
};

/** The seed's prices as the trainer would type them, with one changed. */
function typed(planId: string, duration: "1" | "3" | "6", euros: string) {
  const input = priceInputOf(pricing);
  return { ...input, [planId]: { ...input[planId], [duration]: euros } };
}

describe.each(engines)("editing the offers on %s, with Stripe (the stand-in)", (engine) => {
  let standIn: StripeStandIn;
  let prices = "";
  beforeAll(async () => {
    standIn = await startStripeStandIn({ secretKey: SECRET_KEY });
    const stripe = new Stripe(SECRET_KEY, { host: "127.0.0.1", port: new URL(standIn.url).port, protocol: "http" });
    prices = JSON.stringify((await syncStripeCatalogue(stripe)).prices);
  });
  afterAll(async () => {
    await standIn?.close();
  });
  // After the stand-in's hooks: made once it runs, closed before it stops.
  const servicesNow = withTestServices(engine, () => ({
    SITE_URL: "https://coach.example",
    RATE_LIMIT_FORMS_PER_MINUTE: "1000",
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_PRICES: prices,
    STRIPE_API_BASE: standIn.url,
  }));

  it("starts from the seed: the published offers are content/pricing.ts", async () => {
    const services = servicesNow();
    expect(await currentPricing(services)).toEqual(pricing);
  });

  it("refuses a price outside the rules with a message that says why, and changes nothing", async () => {
    const services = servicesNow();
    const before = await services.content.get("offers", "main");
    const cents = await saveOfferPrices(services, typed("progress", "3", "12000"), trainer);
    expect(cents).toMatchObject({ ok: false });
    if (!cents.ok)
      expect(cents.problems).toEqual([
        {
          planId: "progress",
          duration: "3",
          message: expect.stringMatching(/^Progress, 3 months: .*outside the plausible range.*euros, not cents/),
        },
      ]);
    // A euro a month more for 6 months than for 1 month, whatever the seed's prices are.
    const elite1 = (pricing.plans.find((p) => p.id === "elite")?.monthlyPriceCents?.["1"] ?? 0) / 100;
    const dearer = await saveOfferPrices(services, typed("elite", "6", String(elite1 + 1)), trainer);
    expect(dearer.ok).toBe(false);
    if (!dearer.ok)
      expect(dearer.problems[0]?.message).toMatch(
        new RegExp(
          `^Elite, 6 months: ${formatEuro((elite1 + 1) * 100).replace(".", "\\.")} a month is more than the .* price .* A longer commitment may never cost more per month`,
        ),
      );
    // The store itself holds the same rule, whatever calls it.
    const broken = structuredClone(pricing);
    const progress = broken.plans.find((p) => p.id === "progress");
    if (progress?.monthlyPriceCents) progress.monthlyPriceCents["6"] = progress.monthlyPriceCents["1"] + 100;
    const error = await services.content.saveDraft("offers", "main", broken, trainer).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).message).toMatch(/Progress, 6 months: .* may never cost more per month/);
    expect(await services.content.get("offers", "main")).toEqual(before);
  });

  it("publishing a new Progress 3-month price creates a Stripe price, archives the old one, and the checkout charges it", async () => {
    const services = servicesNow();
    const oldCents = pricing.plans.find((p) => p.id === "progress")?.monthlyPriceCents?.["3"] ?? 0;
    const newCents = oldCents - 500;
    const oldPrice = [...standIn.prices.values()].find((p) => p.lookup_key === KEY && p.active);

    const saved = await saveOfferPrices(services, typed("progress", "3", String(newCents / 100)), trainer);
    expect(saved.ok).toBe(true);
    // A saved draft is not live: the page and the checkout still use the published price.
    expect((await currentPricing(services)).plans.find((p) => p.id === "progress")?.monthlyPriceCents?.["3"]).toBe(
      oldCents,
    );
    // Nor a Stripe price yet: the old one is still the only active one.
    expect([...standIn.prices.values()].filter((p) => p.lookup_key === KEY && p.active)).toEqual([oldPrice]);

    const result = await publishOffers(services, trainer);
    expect(result).toEqual({ created: [KEY], archived: [oldPrice?.id] });
    const newPrice = [...standIn.prices.values()].find((p) => p.lookup_key === KEY && p.active);
    expect(newPrice).toMatchObject({ unit_amount: newCents, currency: "eur", recurring: { interval: "month" } });
    expect(standIn.prices.get(oldPrice?.id ?? "")).toMatchObject({ active: false, unit_amount: oldCents });

    const live = await currentPricing(services);
    expect(live.plans.find((p) => p.id === "progress")?.monthlyPriceCents?.["3"]).toBe(newCents);

    const checkout = await createCheckout(services, progress3, "10.1.0.1");
    expect(checkout.ok).toBe(true);
    const sessionId = [...standIn.sessions.keys()].at(-1) ?? "";
    const [call] = standIn.calls("POST /v1/checkout/sessions").slice(-1);
    expect(call?.params.line_items).toEqual([{ price: newPrice?.id, quantity: "1" }]);
    expect(await findOrder(services.database.db, { sessionId })).toMatchObject({ amountCents: newCents });
  });

  it("every change is in the audit log and an earlier version can be restored, in Stripe too", async () => {
    const services = servicesNow();
    const versions = await services.content.versions("offers", "main");
    const seedVersion = versions.find((v) => v.reason === "seed");
    expect(seedVersion).toBeDefined();
    await restoreOffers(services, seedVersion?.version ?? 1, trainer);
    expect(await currentPricing(services)).toEqual(pricing);
    const active = [...standIn.prices.values()].find((p) => p.lookup_key === KEY && p.active);
    expect(active?.unit_amount).toBe(pricing.plans.find((p) => p.id === "progress")?.monthlyPriceCents?.["3"]);

    const entries = await services.database.db.select().from(auditLog).where(like(auditLog.action, "content.%"));
    const mine = entries.filter(
      (e) => e.userId === trainer.userId && (e.detail as { kind?: string })?.kind === "offers",
    );
    expect(mine.map((e) => e.action)).toEqual(
      expect.arrayContaining(["content.saved", "content.published", "content.restored"]),
    );
    expect(mine.every((e) => e.createdAt instanceof Date)).toBe(true);
  });
});
