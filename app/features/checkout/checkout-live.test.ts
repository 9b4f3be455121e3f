import path from "node:path";
import { describe, expect, it } from "vitest";
import { inlineFunction } from "~/features/client-runtime/inline-script";
import { CHECKOUT_LIVE_FUNCTION } from "./checkout-live-run.inline";

describe("the checkout result pages' inline script", () => {
  it("is made from the current checkout-live-run.ts (else run `npm run build:runtime`)", () => {
    expect(CHECKOUT_LIVE_FUNCTION).toBe(
      inlineFunction(path.join(import.meta.dirname, "checkout-live-run.ts"), "runCheckoutLive"),
    );
  });
});
