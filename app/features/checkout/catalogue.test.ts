import { describe, expect, it } from "vitest";
import { pricing } from "#content/pricing";
import {
  allCatalogueItems,
  billingTypeFor,
  catalogueKey,
  durationFor,
  formatEuro,
  paymentSummary,
  paymentsFor,
  resolveCatalogueItem,
} from "./catalogue";

describe("billing-type mapping", () => {
  it("maps 1, 3 and 6 months to onetime, monthly3x and monthly6x and back", () => {
    expect(billingTypeFor("1")).toBe("onetime");
    expect(billingTypeFor("3")).toBe("monthly3x");
    expect(billingTypeFor("6")).toBe("monthly6x");
    for (const d of ["1", "3", "6"] as const) expect(durationFor(billingTypeFor(d))).toBe(d);
    expect([paymentsFor("onetime"), paymentsFor("monthly3x"), paymentsFor("monthly6x")]).toEqual([1, 3, 6]);
  });

  it("agrees with the duration toggle in content/pricing.ts", () => {
    for (const d of pricing.durations) expect(d.billingType).toBe(billingTypeFor(d.value));
  });
});

describe("catalogue lookup", () => {
  const good = { priceId: "progress:monthly3x", planName: "Progress", billingType: "monthly3x", frequency: "3" };

  const progress = pricing.plans.find((p) => p.id === "progress");
  const monthly = progress?.monthlyPriceCents;

  it("finds the plan with the server's own price: 3 payments of the 3-month price", () => {
    if (!monthly) throw new Error("the seed has a purchasable Progress plan");
    expect(resolveCatalogueItem(good)).toEqual({
      key: "progress:monthly3x",
      planId: "progress",
      planName: "Progress",
      billingType: "monthly3x",
      duration: "3",
      payments: 3,
      amountCents: monthly["3"],
      totalCents: monthly["3"] * 3,
      currency: "eur",
    });
    for (const [billingType, frequency, payments] of [
      ["onetime", "1", 1],
      ["monthly6x", "6", 6],
    ] as const) {
      const item = resolveCatalogueItem({ ...good, priceId: `progress:${billingType}`, billingType, frequency });
      expect(item).toMatchObject({
        payments,
        amountCents: monthly[frequency],
        totalCents: monthly[frequency] * payments,
      });
    }
  });

  it("charges whatever prices it is given, not the seed's", () => {
    const changed = {
      ...pricing,
      plans: pricing.plans.map((p) =>
        p.id === "progress" ? { ...p, monthlyPriceCents: { "1": 20000, "3": 17700, "6": 15000 } } : p,
      ),
    };
    expect(resolveCatalogueItem(good, changed)).toMatchObject({ amountCents: 17700, totalCents: 53100 });
  });

  it.each([
    ["another plan's price", { priceId: "elite:monthly3x" }],
    ["another billing type's price", { priceId: "progress:onetime" }],
    ["a Stripe price id", { priceId: "price_1PzzFake" }],
    ["an unknown plan", { planName: "Gold", priceId: "gold:monthly3x" }],
    ["the custom plan", { planName: "Custom Program", priceId: "custom:monthly3x" }],
    ["a frequency that does not match", { frequency: "6" }],
    ["an unknown billing type", { billingType: "yearly" }],
  ])("refuses %s", (_label, change) => {
    expect(resolveCatalogueItem({ ...good, ...change })).toBeNull();
  });

  it("lists 9 purchasable items: 3 plans × 3 billing types, never the custom plan", () => {
    const items = allCatalogueItems();
    expect(items).toHaveLength(9);
    expect(items.some((i) => (i.planId as string) === "custom")).toBe(false);
    expect(new Set(items.map((i) => i.key)).size).toBe(9);
    expect(catalogueKey("elite", "onetime")).toBe("elite:onetime");
  });
});

describe("price texts", () => {
  it("formats whole euros without decimals and shows instalment and total", () => {
    expect(formatEuro(9000)).toBe("€90");
    expect(formatEuro(10450)).toBe("€104.50");
    expect(paymentSummary({ payments: 3, amountCents: 9000, totalCents: 27000 })).toBe("3 × €90, €270 in total");
    expect(paymentSummary({ payments: 6, amountCents: 8000, totalCents: 48000 })).toBe("6 × €80, €480 in total");
    expect(paymentSummary({ payments: 1, amountCents: 11000, totalCents: 11000 })).toBe("€110, one payment");
  });
});
