import { afterEach, describe, expect, it, vi } from "vitest";
import { analyticsLocation, track } from "./track";

describe("analytics", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("strips the checkout session id (and other keys) from the page address", () => {
    expect(analyticsLocation("https://milajansen.coach/success?session_id=cs_test_abc123&utm_source=x#top")).toBe(
      "https://milajansen.coach/success?utm_source=x#top",
    );
    expect(analyticsLocation("https://milajansen.coach/newsletter/unsubscribe?token=secret")).toBe(
      "https://milajansen.coach/newsletter/unsubscribe",
    );
    expect(analyticsLocation("https://milajansen.coach/pricing")).toBe("https://milajansen.coach/pricing");
    expect(analyticsLocation("https://milajansen.coach/checkout/test/cs_test_abc123?plan=elite")).toBe(
      "https://milajansen.coach/checkout/test?plan=elite",
    );
  });

  it("never pushes a session id to the data layer", () => {
    const window: { dataLayer?: unknown[] } = {};
    vi.stubGlobal("window", window);
    track("page_view", {
      page_path: "/success",
      page_location: "https://milajansen.coach/success?session_id=cs_live_secret123456",
      page_title: "Payment Successful",
      page_category: "checkout",
    });
    track("payment_success", { order_ref: "0f8fad5b-d9cb-469f-a165-70867728950e" });
    track("page_view", {
      page_path: "/checkout/test/cs_test_secret654321",
      page_location: "https://milajansen.coach/checkout/test/cs_test_secret654321",
      page_title: "Test Checkout",
      page_category: "checkout",
    });
    expect(JSON.stringify(window.dataLayer)).not.toContain("cs_live_secret");
    expect(JSON.stringify(window.dataLayer)).not.toContain("cs_test_secret");
    expect(window.dataLayer).toEqual([
      {
        event: "page_view",
        page_path: "/success",
        page_location: "https://milajansen.coach/success",
        page_title: "Payment Successful",
        page_category: "checkout",
      },
      { event: "payment_success", order_ref: "0f8fad5b-d9cb-469f-a165-70867728950e" },
      {
        event: "page_view",
        page_path: "/checkout/test",
        page_location: "https://milajansen.coach/checkout/test",
        page_title: "Test Checkout",
        page_category: "checkout",
      },
    ]);
  });
});
