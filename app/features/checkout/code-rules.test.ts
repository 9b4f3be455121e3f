import { describe, expect, it } from "vitest";
import type { PlanTier } from "#content/types";
import { catalogueItem, type CatalogueItem } from "./catalogue";
import {
  checkCode,
  checkCodeFor,
  codeLine,
  codeState,
  normalizeCode,
  priceWithCode,
  type CodeInput,
  type DiscountCode,
} from "./code-rules";
import type { Sale } from "./sale-rules";

const plan = (id: "essential" | "progress", name: string, prices: [number, number, number]): PlanTier => ({
  id,
  name,
  tagline: "",
  features: [],
  highlight: false,
  monthlyPriceCents: { "1": prices[0], "3": prices[1], "6": prices[2] },
});
const plans = [
  plan("essential", "Essential", [10000, 9000, 8000]),
  plan("progress", "Progress", [14000, 12000, 10450]),
];
const item = (planIndex: number, billing: "onetime" | "monthly3x" | "monthly6x") =>
  catalogueItem(plans[planIndex] as PlanTier, billing) as CatalogueItem;

const NOW = new Date("2026-11-27T10:00:00Z");
const code = (over: Partial<DiscountCode> = {}): DiscountCode => ({
  id: "0b7e4c1a-2f3d-4e5f-8a9b-0c1d2e3f4a5b",
  code: "WINTER20",
  kind: "percent",
  percent: 20,
  amountOffCents: null,
  planIds: ["progress"],
  startsAt: new Date("2026-11-27T09:00:00Z"),
  endsAt: new Date("2026-12-31T22:59:00Z"),
  endedAt: null,
  maxUses: 10,
  uses: 0,
  oncePerPerson: false,
  stacksWithSale: false,
  ...over,
});
const sale = (over: Partial<Sale> = {}): Sale => ({
  id: "6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b",
  kind: "percent",
  percent: 10,
  amountOffCents: null,
  planIds: ["progress"],
  startsAt: "2026-11-27T09:00:00.000Z",
  endsAt: "2026-11-30T22:59:00.000Z",
  endedAt: null,
  ...over,
});

describe("a code's price", () => {
  it("takes a percentage off each payment, rounded to the nearest cent (half a cent up)", () => {
    // 20% of €104.50 is €20.90; 15% of €104.50 is €15.675, so €15.68.
    const six = item(1, "monthly6x");
    expect(priceWithCode(six, null, code(), NOW)).toMatchObject({
      item: { amountCents: 10450 - 2090, totalCents: (10450 - 2090) * 6 },
      code: { code: "WINTER20", label: "20% off", beforeCents: 10450, offCents: 2090 },
      sale: null,
      applied: "code",
    });
    expect(priceWithCode(six, null, code({ percent: 15 }), NOW).item.amountCents).toBe(10450 - 1568);
  });

  it("takes an amount off, and never below the lowest price charged", () => {
    expect(
      priceWithCode(item(1, "onetime"), null, code({ kind: "amount", percent: null, amountOffCents: 2500 }), NOW),
    ).toMatchObject({ item: { amountCents: 11500 }, code: { label: "€25 off", offCents: 2500 } });
    const huge = code({ kind: "amount", percent: null, amountOffCents: 50000 });
    expect(priceWithCode(item(1, "onetime"), null, huge, NOW).item.amountCents).toBe(100);
  });

  it("gives the better of a sale and a code that does not add to sales, the sale on a tie", () => {
    const onetime = item(1, "onetime");
    // Sale 10% (€14) against code 20% (€28): the code, alone.
    expect(priceWithCode(onetime, sale(), code(), NOW)).toMatchObject({
      item: { amountCents: 14000 - 2800 },
      sale: null,
      code: { offCents: 2800, beforeCents: 14000 },
      applied: "code",
    });
    // Sale 30% (€42) against the code's 20%: the sale, and the code is not spent.
    expect(priceWithCode(onetime, sale({ percent: 30 }), code(), NOW)).toMatchObject({
      item: { amountCents: 14000 - 4200 },
      sale: { offCents: 4200 },
      code: null,
      applied: "sale",
    });
    expect(priceWithCode(onetime, sale({ percent: 20 }), code(), NOW)).toMatchObject({ code: null, applied: "sale" });
  });

  it("adds to the sale when she says so, taken off the sale price", () => {
    // €140 - 10% = €126; 20% of €126 = €25.20.
    expect(priceWithCode(item(1, "onetime"), sale(), code({ stacksWithSale: true }), NOW)).toMatchObject({
      item: { amountCents: 12600 - 2520 },
      sale: { offCents: 1400 },
      code: { beforeCents: 12600, offCents: 2520 },
      applied: "both",
    });
  });

  it("leaves a sale on another plan out of it", () => {
    expect(priceWithCode(item(1, "onetime"), sale({ planIds: ["essential"] }), code(), NOW)).toMatchObject({
      sale: null,
      applied: "code",
    });
  });

  it("reads the same order line on Orders and the test checkout", () => {
    const priced = priceWithCode(item(1, "monthly3x"), null, code(), NOW);
    expect(codeLine(priced.code!, 3)).toBe("WINTER20, 20% off: €24 off each of the 3 payments");
    const amount = priceWithCode(
      item(1, "onetime"),
      null,
      code({ kind: "amount", percent: null, amountOffCents: 2000 }),
      NOW,
    );
    expect(codeLine(amount.code!, 1)).toBe("WINTER20: €20 off");
  });
});

