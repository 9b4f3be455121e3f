import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { SERVER_START } from "./own-servers";
import { daysLeftLabel, eventDateLabel, eventState, eventTimeLabel } from "~/features/leads/event-dates";
import { closedMessage } from "~/features/leads/event-schema";
import { event } from "#content/event";

// Texts, venue and price come from the event as published (today content/event.ts); the date from
// each server's EVENT_STARTS_AT. Nothing here changes when the trainer sets up the next event.
const THANKS = event.thanks;
const place = `${event.venue}, ${event.locality}`;

/** A moment a month ago, at the same wall-clock minute: the event has taken place. */
const wholeMinute = (ms: number) => new Date(Math.floor(ms / 60_000) * 60_000).toISOString();
const pastStart = wholeMinute(Date.now() - 30 * 86_400_000);
const pastTiming = { startsAt: pastStart, timeZone: event.timeZone };

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

  past("shows that it has passed, offers the newsletter and no form", async ({ page }) => {
    const response = await page.goto("/nicaragua");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: event.title })).toBeVisible();
    await expect(page.getByText("This event has passed")).toBeVisible();
    for (const text of [eventDateLabel(pastTiming), eventTimeLabel(pastTiming), place]) {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole("button", { name: event.buttonLabel })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: event.closedTitle })).toBeVisible();
    await expect(page.getByRole("button", { name: "Keep me posted" })).toBeVisible();
    // Still there for search engines: indexable, in the sitemap, structured data saying it is over.
    await expect(page.locator('meta[name="robots"][content*="noindex"]')).toHaveCount(0);
    const jsonLd = await eventJsonLd(page);
    expect(jsonLd).toMatchObject({
      name: event.title,
      eventStatus: "https://schema.org/EventScheduled",
      offers: {
        price: event.price.amount,
        priceCurrency: event.price.currency,
        availability: "https://schema.org/OutOfStock",
      },
    });
    // The same moment, written with the venue's offset.
    const offers = jsonLd?.offers as Record<string, unknown> | undefined;
    expect(Date.parse(String(jsonLd?.startDate))).toBe(Date.parse(pastStart));
    expect(Date.parse(String(offers?.validThrough))).toBe(Date.parse(pastStart));
    // It ended after it started, and before now.
    const end = Date.parse(String(jsonLd?.endDate));
    expect(end).toBeGreaterThan(Date.parse(pastStart));
    expect(end).toBeLessThan(Date.now());
    const sitemap = await page.request.get("/sitemap.xml");
    expect(await sitemap.text()).toContain("/nicaragua</loc>");
    await expectAccessible(page);
  });

  past("the endpoint refuses a late signup with a clear message", async ({ request }) => {
    const response = await request.post("/api/event-signup", {
      data: { name: "Late Larry", phone: "+505 8888 9999", elapsedMs: 9000 },
    });
    expect(response.status()).toBe(410);
    expect(await response.json()).toEqual({ status: "closed", message: closedMessage(eventDateLabel(pastTiming)) });
  });

  past.describe("without JavaScript", () => {
    past.use({ javaScriptEnabled: false });

    past("a form sent after the start is refused on the page", async ({ page, baseURL }) => {
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

  future("shows the days left and reserves a spot @mobile", async ({ page }) => {
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
    await expectAccessible(page);

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
