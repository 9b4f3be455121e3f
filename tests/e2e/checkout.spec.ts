import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { checkout as checkoutCopy } from "#content/checkout";
import { site } from "#content/site";
import type { Duration, PlanTier } from "#content/types";
import { formatEuro } from "~/features/checkout/catalogue";
import { CANCEL_PROCESSING_MS, REDIRECT_SECONDS } from "~/features/checkout/checkout-live";
import { savingsNotices } from "~/features/checkout/price-rules";

/** What a checkout return page may fetch once idle: the footer newsletter form's enhancer and its parts. */
const FOOTER_FORM_SCRIPTS =
  /\/assets\/(enhance|enhancers-shared|newsletter|email-address|form-fields|track|reset-delay)-/;

/** Checkout tests are not about cookies: a stored choice keeps the consent bar away. */
test.beforeEach(async ({ page }) => {
  // Whole purchases with several axe scans: allow for a busy CI machine.
  test.slow();
  await page.addInitScript(() => window.localStorage.setItem("cookie-consent", "rejected"));
});

type DataLayerEvent = { event?: string; order_ref?: string };

/** How often the page pushed an event (each report happens exactly once per page view). */
async function eventCount(page: Page, name: string): Promise<number> {
  return page.evaluate(
    (eventName) => ((window.dataLayer ?? []) as { event?: string }[]).filter((e) => e.event === eventName).length,
    name,
  );
}

/**
 * Every script of the app the page requests; the checkout result pages need none. The page-speed
 * module (app/features/vitals/) is not the app: it loads on every public page once it is idle.
 */
function scriptRequests(page: Page): string[] {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script" && !/\/assets\/vitals-/.test(request.url())) scripts.push(request.url());
  });
  return scripts;
}

const hydrated = (page: Page) => page.locator("html[data-hydrated]");

/**
 * Holds the page's CSS animations (Chromium's animation timeline at rate 0, from the next navigation
 * on) until `release()`: a state that CSS ends by itself can be looked at without racing it.
 */
async function holdAnimations(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Animation.enable");
  await cdp.send("Animation.setPlaybackRate", { playbackRate: 0 });
  return { release: () => cdp.send("Animation.setPlaybackRate", { playbackRate: 1 }) };
}

async function dataLayerEvent(page: Page, name: string): Promise<DataLayerEvent> {
  const handle = await page.waitForFunction((eventName) => {
    const layer = (window.dataLayer ?? []) as { event?: string }[];
    return layer.find((e) => e.event === eventName) ?? null;
  }, name);
  return (await handle.jsonValue()) as DataLayerEvent;
}

function planCard(page: Page, name: string) {
  return page.getByRole("article", { name });
}

const DURATION_LABELS = { "1": "1 month", "3": "3 months", "6": "6 months" } as const;
const PURCHASABLE = ["Essential", "Progress", "Elite"] as const;

/** The monthly price a plan card shows for the chosen duration, in cents (the page's own figure). */
async function shownMonthlyCents(page: Page, plan: string): Promise<number> {
  const text = await planCard(page, plan)
    .getByText(/^€\d[\d,]*(\.\d\d)?$/)
    .filter({ visible: true })
    .innerText();
  return Math.round(Number(text.replace(/[€,]/g, "")) * 100);
}

/** What a visitor is told for n payments of a monthly price. */
const summaryOf = (payments: number, cents: number) =>
  payments === 1
    ? `${formatEuro(cents)}, one payment`
    : `${payments} × ${formatEuro(cents)}, ${formatEuro(cents * payments)} in total`;

async function chooseDuration(page: Page, label: "1 month" | "3 months" | "6 months") {
  await page.getByText(label, { exact: true }).click();
  await expect(page.getByRole("radio", { name: label })).toBeChecked();
}

async function payWithTestCard(page: Page) {
  await expect(page.getByText("Test mode")).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill("buyer@example.com");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("Security code").fill("123");
  await page.getByRole("button", { name: /^Pay €/ }).click();
}

