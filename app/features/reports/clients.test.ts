import { describe, expect, it } from "vitest";
import { WITHDRAWAL_DAYS } from "#content/terms";
import { addMonths, clientTerms, type ClientOrder } from "./clients";

const paid = new Date("2026-11-10T09:00:00Z");
const order = (over: Partial<ClientOrder> = {}): ClientOrder => ({
  status: "active",
  paymentsTotal: 3,
  paymentsMade: 1,
  amountCents: 12_000,
  startRequestedAt: null,
  createdAt: new Date("2026-11-10T08:55:00Z"),
  payments: [{ amountCents: 12_000, status: "succeeded", createdAt: paid }],
  ...over,
});
const day = (date: Date | null) => date?.toISOString().slice(0, 10) ?? null;

describe("addMonths", () => {
  it("keeps the day of the month, or the month's last day when it has fewer", () => {
    expect(day(addMonths(new Date("2026-01-15T10:00:00Z"), 1))).toBe("2026-02-15");
    expect(day(addMonths(new Date("2026-01-31T10:00:00Z"), 1))).toBe("2026-02-28");
    expect(day(addMonths(new Date("2026-11-30T10:00:00Z"), 3))).toBe("2027-02-28");
  });
});

describe("clientTerms", () => {
  it("starts after the withdrawal period and lasts a month per payment of the plan", () => {
    const terms = clientTerms(order(), new Date("2026-11-12T00:00:00Z"));
    const starts = new Date(paid);
    starts.setUTCDate(starts.getUTCDate() + WITHDRAWAL_DAYS + 1);
    expect(day(terms.starts)).toBe(day(starts));
    expect(day(terms.ends)).toBe(day(addMonths(starts, 3)));
    expect(terms.phase).toBe("starting");
  });

  it("starts on the day of payment when the buyer asked for it at checkout", () => {
    const terms = clientTerms(order({ startRequestedAt: paid }), new Date("2026-11-12T00:00:00Z"));
    expect(day(terms.starts)).toBe("2026-11-10");
    expect(day(terms.ends)).toBe("2027-02-10");
    expect(terms.phase).toBe("running");
  });

  it("counts the payments made and those to come, the next a month after the last", () => {
    const second = { amountCents: 12_000, status: "succeeded", createdAt: new Date("2026-12-10T09:00:00Z") };
    const failed = { amountCents: 12_000, status: "failed", createdAt: new Date("2027-01-10T09:00:00Z") };
    const terms = clientTerms(
      order({ paymentsMade: 2, status: "payment_failed", payments: [second, failed, ...order().payments] }),
      new Date("2027-01-11T00:00:00Z"),
    );
    expect(terms.made).toEqual({ count: 2, cents: 24_000 });
    expect(terms.toCome).toEqual({ count: 1, cents: 12_000, next: new Date("2027-01-10T09:00:00Z") });
  });

  it("has nothing to come once paid in full, cancelled or expired", () => {
    expect(clientTerms(order({ paymentsTotal: 1, status: "paid" }), paid).toCome).toEqual({
      count: 0,
      cents: 0,
      next: null,
    });
    expect(clientTerms(order({ status: "cancelled" }), paid).toCome.count).toBe(0);
  });

  it("is over once the last month has passed", () => {
    expect(clientTerms(order({ startRequestedAt: paid }), new Date("2027-02-11T00:00:00Z")).phase).toBe("ended");
  });
});
