import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { SERVER_START } from "./own-servers";
import { daysLeftLabel, eventState } from "~/features/events/event-dates";
import { event } from "#content/event";

// Texts, venue and price come from the event as published (today content/event.ts); the date from
// each server's EVENT_STARTS_AT. Nothing here changes when the trainer sets up the next event.
const THANKS = event.thanks;
const place = `${event.venue}, ${event.locality}`;

/** A moment a month ago, at the same wall-clock minute: the event has taken place. */
const wholeMinute = (ms: number) => new Date(Math.floor(ms / 60_000) * 60_000).toISOString();
const pastStart = wholeMinute(Date.now() - 30 * 86_400_000);

async function eventJsonLd(page: Page): Promise<Record<string, unknown> | undefined> {
  const json = await page.locator('script[type="application/ld+json"]').allTextContents();
  return json.map((t) => JSON.parse(t) as Record<string, unknown>).find((d) => d["@type"] === "Event");
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("cookie-consent", "rejected"));
});

// Its own server with EVENT_STARTS_AT a month ago: the event is over, whatever date the content has.
const past = test.extend<{ pastServer: { url: string } }>({
  pastServer: [
    async ({ ownServers }, use) => use(await ownServers.server("event past", { EVENT_STARTS_AT: pastStart })),
    SERVER_START,
  ],
  baseURL: async ({ pastServer }, use) => use(pastServer.url),
});

past.describe("an event in the past", () => {
  // In one worker, so the group starts one server with the past date.
  past.describe.configure({ mode: "default" });
  past.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem("cookie-consent", "rejected"));
  });

  // What the page says and carries once the event has passed (no form, the newsletter instead, the
  // structured data, a late sign-up refused by the endpoint and by the plain form) is server HTML and
  // HTTP: tests/integration/pages-html.test.ts. Here the page as a browser lays it out, judged whole.
  past("the page of a past event passes axe", async ({ page }) => {
    await page.goto("/nicaragua");
    await expect(page.getByText("This event has passed")).toBeVisible();
    await expect(page.getByRole("button", { name: "Keep me posted" })).toBeVisible();
    await expectAccessible(page);
  });
});

/** Days from now, at 17:30 in Managua, so the page shows days left and takes sign-ups. */
const futureStart = wholeMinute(Date.now() + 12 * 86_400_000);

// Its own server with EVENT_STARTS_AT moved into the future: the same page, open again.
const future = test.extend<{ futureServer: { url: string } }>({
  futureServer: [
    async ({ ownServers }, use) => use(await ownServers.server("event future", { EVENT_STARTS_AT: futureStart })),
    SERVER_START,
  ],
  baseURL: async ({ futureServer }, use) => use(futureServer.url),
});

future.describe("an event in the future", () => {
  future.describe.configure({ mode: "serial" });
  future.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem("cookie-consent", "rejected"));
  });

  future("shows the days left and reserves a spot @phone", async ({ page }) => {
    future.slow(); // two axe runs and a submission
    await page.clock.install();
    await page.goto("/nicaragua");
    await expect(page.getByRole("heading", { level: 1, name: event.title })).toBeVisible();
    const state = eventState({ startsAt: futureStart, timeZone: event.timeZone }, new Date());
    expect(state.status).toBe("upcoming");
    if (state.status === "upcoming") await expect(page.getByText(daysLeftLabel(state.daysLeft))).toBeVisible();
    for (const text of [event.equipmentLabel, event.costLabel, place]) {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole("img", { name: event.image.alt })).toBeVisible();
    const jsonLd = await eventJsonLd(page);
    expect(jsonLd).toMatchObject({ offers: { availability: "https://schema.org/InStock" } });
    expect(Date.parse(String(jsonLd?.startDate))).toBe(Date.parse(futureStart));
    await expectAccessible(page);

    const reserve = page.getByRole("button", { name: event.buttonLabel });
    await page.getByLabel("Name").fill("   ");
    await reserve.click();
    await expect(page.getByText("Name is required")).toBeVisible();
    await expect(page.getByText("Phone number is required")).toBeVisible();
    await expect(page.getByLabel("Name")).toBeFocused();
    // The form with its errors; the page around it was judged whole above.
    await expectAccessible(page, { include: "#reserve" });

    await page.getByLabel("Name").fill("Eva Lopez");
    await page.getByLabel("Phone number").fill("+505 8888 1234");
    await page.clock.fastForward(5_000);
    await reserve.click();
    await expect(page.getByText(THANKS)).toBeVisible();
  });

  future.describe("without JavaScript", () => {
    future.use({ javaScriptEnabled: false });

    future("the event form posts and shows the thanks", async ({ page }) => {
      await page.goto("/nicaragua");
      await page.getByRole("button", { name: event.buttonLabel }).click();
      await expect(page.getByText("Name is required")).toBeVisible();
      await page.getByLabel("Name").fill("Marco");
      await page.getByLabel("Phone number").fill("+505 8888 4321");
      await page.getByRole("button", { name: event.buttonLabel }).click();
      await expect(page.getByText(THANKS)).toBeVisible();
    });
  });
});
