import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { checkout as copy } from "#content/checkout";
import { site } from "#content/site";
import { CancelView } from "./cancel-view";
import { CANCEL_PROCESSING_MS, LIVE_ROOT_ATTRIBUTE, REDIRECT_SECONDS } from "./checkout-live";
import { SuccessView } from "./success-view";

/**
 * The live parts of /success and /cancel (checkout-live.ts): the pages as the server renders them,
 * then their own inline script, run as the browser runs it, on a fake clock. The cancel page's
 * processing state is CSS alone and stays a browser test (tests/e2e/checkout.spec.ts), as do the
 * page's enhancers starting mid-countdown.
 */

async function renderAt(url: string, element: ReactElement) {
  const handler = createStaticHandler([
    { id: "root", path: "/", loader: () => ({ site }), children: [{ path: "*", element }] },
  ]);
  const context = await handler.query(new Request(new URL(url, location.origin)));
  if (context instanceof Response) throw new Error(`${url} answered ${context.status}`);
  document.body.innerHTML = renderToStaticMarkup(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />,
  );
}

/** Runs the page's inline script (the server's HTML carries it; a DOM parser does not run it). */
function runPageScript() {
  const script = document.querySelector(`[${LIVE_ROOT_ATTRIBUTE}] script`);
  if (!script?.textContent) throw new Error("the page carries no live script");
  new Function(script.textContent)();
}

const paid = {
  state: "paid" as const,
  portalNotice: false,
  checkout: {
    sessionId: "cs_test_local_0123456789abcdef",
    orderRef: "0f0e0d0c-0b0a-4908-8706-050403020100",
    planName: "Progress",
    billingType: "monthly3x" as const,
    paymentsTotal: 3,
    amountPaidCents: 12_345,
    currency: "eur",
    paid: true,
    canManage: false,
  },
};

const root = () => document.querySelector<HTMLElement>(`[${LIVE_ROOT_ATTRIBUTE}]`)!;
const part = (name: string) => root().querySelector<HTMLElement>(`[data-live-${name}]`)!;
const shown = (el: Element) => !el.closest("[hidden]");
/** The countdown's sentence as the visitor reads it. */
const countdownText = () => part("countdown").querySelector("p")!.textContent;
const events = (name: string) =>
  (window.dataLayer ?? []).filter((entry) => (entry as { event?: string }).event === name);

let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;

beforeEach(() => {
  vi.useFakeTimers();
  window.dataLayer = [];
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, "assign").mockImplementation(assign);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = "";
});

describe("the success page", () => {
  const at = (seconds: number) => copy.success.countdown.replace("{seconds}", String(seconds));

  it("reports the purchase, counts down visibly from 15 and then goes home", async () => {
    await renderAt("/success?session_id=cs_test_local_0123456789abcdef", <SuccessView data={paid} />);
    expect(root().querySelector("h1")?.textContent).toBe(copy.success.title);
    runPageScript();
    expect(events("payment_success")).toEqual([{ event: "payment_success", order_ref: paid.checkout.orderRef }]);
    expect(countdownText()).toBe(at(REDIRECT_SECONDS));
    vi.advanceTimersByTime(5_000);
    expect(countdownText()).toBe(at(REDIRECT_SECONDS - 5));
    vi.advanceTimersByTime((REDIRECT_SECONDS - 5) * 1000 - 1);
    expect(assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(assign.mock.calls).toEqual([["/"]]);
  });

  it("the countdown stops when the visitor chooses to stay", async () => {
    await renderAt("/success?session_id=cs_test_local_0123456789abcdef", <SuccessView data={paid} />);
    runPageScript();
    vi.advanceTimersByTime(3_000);
    part("stay").click();
    expect(shown(part("stayed"))).toBe(true);
    expect(part("stayed").textContent).toBe(copy.success.stayed);
    expect(shown(part("countdown"))).toBe(false);
    vi.advanceTimersByTime(20_000);
    expect(assign).not.toHaveBeenCalled();
    expect(part("seconds").textContent).toBe(String(REDIRECT_SECONDS - 3));
  });
});

describe("the cancel page", () => {
  const at = (seconds: number) => copy.cancel.countdown.replace("{seconds}", String(seconds));

  it("reports the cancellation, starts counting after the processing time and returns to pricing after 15 s", async () => {
    await renderAt("/cancel", <CancelView />);
    runPageScript();
    expect(window.dataLayer).toEqual([{ event: "payment_cancelled" }]);
    vi.advanceTimersByTime(CANCEL_PROCESSING_MS);
    expect(countdownText()).toBe(at(REDIRECT_SECONDS));
    // The first second is counted from the end of the processing state, not from the page's start.
    vi.advanceTimersByTime(999);
    expect(countdownText()).toBe(at(REDIRECT_SECONDS));
    vi.advanceTimersByTime((REDIRECT_SECONDS - 1) * 1000 - 999);
    expect(countdownText()).toBe(at(1));
    expect(assign).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(assign.mock.calls).toEqual([["/pricing"]]);
  });

  it("'Stay on this page' stops the countdown", async () => {
    await renderAt("/cancel", <CancelView />);
    // What the CSS swaps in after the processing state: the message, the way back to pricing, the countdown.
    expect(root().querySelector("h1")?.textContent).toBe(copy.cancel.title);
    expect([...root().querySelectorAll("a")].some((a) => a.getAttribute("href") === "/pricing")).toBe(true);
    runPageScript();
    vi.advanceTimersByTime(CANCEL_PROCESSING_MS + 2_000);
    expect(countdownText()).toBe(at(REDIRECT_SECONDS - 2));
    part("stay").click();
    expect(shown(part("stayed"))).toBe(true);
    expect(part("stayed").textContent).toBe(copy.cancel.stayed);
    expect(shown(part("countdown"))).toBe(false);
    vi.advanceTimersByTime(REDIRECT_SECONDS * 1000 + 5_000);
    expect(shown(part("stayed"))).toBe(true);
    expect(assign).not.toHaveBeenCalled();
    expect(part("seconds").textContent).toBe(String(REDIRECT_SECONDS - 2));
    expect(events("payment_cancelled")).toHaveLength(1);
  });
});
