import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test as base } from "./fixtures";
import { createTrainer, signInAndEnrol } from "./back-office-helpers";
import { SERVER_START } from "./own-servers";
import { WAITLIST_TEXTS } from "~/features/events/event-schema";
import { localDateTimeOf } from "~/infra/zoned-time";

/**
 * The trainer creates the next event in the back office and visitors fill it. A publish changes
 * what every visitor sees, so this spec has a server and database of its own.
 */
const test = base.extend<{ dataDir: string; ownServer: { url: string; dataDir: string } }>({
  ownServer: [async ({ ownServers }, use) => use(await ownServers.server("events")), SERVER_START],
  baseURL: async ({ ownServer }, use) => use(ownServer.url),
  dataDir: async ({ ownServer }, use) => use(ownServer.dataDir),
});

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("cookie-consent", "rejected"));
});

async function eventJsonLd(page: Page): Promise<Record<string, unknown> | undefined> {
  const json = await page.locator('script[type="application/ld+json"]').allTextContents();
  return json.map((t) => JSON.parse(t) as Record<string, unknown>).find((d) => d["@type"] === "Event");
}

test("the trainer creates an event with 2 places; two visitors fill it, a third joins the waiting list, all in the back office", async ({
  page,
  baseURL,
  dataDir,
}) => {
  test.slow();
  const trainer = await createTrainer(baseURL ?? "", dataDir);
  await signInAndEnrol(page, trainer);
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Events" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();
  // The first event, long over, stays listed with its own signups.
  await expect(page.getByRole("region", { name: "Past events" }).getByRole("listitem")).not.toHaveCount(0);
  await page.getByRole("link", { name: "Create the next event" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Create the next event" })).toBeVisible();
  await expectAccessible(page);

  const title = `Evening intervals ${randomUUID().slice(0, 6)}`;
  // Three weeks ahead, as the venue's calendar reads it.
  const day = localDateTimeOf(new Date(Date.now() + 21 * 86_400_000), "Europe/Amsterdam").slice(0, 10);
  await page.getByLabel("Name of the event").fill(title);
  await page.getByLabel("Date at the venue").fill(day);
  await page.getByLabel("Start time at the venue").fill("19:15");
  await page.getByLabel("Venue's time zone").selectOption("Europe/Amsterdam");
  await page.getByLabel("Venue", { exact: true }).fill("Westerpark");
  await page.getByLabel("Street address or how to find the spot").fill("Haarlemmerweg 8");
  await page.getByLabel("Town or city").fill("Amsterdam");
  await page.getByLabel("Region or province").fill("Noord-Holland");
  await page.getByLabel("Country", { exact: true }).fill("Netherlands");
  await page.getByLabel(/Country code/).fill("NL");
  await page.getByLabel(/^Price/).fill("12");
  await page.getByLabel(/^Currency/).fill("EUR");
  // A mistake first: the refusal says why, next to the field, and keeps what was typed.
  await page.getByLabel("Places").fill("0");
  await page.getByRole("button", { name: "Save and publish" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Not saved" })).toBeVisible();
  await expect(page.getByLabel("Places")).toHaveAccessibleDescription(/at least 1 place/);
  await expect(page.getByLabel("Name of the event")).toHaveValue(title);
  await page.getByLabel("Places").fill("2");
  await page.getByRole("button", { name: "Save and publish" }).click();
  await expect(page.getByText("Event created and on the site.")).toBeVisible();
  await expectAccessible(page);

  // The public page follows the published event at once: its title, place and structured data.
  await page.goto("/nicaragua");
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("Westerpark, Amsterdam", { exact: true })).toBeVisible();
  expect(await eventJsonLd(page)).toMatchObject({
    name: title,
    startDate: expect.stringMatching(new RegExp(`^${day}T19:15:00\\+0[12]:00$`)),
    location: { address: { streetAddress: "Haarlemmerweg 8", addressCountry: "NL" } },
    offers: { price: 12, priceCurrency: "EUR", availability: "https://schema.org/InStock" },
  });

  // The two places are taken through the endpoint the form posts to (a visitor's signup in the
  // browser is event.spec.ts's); the third visitor meets the full event on the page.
  for (const name of ["Anouk", "Bram"]) {
    const signup = await page.request.post("/api/event-signup", {
      data: { name, phone: "+31 6 1234 5678", idempotencyKey: randomUUID(), elapsedMs: 30_000 },
    });
    expect(signup.status(), await signup.text()).toBe(200);
    expect(await signup.json()).not.toHaveProperty("waitlisted");
  }
  const guest = await page.context().browser()!.newContext({ baseURL });
  const guestPage = await guest.newPage();
  await guestPage.addInitScript(() => window.localStorage.setItem("cookie-consent", "rejected"));
  // Both places are taken: the page says so and the form takes names for the waiting list.
  await guestPage.clock.install();
  await guestPage.goto("/nicaragua");
  await expect(guestPage.getByText(WAITLIST_TEXTS.badge)).toBeVisible();
  await expect(guestPage.getByRole("heading", { name: WAITLIST_TEXTS.heading })).toBeVisible();
  expect(await eventJsonLd(guestPage)).toMatchObject({ offers: { availability: "https://schema.org/SoldOut" } });
  // The waiting list's form; the page around it is judged whole by event.spec.ts and foundation.spec.ts.
  await expectAccessible(guestPage, { include: "#reserve" });
  await guestPage.getByLabel("Name").fill("Carmen");
  await guestPage.getByLabel("Phone number").fill("+31 6 1234 5678");
  // A person takes longer than the form's bot guard allows for; the test does not wait for it.
  await guestPage.clock.fastForward(5_000);
  await guestPage.getByRole("button", { name: WAITLIST_TEXTS.button }).click();
  await expect(guestPage.getByText(WAITLIST_TEXTS.thanks)).toBeVisible();
  await guest.close();

  // The back office lists the event with its places and the waiting list, and who is on it.
  await page.goto("/admin/events");
  const item = page.getByRole("listitem").filter({ hasText: title });
  await expect(item).toContainText("2 of 2 places taken, 1 on the waiting list");
  await item.getByRole("link", { name: /places taken/ }).click();
  await expect(page.getByRole("article", { name: "Carmen" })).toContainText("Waiting list");
  await expect(page.getByRole("article", { name: "Anouk" })).toContainText("Place");
  await expect(page.getByRole("article", { name: "Bram" })).toContainText("Place");
  await expectAccessible(page);
});
