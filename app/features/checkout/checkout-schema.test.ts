import { describe, expect, it } from "vitest";
import { checkoutRequestFromForm, checkoutRequestSchema, notExpired, testPaymentSchema } from "./checkout-schema";

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

describe("the plain plan form", () => {
  const plans = [{ id: "progress" as const, name: "Progress" }] as Parameters<
    typeof checkoutRequestFromForm
  >[1]["plans"];
  const sale = "6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b";

  it("carries the sale the page showed, as an id only, and nothing when there was none", () => {
    const form = new URLSearchParams({ priceId: "progress:monthly3x", saleId: sale });
    const request = checkoutRequestFromForm(form, { plans });
    expect(request).toMatchObject({ planName: "Progress", billingType: "monthly3x", frequency: "3", saleId: sale });
    expect(checkoutRequestSchema.safeParse(request).success).toBe(true);
    expect(checkoutRequestFromForm(new URLSearchParams({ priceId: "progress:onetime" }), { plans })).not.toHaveProperty(
      "saleId",
    );
    expect(checkoutRequestSchema.safeParse({ ...request, saleId: "20% off" }).success).toBe(false);
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
