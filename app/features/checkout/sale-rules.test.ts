import { describe, expect, it } from "vitest";
import type { PlanTier } from "#content/types";
import { catalogueItem } from "./catalogue";
import {
  checkSale,
  itemOnSale,
  saleAtCheckout,
  saleEndedMessage,
  saleEndsText,
  saleFor,
  saleInputOf,
  saleLine,
  saleOffCents,
  saleState,
  type Sale,
  type SaleInput,
} from "./sale-rules";

const plan = (id: "essential" | "progress" | "elite", name: string, prices: [number, number, number]): PlanTier => ({
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

const NOW = new Date("2026-11-27T10:00:00Z");
const sale = (over: Partial<Sale> = {}): Sale => ({
  id: "6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b",
  kind: "percent",
  percent: 20,
  amountOffCents: null,
  planIds: ["progress"],
  startsAt: "2026-11-27T09:00:00.000Z",
  endsAt: "2026-11-30T22:59:00.000Z",
  endedAt: null,
  ...over,
});
const input = (over: Partial<SaleInput> = {}): SaleInput => ({
  kind: "percent",
  value: "20",
  planIds: ["progress"],
  starts: "",
  ends: "2026-11-30T23:59",
  ...over,
});

describe("the price in a sale", () => {
  it.each([
    // 15% of €104.50 is 1567.5 cents: half a cent rounds up.
    { cents: 10450, percent: 15, off: 1568 },
    { cents: 12345, percent: 10, off: 1235 },
    { cents: 9999, percent: 33, off: 3300 },
    { cents: 14000, percent: 20, off: 2800 },
  ])("$percent percent of $cents cents is $off cents, to the nearest cent", ({ cents, percent, off }) => {
    expect(saleOffCents({ kind: "percent", percent, amountOffCents: null }, cents)).toBe(off);
  });

  it("takes an amount off every monthly payment, the same on each instalment", () => {
    const amount = sale({ kind: "amount", percent: null, amountOffCents: 2050 });
    const item = catalogueItem(plans[1]!, "monthly6x")!;
    const { item: charged, discount } = itemOnSale(item, amount, NOW);
    expect(charged).toMatchObject({ amountCents: 10450 - 2050, totalCents: (10450 - 2050) * 6, payments: 6 });
    expect(discount).toEqual({
      saleId: amount.id,
      label: "€20.50 off",
      listAmountCents: 10450,
      offCents: 2050,
      endsAt: "2026-11-30T22:59:00.000Z",
    });
    expect(saleLine(discount!, 6)).toBe("€20.50 off each of the 6 payments (normal price €104.50)");
    const percent = itemOnSale(catalogueItem(plans[1]!, "onetime")!, sale(), NOW).discount!;
    expect(saleLine(percent, 1)).toBe("20% off: €28 off (normal price €140)");
  });

  it("runs from its start (included) to its end (not included), or until she ends it", () => {
    const s = sale();
    expect(saleState(s, new Date("2026-11-27T08:59:59.999Z"))).toBe("upcoming");
    expect(saleState(s, new Date("2026-11-27T09:00:00.000Z"))).toBe("running");
    expect(saleState(s, new Date("2026-11-30T22:58:59.999Z"))).toBe("running");
    expect(saleState(s, new Date("2026-11-30T22:59:00.000Z"))).toBe("over");
    expect(saleState(sale({ endedAt: "2026-11-27T10:00:00.000Z" }), NOW)).toBe("over");
  });

  it("lowers only the chosen plans while it runs, and never a price below €1", () => {
    expect(saleFor(sale(), "progress", 14000, NOW)).toMatchObject({ offCents: 2800 });
    expect(saleFor(sale(), "essential", 10000, NOW)).toBeNull();
    expect(saleFor(sale(), "progress", 14000, new Date("2026-12-01T00:00:00Z"))).toBeNull();
    expect(saleFor(null, "progress", 14000, NOW)).toBeNull();
    // Prices published lower after an amount sale started: that price stays as it is.
    const big = sale({ kind: "amount", percent: null, amountOffCents: 5000 });
    expect(saleFor(big, "progress", 5050, NOW)).toBeNull();
    expect(saleFor(big, "progress", 5100, NOW)).toMatchObject({ offCents: 5000 });
  });
});

describe("the end as visitors read it, in Amsterdam time", () => {
  it.each([
    // Winter (CET, +01:00) and summer (CEST, +02:00).
    ["2026-11-30T22:59:00Z", "Sale ends 30 November at 23:59"],
    ["2026-07-31T21:59:00Z", "Sale ends 31 July at 23:59"],
    // The night the clocks go back: 02:30 happens twice; the first is in summer time.
    ["2026-10-25T00:30:00Z", "Sale ends 25 October at 02:30"],
    ["2027-01-03T11:00:00Z", "Sale ends 3 January 2027 at 12:00"],
  ])("%s is %j", (endsAt, text) => {
    expect(saleEndsText(sale({ startsAt: "2026-01-01T00:00:00Z", endsAt }), NOW)).toBe(text);
  });
});

describe("checkSale: the trainer's form", () => {
  it("accepts a sale and reads the end on an Amsterdam clock, daylight saving included", () => {
    expect(checkSale(input(), plans, NOW)).toEqual({
      ok: true,
      sale: {
        kind: "percent",
        percent: 20,
        amountOffCents: null,
        planIds: ["progress"],
        startsAt: NOW.toISOString(),
        endsAt: "2026-11-30T22:59:00.000Z",
      },
    });
    const summer = checkSale(input({ starts: "2027-07-01T09:00", ends: "2027-07-31 23:59" }), plans, NOW);
    expect(summer).toMatchObject({
      ok: true,
      sale: { startsAt: "2027-07-01T07:00:00.000Z", endsAt: "2027-07-31T21:59:00.000Z" },
    });
    // A browser's field may send seconds.
    expect(checkSale(input({ ends: "2026-11-30T23:59:00" }), plans, NOW)).toMatchObject({ ok: true });
  });

  it("takes an amount in euros as typed", () => {
    expect(checkSale(input({ kind: "amount", value: "€ 20,50" }), plans, NOW)).toMatchObject({
      ok: true,
      sale: { kind: "amount", percent: null, amountOffCents: 2050 },
    });
  });

  it.each([
    ["0", /0% changes nothing/],
    ["100", /give the plans away/],
    ["150 %", /give the plans away/],
    ["12.5", /whole percentage/],
    ["", /how much off/],
    ["twenty", /not a percentage/],
  ])("refuses %j%% off, saying why", (value, message) => {
    const result = checkSale(input({ value }), plans, NOW);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toEqual({ saleValue: expect.stringMatching(message) });
  });

  it("refuses an amount as big as a chosen price or bigger, or one that leaves less than €1", () => {
    const more = checkSale(input({ kind: "amount", value: "110" }), plans, NOW);
    expect(more).toEqual({
      ok: false,
      errors: {
        saleValue: "€110 off is more than the Progress 6-month price of €104.50 a month: take off less than that.",
      },
    });
    const same = checkSale(input({ kind: "amount", value: "104.50" }), plans, NOW);
    expect(same.ok === false && same.errors.saleValue).toMatch(/is as much as the Progress 6-month price/);
    const almost = checkSale(input({ kind: "amount", value: "104" }), plans, NOW);
    expect(almost.ok === false && almost.errors.saleValue).toBe(
      "€104 off would leave the Progress 6-month price of €104.50 a month at €0.50; a sale price must be at least €1.",
    );
    const zero = checkSale(input({ kind: "amount", value: "0" }), plans, NOW);
    expect(zero.ok === false && zero.errors.saleValue).toMatch(/€0 off changes nothing/);
  });

  it("checks an amount against every chosen plan, the cheapest price first", () => {
    const result = checkSale(input({ kind: "amount", value: "85", planIds: ["essential", "progress"] }), plans, NOW);
    expect(result.ok === false && result.errors.saleValue).toMatch(/the Essential 6-month price of €80 a month/);
  });

  it("refuses a sale with no plan, an end in the past or before the start, and a time the clocks skip", () => {
    expect(checkSale(input({ planIds: [] }), plans, NOW)).toEqual({
      ok: false,
      errors: { salePlans: "Choose at least one plan for the sale." },
    });
    expect(checkSale(input({ planIds: ["custom"] }), plans, NOW)).toMatchObject({ ok: false });
    expect(checkSale(input({ ends: "2026-11-27T10:59" }), plans, NOW)).toEqual({
      ok: false,
      errors: { saleEnds: "27 November at 10:59 has passed: pick an end that is still to come." },
    });
    expect(checkSale(input({ starts: "2026-12-02T10:00" }), plans, NOW)).toEqual({
      ok: false,
      errors: { saleEnds: "The sale must end after it starts: pick a later end, or an earlier start." },
    });
    expect(checkSale(input({ ends: "" }), plans, NOW)).toEqual({
      ok: false,
      errors: { saleEnds: "Choose when the sale ends." },
    });
    // 28 March 2027: Amsterdam's clocks jump from 02:00 to 03:00.
    const skipped = checkSale(input({ ends: "2027-03-28T02:30" }), plans, NOW);
    expect(skipped.ok === false && skipped.errors.saleEnds).toMatch(/clocks skip that hour/);
    expect(checkSale(input({ kind: "" }), plans, NOW)).toEqual({
      ok: false,
      errors: { saleKind: "Choose a percentage off or an amount off." },
    });
  });

  it("fills the form with the running sale, or a fresh one starting now", () => {
    expect(saleInputOf(sale(), NOW)).toEqual({
      kind: "percent",
      value: "20",
      planIds: ["progress"],
      starts: "2026-11-27T10:00",
      ends: "2026-11-30T23:59",
    });
    expect(saleInputOf(sale({ endedAt: NOW.toISOString() }), NOW)).toEqual({
      kind: "percent",
      value: "",
      planIds: [],
      starts: "2026-11-27T11:00",
      ends: "",
    });
  });
});

describe("saleAtCheckout: the sale the page showed against the sale now", () => {
  const item = catalogueItem(plans[1]!, "onetime")!;
  const running = sale();

  it("charges the running sale, whether or not the page showed it", () => {
    expect(saleAtCheckout(running, running.id, item, NOW)).toMatchObject({
      ok: true,
      item: { amountCents: 11200 },
      discount: { offCents: 2800 },
    });
    expect(saleAtCheckout(running, undefined, item, NOW)).toMatchObject({ ok: true, item: { amountCents: 11200 } });
  });

  it("stops before payment when the sale the page showed has ended, with the normal price", () => {
    const later = new Date("2026-12-01T00:00:00Z");
    const result = saleAtCheckout(running, running.id, item, later);
    expect(result).toEqual({ ok: false, item });
    expect(saleEndedMessage(item)).toBe(
      "The sale shown on this page has ended. Progress now costs €140, one payment. Nothing has been charged: choose the plan again to continue at this price.",
    );
    // Replaced by another sale since: the visitor is told too.
    expect(saleAtCheckout(sale({ id: "0b7b1c1e-1111-4222-8333-944455556666" }), running.id, item, NOW).ok).toBe(false);
  });

  it("goes ahead at the normal price when the page's sale was not on the chosen plan", () => {
    const essential = catalogueItem(plans[0]!, "onetime")!;
    const later = new Date("2026-12-01T00:00:00Z");
    expect(saleAtCheckout(running, running.id, essential, later)).toEqual({
      ok: true,
      item: essential,
      discount: null,
    });
  });
});