/** A paid test order made through the public endpoints, for tests about the success page itself. */
async function paidSessionId(request: APIRequestContext): Promise<string> {
  const created = await request.post("/api/create-checkout-session", {
    data: { priceId: "progress:monthly3x", planName: "Progress", billingType: "monthly3x", frequency: "3" },
  });
  expect(created.status()).toBe(200);
  const { sessionUrl } = (await created.json()) as { sessionUrl: string };
  const sessionId = new URL(sessionUrl).pathname.split("/").pop() ?? "";
  const paid = await request.post(new URL(sessionUrl).pathname, {
    form: { intent: "pay", email: "buyer@example.com", cardNumber: "4242424242424242", expiry: "12/34", cvc: "123" },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  return sessionId;
}

test.describe("pricing page", () => {
  test("shows the title, the duration toggle, savings that follow the prices and four plans @mobile", async ({
    page,
  }) => {
    await page.goto("/pricing");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("radio", { name: "1 month" })).toBeChecked();
    for (const name of [...PURCHASABLE, "Custom Program"]) await expect(planCard(page, name)).toBeVisible();
    await expect(planCard(page, "Progress").getByText("Most popular")).toBeVisible();
    await expect(planCard(page, "Essential").getByText("Most popular")).toHaveCount(0);

    // Read every card's price per duration, as a visitor does, and check the page against its own figures.
    const shown: Record<string, Partial<Record<Duration, number>>> = {};
    for (const d of ["1", "3", "6"] as const) {
      await chooseDuration(page, DURATION_LABELS[d]);
      for (const plan of PURCHASABLE) {
        const cents = await shownMonthlyCents(page, plan);
        (shown[plan] ??= {})[d] = cents;
        await expect(planCard(page, plan).getByText(summaryOf(Number(d), cents))).toBeVisible();
        // Dutch consumers must see that the price includes VAT, right beside it.
        await expect(planCard(page, plan).getByText("incl. btw").filter({ visible: true })).toBeVisible();
      }
    }
    // A longer commitment never costs more per month.
    for (const plan of PURCHASABLE) {
      const p = shown[plan] as Record<Duration, number>;
      expect(p["3"]).toBeLessThanOrEqual(p["1"]);
      expect(p["6"]).toBeLessThanOrEqual(p["3"]);
    }
    // The savings notice of each duration is the one these prices give, and only that one is visible.
    const plans = PURCHASABLE.map((name): PlanTier => ({
      id: "essential",
      name,
      tagline: "",
      features: [],
      highlight: false,
      monthlyPriceCents: shown[name] as Record<Duration, number>,
    }));
    const notices = savingsNotices({ plans });
    const savings = page.getByTestId("savings");
    for (const d of ["1", "3", "6"] as const) {
      await chooseDuration(page, DURATION_LABELS[d]);
      await expect(savings.locator("p").filter({ visible: true })).toHaveText(notices[d]);
    }
    // The plans with another duration chosen; the page around them is judged whole, at both widths,
    // by the every-route test (foundation.spec.ts).
    await expectAccessible(page, { include: "div.pricing" });
  });

  test("the Custom Program links to the booking page and never starts a checkout", async ({ page }) => {
    let checkoutCalls = 0;
    page.on("request", (r) => {
      if (r.url().includes("/api/create-checkout-session")) checkoutCalls++;
    });
    await page.goto("/pricing");
    const custom = planCard(page, "Custom Program");
    await expect(custom.getByText("Contact", { exact: true })).toBeVisible();
    const link = custom.getByRole("link", { name: /^Contact/ });
    await expect(link).toHaveAttribute("href", site.bookingUrl);
    await expect(custom.getByRole("button")).toHaveCount(0);
    // Following it opens the booking page beside this one; no checkout starts.
    const popup = page.waitForEvent("popup");
    const booking = page.context().waitForEvent("request", (r) => r.url() === new URL(site.bookingUrl).href);
    await link.click();
    await booking;
    await (await popup).close();
    await expect(page).toHaveURL(/\/pricing$/);
    expect(checkoutCalls).toBe(0);
  });

  test("a tampered price ID is refused with 'Invalid plan or price ID'", async ({ page, consoleErrors }) => {
    await page.goto("/pricing");
    const card = planCard(page, "Elite");
    const button = card.getByRole("button", { name: "Choose Elite" });
    // What a visitor could do in the developer tools: make up a price for the plan.
    await button.evaluate((el) => ((el as HTMLButtonElement).value = "elite:free"));
    const response = page.waitForResponse("**/api/create-checkout-session");
    await button.click();
    expect((await response).status()).toBe(400);
    await expect(card.getByRole("alert")).toHaveText("Error: Invalid plan or price ID");
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(button).toBeEnabled();
    await expect(card).toHaveAttribute("data-selected", "true");
    // The browser logs the refused request itself; that is the expected outcome here.
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !e.includes("400")));
  });

  test("shows 'An unexpected error occurred' when the server cannot be reached", async ({ page, consoleErrors }) => {
    await page.goto("/pricing");
    await page.route("**/api/create-checkout-session", (route) => route.abort("connectionrefused"));
    await planCard(page, "Essential").getByRole("button", { name: "Choose Essential" }).click();
    await expect(planCard(page, "Essential").getByRole("alert")).toHaveText("Error: An unexpected error occurred");
    consoleErrors.splice(
      0,
      consoleErrors.length,
      ...consoleErrors.filter((e) => !e.includes("ERR_CONNECTION_REFUSED")),
    );
  });
});

