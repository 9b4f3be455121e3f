import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PricingContent } from "#content/types";
import { checkout as copy } from "#content/checkout";
import { pricingView } from "./pricing-plans";
import { PricingPlansView } from "./pricing-plans-view";
import type { Sale } from "./sale-rules";

/**
 * The pricing island's sale states: the sale prices as the server worked them out, the sale's id
 * sent with a checkout (never a price), and, when the server answers that the sale has ended, the
 * normal prices and the server's message before anything is paid.
 */
declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

const NOW = new Date("2026-11-27T10:00:00Z");
const pricing: PricingContent = {
  title: "Plans",
  subtitle: "",
  durations: [
    { value: "1", label: "1 month", billingType: "onetime" },
    { value: "3", label: "3 months", billingType: "monthly3x" },
    { value: "6", label: "6 months", billingType: "monthly6x" },
  ],
  plans: [
    {
      id: "progress",
      name: "Progress",
      tagline: "",
      features: [],
      highlight: true,
      monthlyPriceCents: { "1": 14000, "3": 12000, "6": 10500 },
    },
  ],
  afterPaymentNote: "",
};
const sale: Sale = {
  id: "6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b",
  kind: "percent",
  percent: 20,
  amountOffCents: null,
  planIds: ["progress"],
  startsAt: "2026-11-27T09:00:00.000Z",
  endsAt: "2026-11-30T22:59:00.000Z",
  endedAt: null,
};
const ENDED = "The sale shown on this page has ended. Progress now costs €140, one payment.";

let root: Root;
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  document.body.innerHTML = '<div id="app"></div>';
  fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify({ message: ENDED, saleEnded: true }), {
        status: 409,
        headers: { "Content-Type": "application/json" },
      }),
  );
  vi.stubGlobal("fetch", fetchMock);
  root = createRoot(document.getElementById("app")!);
});
afterEach(() => {
  act(() => root.unmount());
  vi.unstubAllGlobals();
});

const card = () => document.querySelector<HTMLElement>("article")!;
const choose = async () => {
  const button = card().querySelector<HTMLButtonElement>('button[value="progress:onetime"]')!;
  await act(async () => {
    button.closest("form")!.requestSubmit(button);
  });
};
const sentBody = (call: number) => JSON.parse(String(fetchMock.mock.calls[call]?.[1]?.body)) as Record<string, unknown>;

describe("the pricing island in a sale", () => {
  it("sends the sale's id, and on 'sale ended' shows the normal prices and the message; the next try names no sale", async () => {
    act(() => root.render(<PricingPlansView view={pricingView(pricing, "https://cal.example", sale, NOW)} />));
    // The HTML of the sale itself is checked from the server's page (tests/integration/sales.test.ts).
    expect(card().querySelector("s")?.textContent).toBe("€140");
    await choose();
    expect(sentBody(0)).toMatchObject({ priceId: "progress:onetime", saleId: sale.id });
    expect(sentBody(0)).not.toHaveProperty("amountCents");
    expect(card().querySelector('[role="alert"]')?.textContent).toBe(`Error: ${ENDED}`);
    expect(card().querySelector("s")).toBeNull();
    expect(card().textContent).toContain(`€140${copy.pricing.perMonth}`);
    expect(card().textContent).toContain("€140, one payment");
    expect(card().textContent).not.toMatch(/Sale|Was €/);
    expect(document.body.textContent).not.toContain("Amsterdam time");

    await choose();
    expect(sentBody(1)).not.toHaveProperty("saleId");
  });
});

describe("the pricing island with a code", () => {
  it("sends only the code's text and its e-mail, and shows a refusal under the code field with what was typed kept", async () => {
    const refusal = "The code WINTER20 has ended. Leave the field empty to pay the price shown.";
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify({ message: refusal, field: "code" }), {
          status: 400,
          headers: { "Content-Type": "application/json" },
        }),
    );
    act(() => root.render(<PricingPlansView view={pricingView(pricing, "https://cal.example", null, NOW)} />));
    const code = document.querySelector<HTMLInputElement>("#checkout-code")!;
    const email = document.querySelector<HTMLInputElement>("#checkout-codeEmail")!;
    code.value = "winter20";
    email.value = "ana@example.com";
    await choose();
    expect(sentBody(0)).toMatchObject({ code: "winter20", codeEmail: "ana@example.com" });
    expect(document.getElementById("checkout-code-error")?.textContent).toBe(refusal);
    expect(code.getAttribute("aria-invalid")).toBe("true");
    expect(code.getAttribute("aria-describedby")).toContain("checkout-code-error");
    expect([code.value, email.value]).toEqual(["winter20", "ana@example.com"]);
    // The plan's button has no error of its own: the message is where the fix is.
    expect(card().querySelector('[role="alert"]')).toBeNull();
  });
});
