import { describe, expect, it } from "vitest";
import { pricing } from "#content/pricing";
import type { PlanTier } from "#content/types";
import { PRICE_RANGE_EURO, checkPrices, parseEuro, priceInputOf, savingsNotices } from "./price-rules";

const plans = [
  { id: "essential", name: "Essential" },
  { id: "progress", name: "Progress" },
];
const valid = {
  essential: { "1": "100", "3": "90", "6": "80" },
  progress: { "1": "150", "3": "120", "6": "120" },
};

describe("parseEuro", () => {
  it.each([
    ["120", 12000],
    ["€ 120", 12000],
    ["104,50", 10450],
    ["104.5", 10450],
    ["1.000", 100000],
    ["1,000", 100000],
    [" 99 ", 9900],
  ])("reads %j as euros", (raw, cents) => {
    expect(parseEuro(raw)).toEqual({ ok: true, cents });
  });

  it.each(["", "abc", "12..5", "-5", "1e3", "1,2,3"])("refuses %j with a message", (raw) => {
    const result = parseEuro(raw);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/euros/);
  });
});

describe("checkPrices", () => {
  it("accepts prices in range that never rise per month with a longer commitment, equal included", () => {
    expect(checkPrices(plans, valid)).toEqual({
      ok: true,
      prices: { essential: { "1": 10000, "3": 9000, "6": 8000 }, progress: { "1": 15000, "3": 12000, "6": 12000 } },
    });
  });

  it("refuses a price typed in cents, saying prices are in euros", () => {
    const result = checkPrices(plans, { ...valid, progress: { ...valid.progress, "3": "12000" } });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({ planId: "progress", duration: "3" });
    expect(result.problems[0]?.message).toMatch(/Progress, 3 months: .*outside the plausible range.*euros, not cents/);
  });

  it("refuses a price below the range, naming the range", () => {
    const low = String(PRICE_RANGE_EURO.min - 1);
    const result = checkPrices(plans, { ...valid, essential: { ...valid.essential, "6": low } });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems[0]?.message).toContain(`€${PRICE_RANGE_EURO.min} to`);
  });

  it("refuses a longer commitment that costs more per month, saying which shorter price it beats", () => {
    const result = checkPrices(plans, { ...valid, essential: { "1": "100", "3": "105", "6": "80" } });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual([
      {
        planId: "essential",
        duration: "3",
        message: expect.stringMatching(/Essential, 3 months: €105 a month is more than the 1 month price of €100/),
      },
    ]);
    expect(result.problems[0]?.message).toMatch(/longer commitment may never cost more per month/);
  });

  it("compares 6 months with 1 month when the 3-month price is unreadable", () => {
    const result = checkPrices(plans, { ...valid, essential: { "1": "100", "3": "x", "6": "110" } });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.map((p) => p.duration)).toEqual(["3", "6"]);
  });

  it("reads back what priceInputOf writes, for the seed prices", () => {
    const purchasable = pricing.plans.filter((p) => p.monthlyPriceCents);
    const result = checkPrices(purchasable, priceInputOf(pricing));
    expect(result.ok).toBe(true);
    if (result.ok) for (const plan of purchasable) expect(result.prices[plan.id]).toEqual(plan.monthlyPriceCents);
  });
});

describe("savingsNotices", () => {
  const plan = (id: PlanTier["id"], prices: PlanTier["monthlyPriceCents"]): PlanTier => ({
    id,
    name: id,
    tagline: "",
    features: [],
    highlight: false,
    monthlyPriceCents: prices,
  });

  it("states the largest saving per month against the 1-month price, in percent and euros", () => {
    const notices = savingsNotices({
      plans: [
        plan("essential", { "1": 11000, "3": 9000, "6": 8000 }),
        plan("elite", { "1": 17500, "3": 15000, "6": 12500 }),
        plan("custom", null),
      ],
    });
    // 3 months: essential saves 18% (€20), elite 14% (€25); the notice takes the best of each.
    expect(notices["3"]).toBe("Save up to 18% (€25 a month)");
    expect(notices["6"]).toBe("Save up to 29% (€50 a month)");
    expect(notices["1"]).toBe("Save with 3 or 6 months");
  });

  it("says nothing for a duration that saves nothing, and names only the ones that do", () => {
    const notices = savingsNotices({ plans: [plan("essential", { "1": 10000, "3": 10000, "6": 9000 })] });
    expect(notices["3"]).toBe("");
    expect(notices["6"]).toBe("Save up to 10% (€10 a month)");
    expect(notices["1"]).toBe("Save with 6 months");
    expect(savingsNotices({ plans: [plan("essential", { "1": 10000, "3": 10000, "6": 10000 })] })["1"]).toBe("");
  });

  it("agrees with the published prices: no notice promises more than some plan saves", () => {
    const notices = savingsNotices(pricing);
    for (const d of ["3", "6"] as const) {
      const percent = Number(/(\d+)%/.exec(notices[d])?.[1] ?? 0);
      const saved = pricing.plans.flatMap((p) =>
        p.monthlyPriceCents ? [(1 - p.monthlyPriceCents[d] / p.monthlyPriceCents["1"]) * 100] : [],
      );
      expect(Math.abs(Math.max(...saved) - percent)).toBeLessThanOrEqual(0.5);
    }
  });
});