/**
 * The plans are an island (docs/decisions/027-island-budgets.md): they hydrate on their own after
 * load; a "Choose" tapped before that shows busy at once and is sent once the island runs; if its
 * code cannot be fetched the held tap posts the form as plain HTML does.
 */
test.describe("the checkout island", () => {
  const island = (page: Page) => page.locator('[data-island="checkout"]');
  const choose = (page: Page, plan: string) => planCard(page, plan).getByRole("button", { name: `Choose ${plan}` });

  /** Holds the checkout island's entry until released. */
  async function holdIsland(page: Page) {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let requested = false;
    await page.route(/\/assets\/checkout\.island-[^/]+\.js$/, async (route) => {
      requested = true;
      await gate;
      await route.continue();
    });
    return { release: () => release(), requested: () => requested };
  }

  test("runs on its own after load, without the page's application", async ({ page }) => {
    await page.goto("/pricing", { waitUntil: "load" });
    await expect(island(page)).toHaveAttribute("data-island-running", "");
    await expect(hydrated(page)).toHaveCount(0);
    await chooseDuration(page, "3 months");
    const request = page.waitForRequest("**/api/create-checkout-session");
    await page.getByRole("checkbox").check();
    await choose(page, "Progress").click();
    expect((await request).postDataJSON()).toMatchObject({ planName: "Progress", frequency: "3", startNow: true });
    await expect(page).toHaveURL(/\/checkout\/test\//);
  });

  test("a Choose tapped before the island runs shows busy at once and is sent when it runs", async ({ page }) => {
    const held = await holdIsland(page);
    await page.goto("/pricing", { waitUntil: "load" });
    await chooseDuration(page, "6 months");
    const button = choose(page, "Elite");
    await button.click();
    await expect(button).toHaveAttribute("aria-busy", "true");
    await expect(page).toHaveURL(/\/pricing$/);
    await expect.poll(() => held.requested()).toBe(true);
    const request = page.waitForRequest("**/api/create-checkout-session");
    held.release();
    expect((await request).postDataJSON()).toMatchObject({
      planName: "Elite",
      frequency: "6",
      billingType: "monthly6x",
    });
    await expect(page).toHaveURL(/\/checkout\/test\//);
  });

  test("when the island cannot be fetched, a held Choose posts the plain form", async ({ page, consoleErrors }) => {
    await page.route(/\/assets\/checkout\.island-[^/]+\.js$/, (route) => route.fulfill({ status: 503, body: "" }));
    await page.goto("/pricing", { waitUntil: "load" });
    await chooseDuration(page, "3 months");
    await choose(page, "Essential").click();
    await expect(page).toHaveURL(/\/checkout\/test\//);
    await expect(page.getByText("Essential, 3 months")).toBeVisible();
    // The refused file is the only error the browser reports.
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/503|Failed to load/.test(e)));
  });
});

test.describe("buying through the built-in test checkout", () => {
  const cases = [
    { duration: "1 month", plan: "Essential", payments: 1, months: "1 month" },
    { duration: "3 months", plan: "Progress", payments: 3, months: "3 months" },
    { duration: "6 months", plan: "Elite", payments: 6, months: "6 months" },
  ] as const;

  for (const c of cases) {
    test(`${c.plan}, ${c.duration}: pays with the test card and lands on the verified success page`, async ({
      page,
    }) => {
      await page.goto("/pricing");
      await chooseDuration(page, c.duration);
      // The card's price is what every later page must show and charge.
      const cents = await shownMonthlyCents(page, c.plan);
      const summary = c.payments === 1 ? null : summaryOf(c.payments, cents);
      const request = page.waitForRequest("**/api/create-checkout-session");
      await planCard(page, c.plan)
        .getByRole("button", { name: `Choose ${c.plan}` })
        .click();
      const sent = (await request).postDataJSON() as Record<string, string>;
      expect(sent).toMatchObject({
        planName: c.plan,
        billingType: { "1 month": "onetime", "3 months": "monthly3x", "6 months": "monthly6x" }[c.duration],
        frequency: c.duration.split(" ")[0],
      });

      await expect(page).toHaveURL(/\/checkout\/test\/cs_test_local_/);
      await expect(page.getByRole("heading", { level: 1, name: "Test checkout" })).toBeVisible();
      await expect(page.getByText(`${c.plan}, ${c.months}`)).toBeVisible();
      if (summary) await expect(page.getByText(summary)).toBeVisible();
      await expect(page.getByRole("button", { name: `Pay ${formatEuro(cents)}` })).toBeVisible();
      await payWithTestCard(page);

      await expect(page).toHaveURL(/\/success\?session_id=cs_test_local_/);
      const sessionId = new URL(page.url()).searchParams.get("session_id") ?? "";
      await expect(page.getByRole("heading", { level: 1, name: "Thank You!" })).toBeVisible();
      await expect(page.getByText(sessionId)).toBeVisible();
      await expect(page.getByText(c.plan, { exact: true })).toBeVisible();
      await expect(page.getByText(formatEuro(cents), { exact: true })).toBeVisible();
      if (summary) await expect(page.getByText(summary)).toBeVisible();
      await expect(page.getByRole("heading", { name: "What happens next?" })).toBeVisible();
      await expect(page.getByRole("list").filter({ hasText: "Kick-off call" }).getByRole("listitem")).toHaveCount(3);
      await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
      // The test checkout has no customer portal.
      await expect(page.getByRole("button", { name: "Manage my plan" })).toHaveCount(0);
      // An opaque order reference, never the session id (which opens the customer portal).
      const paid = await dataLayerEvent(page, "payment_success");
      expect(paid).toEqual({ event: "payment_success", order_ref: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      // The success page is a document reached by the test checkout's plain form post: without a tag
      // manager (this server has none) a document puts no page view in the data layer (decision 026;
      // consent.spec.ts checks the page view where there is one).
      expect(JSON.stringify(paid)).not.toContain(sessionId);

      // The session is used up: opening the test checkout again goes straight to the receipt.
      await page.goto(`/checkout/test/${sessionId}`);
      await expect(page).toHaveURL(/\/success\?session_id=/);
    });
  }

  test("the test checkout checks the card and shows errors under the fields", async ({ page, consoleErrors }) => {
    await page.goto("/pricing");
    const cents = await shownMonthlyCents(page, "Progress");
    await planCard(page, "Progress").getByRole("button", { name: "Choose Progress" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Test checkout" })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel("Email", { exact: true }).fill("buyer@example");
    await page.getByLabel("Card number").fill("4000 0000 0000 0002");
    await page.getByLabel("Expiry (MM / YY)").fill("1234");
    await page.getByLabel("Security code").fill("12");
    await page.getByRole("button", { name: `Pay ${formatEuro(cents)}` }).click();
    const card = page.getByLabel("Card number");
    await expect(card).toHaveAttribute("aria-invalid", "true");
    await expect(card).toHaveAccessibleDescription("Use the test card number 4242 4242 4242 4242");
    await expect(page.getByLabel("Email", { exact: true })).toHaveAccessibleDescription(
      "Please enter a valid email address",
    );
    await expect(page.getByLabel("Expiry (MM / YY)")).toHaveAccessibleDescription("Enter the expiry date as MM / YY");
    await expect(page.getByLabel("Security code")).toHaveAccessibleDescription("Enter the 3 or 4 digit security code");
    await expect(page).toHaveURL(/\/checkout\/test\//);
    await expectAccessible(page);
    // The refused form answers 400, which the browser logs itself; expected here.
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !e.includes("400")));
    await payWithTestCard(page);
    await expect(page.getByRole("heading", { level: 1, name: "Thank You!" })).toBeVisible();
    await expectAccessible(page);
  });

  test("cancelling goes to the cancel page with its processing state and event", async ({ page }) => {
    await page.goto("/pricing");
    await planCard(page, "Elite").getByRole("button", { name: "Choose Elite" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Test checkout" })).toBeVisible();
    await page.getByRole("button", { name: "Cancel and return" }).click();
    await expect(page).toHaveURL(/\/cancel$/);
    await expect(page.getByRole("heading", { level: 1, name: "Payment Cancelled" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to pricing" })).toHaveAttribute("href", "/pricing");
    await expect(page.getByRole("link", { name: /Message Mila on WhatsApp/ })).toHaveAttribute(
      "href",
      site.messagingUrl,
    );
    await expect(page.getByRole("list").filter({ hasText: "compare the plans" }).getByRole("listitem")).toHaveCount(4);
    expect(await dataLayerEvent(page, "payment_cancelled")).toEqual({ event: "payment_cancelled" });
    expect(await eventCount(page, "payment_cancelled")).toBe(1);
    await expectAccessible(page);
  });

  test("works without JavaScript: toggle, plan form, test checkout and success page", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto("/pricing");
      await page.getByText("6 months", { exact: true }).click();
      const cents = await shownMonthlyCents(page, "Essential");
      await expect(planCard(page, "Essential").getByText(summaryOf(6, cents))).toBeVisible();
      await planCard(page, "Essential").getByRole("button", { name: "Choose Essential" }).click();
      await expect(page).toHaveURL(/\/checkout\/test\/cs_test_local_/);
      await expect(page.getByText("Essential, 6 months")).toBeVisible();
      await payWithTestCard(page);
      await expect(page.getByRole("heading", { level: 1, name: "Thank You!" })).toBeVisible();
      await expect(page.getByText(summaryOf(6, cents))).toBeVisible();
      // Nothing counts down without JavaScript, so no countdown or "stay" control is shown.
      await expect(page.getByRole("link", { name: "Return to Home" })).toBeVisible();
      await expect(page.getByRole("button", { name: "Stay on this page" })).toBeHidden();
      await expect(page.getByTestId("countdown")).toBeHidden();
      await page.goto("/cancel");
      await expect(page.getByRole("heading", { level: 1, name: "Payment Cancelled" })).toBeVisible();
      await expect(page.getByText("Processing...")).toBeHidden();
      await expect(page.getByRole("link", { name: "Return to pricing" })).toBeVisible();
      await expect(page.getByTestId("countdown")).toBeHidden();
    } finally {
      await context.close();
    }
  });
});

test.describe("success page", () => {
  test("reports the purchase and counts down as a document; the page's enhancers change nothing", async ({
    page,
    request,
  }) => {
    const sessionId = await paidSessionId(request);
    const scripts = scriptRequests(page);
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.goto(`/success?session_id=${sessionId}`, { waitUntil: "load" });
    await dataLayerEvent(page, "payment_success");
    await page.clock.runFor(4_000);
    await expect(page.getByText("Taking you to the home page in 11 seconds.")).toBeVisible();
    // The page's live parts are its own inline script: the page carries no application (decision 026);
    // what it may fetch once idle is the footer form's enhancer.
    expect(scripts.filter((url) => !FOOTER_FORM_SCRIPTS.test(url))).toEqual([]);
    await expect(page.locator("html[data-document]")).toHaveCount(1);
    await expect(page.locator("#app-entry, script[type=module]")).toHaveCount(0);

    // The visitor scrolls: the footer's enhancer loads; the countdown runs on, the purchase is reported once.
    await page.mouse.wheel(0, 10);
    await expect(
      page.locator("[data-enhance]:not([data-enhance-near]):not([data-enhance-on-use]):not([data-enhanced])"),
    ).toHaveCount(0);
    expect(scripts.some((url) => /entry\.client|\/client-|root-/.test(url))).toBe(false);
    await page.clock.runFor(1_000);
    await expect(page.getByText("Taking you to the home page in 10 seconds.")).toBeVisible();
    expect(await eventCount(page, "payment_success")).toBe(1);
    // The end of the countdown loads the home page as a document.
    await page.clock.runFor(10_000);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(hydrated(page)).toHaveCount(0);
  });

  test("'Stay on this page' works before the page's enhancers run and after", async ({ page, request }) => {
    const sessionId = await paidSessionId(request);
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.goto(`/success?session_id=${sessionId}`, { waitUntil: "load" });
    await page.clock.runFor(2_000);
    await page.getByRole("button", { name: "Stay on this page" }).click();
    await expect(page.getByText("You're staying on this page.")).toBeVisible();
    await expect(page.getByTestId("countdown")).toBeHidden();
    // The click also started the enhancers; once they run the page stays as it is.
    await expect(
      page.locator("[data-enhance]:not([data-enhance-near]):not([data-enhance-on-use]):not([data-enhanced])"),
    ).toHaveCount(0);
    await page.clock.runFor(20_000);
    await expect(page.getByText("You're staying on this page.")).toBeVisible();
    await expect(page).toHaveURL(/\/success\?session_id=/);
    expect(await eventCount(page, "payment_success")).toBe(1);
    await expect(hydrated(page)).toHaveCount(0);
  });
});

test.describe("cancel page", () => {
  const cancel = checkoutCopy.cancel;
  const processing = (page: Page) => page.getByRole("status").filter({ hasText: cancel.processing });
  const message = (page: Page) => page.getByRole("heading", { level: 1, name: cancel.title });
  const countdownAt = (page: Page, seconds: number) =>
    page.getByText(cancel.countdown.replace("{seconds}", String(seconds)));

  /** The state a visitor sees first: the processing status, and no message, for assistive technology too. */
  async function expectProcessing(page: Page) {
    await expect(processing(page)).toBeVisible();
    await expect(message(page)).toHaveCount(0);
    await expect(page.getByRole("link", { name: cancel.pricingLink })).toHaveCount(0);
  }

  /** Then the message, and the status gone from the accessibility tree. */
  async function expectMessage(page: Page) {
    await expect(message(page)).toBeVisible();
    await expect(processing(page)).toHaveCount(0);
    await expect(page.getByRole("link", { name: cancel.pricingLink })).toBeVisible();
  }

  // The report, the countdown and the return to pricing are component tests
  // (app/features/checkout/checkout-live.dom.test.tsx); here the CSS's own change of state.
  test("shows the processing status, then the message by itself", async ({ page }) => {
    const animations = await holdAnimations(page);
    await page.goto("/cancel");
    await expectProcessing(page);
    await animations.release();
    await expectMessage(page);
  });

  // The processing state is HTML and CSS alone: a page whose scripts never run passes through it too.
  // Reduced motion shortens animations, not the processing state's delay, which must still end.
  for (const variant of [
    { name: "with scripts disabled", javaScriptEnabled: false, stripScripts: false, reducedMotion: null },
    {
      name: "with scripts disabled and reduced motion",
      javaScriptEnabled: false,
      stripScripts: false,
      reducedMotion: "reduce",
    },
    {
      name: "with its scripts removed (the no-JS twin)",
      javaScriptEnabled: true,
      stripScripts: true,
      reducedMotion: null,
    },
  ] as const) {
    test(`${variant.name}: the processing status shows first, then the message by itself`, async ({ browser }) => {
      const context = await browser.newContext({
        javaScriptEnabled: variant.javaScriptEnabled,
        reducedMotion: variant.reducedMotion,
      });
      const page = await context.newPage();
      try {
        if (variant.stripScripts)
          await page.route("**/cancel", async (route) => {
            const response = await route.fetch();
            const html = (await response.text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
            await route.fulfill({ response, body: html });
          });
        const animations = await holdAnimations(page);
        await page.goto("/cancel");
        if (variant.stripScripts) await expect(page.locator("script")).toHaveCount(0);
        await expectProcessing(page);
        await animations.release();
        await expectMessage(page);
        // Nothing counts down without scripts (the twin, which runs none, still shows the row).
        if (!variant.javaScriptEnabled) await expect(page.getByRole("button", { name: cancel.stay })).toBeHidden();
      } finally {
        await context.close();
      }
    });
  }

  test("runs as a document, and the page's enhancers starting mid-countdown change nothing", async ({ page }) => {
    const scripts = scriptRequests(page);
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.goto("/cancel", { waitUntil: "load" });
    await expectMessage(page);
    await page.clock.runFor(CANCEL_PROCESSING_MS + 3_000);
    await expect(countdownAt(page, REDIRECT_SECONDS - 3)).toBeVisible();
    expect(await dataLayerEvent(page, "payment_cancelled")).toEqual({ event: "payment_cancelled" });
    expect(scripts.filter((url) => !FOOTER_FORM_SCRIPTS.test(url))).toEqual([]);
    await expect(page.locator("html[data-document]")).toHaveCount(1);

    await page.mouse.wheel(0, 10);
    await expect(
      page.locator("[data-enhance]:not([data-enhance-near]):not([data-enhance-on-use]):not([data-enhanced])"),
    ).toHaveCount(0);
    expect(scripts.some((url) => /entry\.client|\/client-|root-/.test(url))).toBe(false);
    await expect(processing(page)).toHaveCount(0);
    await page.clock.runFor(2_000);
    await expect(countdownAt(page, REDIRECT_SECONDS - 5)).toBeVisible();
    expect(await eventCount(page, "payment_cancelled")).toBe(1);
    await page.clock.runFor((REDIRECT_SECONDS - 5) * 1000);
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole("heading", { level: 1, name: "Flexible Plans for Every Goal" })).toBeVisible();
  });
});