describe("a code at checkout", () => {
  const check = (found: DiscountCode | null, planId = "progress", typed = " winter20 ") =>
    checkCodeFor(found, typed, planId, plans, NOW);

  it("is found in any case and without spaces", () => {
    expect(normalizeCode(" winter 20 ")).toBe("WINTER20");
    expect(check(code())).toMatchObject({ ok: true });
  });

  it("refuses each case with its own message", () => {
    const messages = [
      check(null),
      check(code({ endsAt: new Date("2026-11-27T09:30:00Z") })),
      check(code({ endedAt: new Date("2026-11-27T09:59:00Z") })),
      check(code({ startsAt: new Date("2026-12-01T08:00:00Z") })),
      check(code({ uses: 10 })),
      check(code(), "essential"),
    ].map((r) => (r.ok ? "" : `${r.refusal}: ${r.message}`));
    expect(messages).toEqual([
      'unknown: There is no code "WINTER20". Check the spelling, or leave the field empty to pay the normal price.',
      "expired: The code WINTER20 has ended. Leave the field empty to pay the price shown.",
      "expired: The code WINTER20 has ended. Leave the field empty to pay the price shown.",
      "notStarted: The code WINTER20 is not valid yet: it starts 1 December at 09:00 (Amsterdam time).",
      "usedUp: The code WINTER20 has been used as often as it may be. Leave the field empty to pay the price shown.",
      "wrongPlan: The code WINTER20 is for Progress only. Choose that plan, or leave the field empty.",
    ]);
  });

  it("lets the visitor whose own unpaid checkout holds the last use go on, and tells her when she used it", () => {
    const usedUp = code({ uses: 10 });
    expect(checkCodeFor(usedUp, "winter20", "progress", plans, NOW, "unpaid")).toMatchObject({ ok: true });
    expect(checkCodeFor(usedUp, "winter20", "progress", plans, NOW, null)).toMatchObject({ refusal: "usedUp" });
    expect(checkCodeFor(usedUp, "winter20", "progress", plans, NOW, "used")).toMatchObject({ refusal: "alreadyUsed" });
    expect(checkCodeFor(code({ uses: 10, endedAt: NOW }), "winter20", "progress", plans, NOW, "unpaid")).toMatchObject({
      refusal: "expired",
    });
  });

  it("runs from its start until its end or the moment she ended it", () => {
    expect(codeState(code({ startsAt: NOW }), NOW)).toBe("running");
    expect(codeState(code({ endsAt: NOW }), NOW)).toBe("over");
  });
});

describe("her code form", () => {
  const input = (over: Partial<CodeInput> = {}): CodeInput => ({
    code: "winter20",
    kind: "percent",
    value: "20",
    planIds: ["progress"],
    starts: "",
    ends: "2026-12-31T23:59",
    maxUses: "50",
    oncePerPerson: true,
    stacksWithSale: false,
    ...over,
  });

  it("keeps a good code in capitals, starting now", () => {
    expect(checkCode(input(), plans, NOW, false)).toEqual({
      ok: true,
      code: {
        code: "WINTER20",
        kind: "percent",
        percent: 20,
        amountOffCents: null,
        planIds: ["progress"],
        startsAt: NOW,
        endsAt: new Date("2026-12-31T22:59:00Z"),
        maxUses: 50,
        oncePerPerson: true,
        stacksWithSale: false,
      },
    });
    expect(checkCode(input({ maxUses: "" }), plans, NOW, false)).toMatchObject({ ok: true, code: { maxUses: null } });
  });

  it("says under each field what to change", () => {
    const result = checkCode(
      input({ code: "wïnter", value: "100", planIds: [], ends: "2026-11-01T10:00", maxUses: "0" }),
      plans,
      NOW,
      false,
    );
    expect(result.ok ? {} : Object.keys(result.errors).sort()).toEqual([
      "codeEnds",
      "codeMaxUses",
      "codePlans",
      "codeText",
      "codeValue",
    ]);
    expect(checkCode(input(), plans, NOW, true)).toMatchObject({
      ok: false,
      errors: { codeText: "There is a code WINTER20 already (codes are the same in any case): pick another." },
    });
    expect(checkCode(input({ kind: "amount", value: "100", planIds: ["essential"] }), plans, NOW, false)).toMatchObject(
      {
        ok: false,
        errors: { codeValue: expect.stringContaining("Essential 6-month price of €80 a month at €0") },
      },
    );
  });
});
