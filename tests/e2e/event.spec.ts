import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { startFaultServer, type FaultServer } from "../support/fault";
import { daysLeftLabel, eventState } from "~/features/leads/event-dates";

const THANKS = "Thank you for signing up! See you at the beach! 🏖️";

async function eventJsonLd(page: Page): Promise<Record<string, unknown> | undefined> {
  const json = await page.locator('script[type="application/ld+json"]').allTextContents();
  return json.map((t) => JSON.parse(t) as Record<string, unknown>).find((d) => d["@type"] === "Event");
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("cookie-consent", "rejected"));
});

// The shared e2e server runs with the content's date (May 18, 2025): the event is over.
test.describe("an event in the past", () => {
  test("shows that it has passed, offers the newsletter and no form @mobile", async ({ page }) => {
    const response = await page.goto("/nicaragua");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Spicy Booty & Abs Workout" })).toBeVisible();
    await expect(page.getByText("This event has passed")).toBeVisible();
    for (const text of ["Sunday May 18", "5:30 PM", "Playa Maderas, San Juan del Sur"]) {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole("button", { name: "Reserve My Spot" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "This beach workout has taken place" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Keep me posted" })).toBeVisible();
    // Still there for search engines: indexable, in the sitemap, structured data saying it is over.
    await expect(page.locator('meta[name="robots"][content*="noindex"]')).toHaveCount(0);
    expect(await eventJsonLd(page)).toMatchObject({
      name: "Spicy Booty & Abs Workout",
      startDate: "2025-05-18T17:30:00-06:00",
      endDate: "2025-05-19T00:30:00.000Z",
      eventStatus: "https://schema.org/EventScheduled",
      offers: {
        price: 10,
        priceCurrency: "USD",
        availability: "https://schema.org/OutOfStock",
        validThrough: "2025-05-18T17:30:00-06:00",
      },
    });
    const sitemap = await page.request.get("/sitemap.xml");
    expect(await sitemap.text()).toContain("/nicaragua</loc>");
    await expectAccessible(page);
  });

  test("the endpoint refuses a late signup with a clear message", async ({ request }) => {
    const response = await request.post("/api/event-signup", {
      data: { name: "Late Larry", phone: "+505 8888 9999", elapsedMs: 9000 },
    });
    expect(response.status()).toBe(410);
    expect(await response.json()).toEqual({
      status: "closed",
      message:
        "Sign-ups are closed: the workout on Sunday May 18 has already taken place. Subscribe to the newsletter to hear about the next one.",
    });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("a form sent after the start is refused on the page", async ({ page, baseURL }) => {
      // A page left open from before the start, sent now: the same post the old form made.
      await page.goto("/nicaragua");
      const answer = await page.request.post("/nicaragua", {
        form: { name: "Marco", phone: "+505 8888 4321" },
        headers: { Origin: new URL(baseURL ?? "").origin },
      });
      expect(answer.status()).toBe(410);
      await page.setContent(await answer.text());
      await expect(page.getByRole("alert")).toContainText("Sign-ups are closed");
    });
  });
});

/** Days from now, at 17:30 in Managua, so the page shows days left and takes sign-ups. */
const futureStart = new Date(Date.now() + 12 * 86_400_000).toISOString();

// Its own server with EVENT_STARTS_AT moved into the future: the same page, open again.
const future = test.extend<object, { futureServer: FaultServer }>({
  futureServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the fixtures argument
    async ({}, use) => {
      const server = await startFaultServer({ EVENT_STARTS_AT: futureStart });
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ futureServer }, use) => use(futureServer.url),
});

future.describe("an event in the future", () => {
  future.describe.configure({ mode: "serial" });
  future.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem("cookie-consent", "rejected"));
  });

  future("shows the days left and reserves a spot @mobile", async ({ page }) => {
    future.slow(); // two axe runs and a submission
    await page.clock.install();
    await page.goto("/nicaragua");
    await expect(page.getByRole("heading", { level: 1, name: "Spicy Booty & Abs Workout" })).toBeVisible();
    const state = eventState({ startsAt: futureStart, timeZone: "America/Managua" }, new Date());
    expect(state.status).toBe("upcoming");
    if (state.status === "upcoming") await expect(page.getByText(daysLeftLabel(state.daysLeft))).toBeVisible();
    for (const text of ["Mats provided", "10 dollars cash", "Playa Maderas, San Juan del Sur"]) {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole("img", { name: /beach at sunset/ })).toBeVisible();
    expect(await eventJsonLd(page)).toMatchObject({
      startDate: futureStart,
      offers: { availability: "https://schema.org/InStock" },
    });
    await expectAccessible(page);

    const reserve = page.getByRole("button", { name: "Reserve My Spot" });
    await page.getByLabel("Name").fill("   ");
    await reserve.click();
    await expect(page.getByText("Name is required")).toBeVisible();
    await expect(page.getByText("Phone number is required")).toBeVisible();
    await expect(page.getByLabel("Name")).toBeFocused();
    await expectAccessible(page);

    await page.getByLabel("Name").fill("Eva Lopez");
    await page.getByLabel("Phone number").fill("+505 8888 1234");
    await page.clock.fastForward(5_000);
    await reserve.click();
    await expect(page.getByText(THANKS)).toBeVisible();
  });

  future("a failed save shows the error note and still thanks the visitor", async ({ page, consoleErrors }) => {
    await page.clock.install();
    await page.route("**/api/event-signup", (route) =>
      route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({
          status: "failed",
          message: "Something went wrong. Our database is currently unavailable. You can still reserve your spot!",
        }),
      }),
    );
    await page.goto("/nicaragua");
    await page.getByLabel("Name").fill("Eva");
    await page.getByLabel("Phone number").fill("+505 8888 1234");
    await page.clock.fastForward(5_000);
    await page.getByRole("button", { name: "Reserve My Spot" }).click();
    await expect(
      page.getByText("Something went wrong. Our database is currently unavailable. You can still reserve your spot!"),
    ).toBeVisible();
    await expect(page.getByText(THANKS)).toBeVisible();
    expect(consoleErrors.every((e) => e.includes("503"))).toBe(true);
    consoleErrors.splice(0);
  });

  future.describe("without JavaScript", () => {
    future.use({ javaScriptEnabled: false });

    future("the event form posts and shows the thanks", async ({ page }) => {
      await page.goto("/nicaragua");
      await page.getByRole("button", { name: "Reserve My Spot" }).click();
      await expect(page.getByText("Name is required")).toBeVisible();
      await page.getByLabel("Name").fill("Marco");
      await page.getByLabel("Phone number").fill("+505 8888 4321");
      await page.getByRole("button", { name: "Reserve My Spot" }).click();
      await expect(page.getByText(THANKS)).toBeVisible();
    });
  });
});
