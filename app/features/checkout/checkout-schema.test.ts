import { describe, expect, it } from "vitest";
import { checkoutRequestSchema, notExpired, testPaymentSchema } from "./checkout-schema";

describe("checkout request schema", () => {
  it("accepts the checkout request's fields and an optional per-click key", () => {
    const body = { priceId: "elite:onetime", planName: "Elite", billingType: "onetime", frequency: "1" };
    expect(checkoutRequestSchema.safeParse(body).success).toBe(true);
    expect(
      checkoutRequestSchema.safeParse({ ...body, idempotencyKey: "0f8fad5b-d9cb-469f-a165-70867728950e" }).success,
    ).toBe(true);
    expect(checkoutRequestSchema.safeParse({ ...body, idempotencyKey: "not-a-uuid" }).success).toBe(false);
    expect(checkoutRequestSchema.safeParse({ ...body, billingType: "monthly12x" }).success).toBe(false);
    expect(checkoutRequestSchema.safeParse({ ...body, priceId: "" }).success).toBe(false);
  });
});

describe("test checkout card", () => {
  const good = { email: "a@b.nl", cardNumber: "4242-4242 4242 4242", expiry: "12 / 99", cvc: "123" };

  it("accepts only the test card, formatted any way", () => {
    expect(testPaymentSchema.safeParse(good).success).toBe(true);
    expect(testPaymentSchema.safeParse({ ...good, cardNumber: "4000 0000 0000 0002" }).success).toBe(false);
  });

  it("treats a card as valid through the end of its expiry month", () => {
    const today = new Date("2026-11-21T12:00:00Z");
    expect(notExpired("11/26", today)).toBe(true);
    expect(notExpired("10/26", today)).toBe(false);
    expect(notExpired("01 / 27", today)).toBe(true);
    expect(testPaymentSchema.safeParse({ ...good, expiry: "01/20" }).error?.issues[0]?.message).toBe(
      "This card has expired",
    );
  });
});
