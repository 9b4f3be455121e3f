import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, expectAccessible } from "./fixtures";
import { signedInTest } from "./back-office-helpers";
import { SERVER_START } from "./own-servers";
import { event as firstEvent } from "#content/event";
import { formValuesOf } from "~/features/events/events-admin.server";
import { localDateTimeOf } from "~/infra/zoned-time";

/**
 * The trainer's week on her phone: moving around the back office with its menu, and working an
 * event's places and waiting list. A server of its own: the event she makes here becomes the one
 * every visitor signs up for.
 */
const week = signedInTest.extend<{ weekServer: { url: string; dataDir: string } }>({
  weekServer: [async ({ ownServers }, use) => use(await ownServers.server("back-office-week")), SERVER_START],
  baseURL: async ({ weekServer }, use) => use(weekServer.url),
  trainerDataDir: async ({ weekServer }, use) => use(weekServer.dataDir),
});
week.describe.configure({ mode: "default" });

/** Nothing wider than the screen: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    screen: window.innerWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.screen);
}

week("the menu closes once she picks a page, and that page starts at its top @phone", async ({ page }) => {
  const menu = page.getByRole("navigation", { name: "Back office" });
  const pick = async (link: string, heading: string) => {
    await page.getByText("Menu", { exact: true }).tap();
    await menu.getByRole("link", { name: link, exact: true }).tap();
    // Closed again: its links are out of the way, and the page was not pushed down below them
    // (left open, it started about 900 px down).
    await expect(menu.getByRole("link", { name: "Subscribers" })).toBeHidden();
    const title = page.getByRole("heading", { level: 1, name: heading });
    await expect(title).toBeInViewport({ ratio: 1 });
    expect((await title.boundingBox())?.y ?? Infinity, heading).toBeLessThan(200);
    // Where it settles: the router's scroll to the top can land a frame after the heading is drawn.
    await expect.poll(() => page.evaluate(() => window.scrollY), { message: heading }).toBeLessThan(20);
  };
  // On a slow phone she may open the menu before the page's scripts have arrived: their arrival
  // must not close it under her finger. The scripts are held back until the menu is open.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/entry\.client-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/admin", { waitUntil: "domcontentloaded" });
  await page.getByText("Menu", { exact: true }).tap();
  await expect(menu.getByRole("link", { name: "Funnel", exact: true })).toBeVisible();
  release();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(menu.getByRole("link", { name: "Funnel", exact: true })).toBeVisible();
  await menu.getByRole("link", { name: "Funnel", exact: true }).tap();
  await expect(page.getByRole("heading", { level: 1, name: "Funnel" })).toBeInViewport();
  await expect(menu.getByRole("link", { name: "Subscribers" })).toBeHidden();
  await pick("Event signups", "Event signups");
  // Pages that had no menu at all: the way out is there too.
  await pick("Testimonials", "Testimonials");
  await pick("Contact details", "Contact and business details");
  await pick("Leads", "Leads");
});

week(
  "she cancels a place after confirming, moves the first waiting name up and tells them on WhatsApp, with nothing wider than the screen @phone",
  async ({ page, baseURL }) => {
    week.slow();
    const title = `Dune run ${randomUUID().slice(0, 6)}`;
    const day = localDateTimeOf(new Date(Date.now() + 3 * 86_400_000), "Europe/Amsterdam").slice(0, 10);
    const saved = await page.request.post("/admin/events/new", {
      form: { ...formValuesOf(firstEvent), title, date: day, time: "07:30", capacity: "2", intent: "publish" },
      headers: { origin: new URL(baseURL ?? "").origin },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    const key = new URL(saved.url()).pathname.split("/").at(-1) ?? "";
    for (const [name, phone] of [
      ["Anna Vos", "06 2222 3333"],
      ["Bram Smit", "+31 6 2222 4444"],
      ["Cleo Bakker", "0031 6 2222 5555"],
    ]) {
      const signup = await page.request.post("/api/event-signup", {
        data: { name, phone, idempotencyKey: randomUUID(), elapsedMs: 30_000 },
      });
      expect(signup.status(), await signup.text()).toBe(200);
    }

    await page.goto(`/admin/event-signups?event=${encodeURIComponent(key)}`);
    const places = page.getByTestId("event-places");
    await expect(places).toContainText("2 of 2 places taken · 1 on the waiting list");
    await expectNoSidewaysScroll(page);
    const anna = page.getByRole("article", { name: "Anna Vos" });
    await expect(anna.getByRole("link", { name: /^Call Anna Vos/ })).toHaveAttribute("href", "tel:+31622223333");
    await expect(anna.getByRole("link", { name: "WhatsApp Anna Vos" })).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\/31622223333\?text=/,
    );
    const cleo = page.getByRole("article", { name: "Cleo Bakker" });
    await expect(cleo).toContainText("Waiting list");
    await expect(cleo.getByRole("button", { name: "Move up to a place" })).toHaveCount(0);

    // Cancelling asks first: the first tap only opens the question.
    await anna.getByText("Cancel…").click();
    const confirm = anna.getByRole("button", { name: "Yes, cancel Anna Vos" });
    await expect(confirm).toBeVisible();
    await expectNoSidewaysScroll(page);
    await confirm.click();
    await expect(page.getByRole("status").filter({ hasText: "Anna Vos's signup is cancelled" })).toBeVisible();
    await expect(places).toContainText("1 of 2 places taken · 1 on the waiting list");
    await expect(anna).toContainText("Cancelled");

    await cleo.getByRole("button", { name: "Move up to a place" }).click();
    const tell = page.getByRole("link", { name: "Tell Cleo Bakker on WhatsApp" });
    await expect(tell).toBeVisible();
    const message = new URL((await tell.getAttribute("href")) ?? "");
    expect(`${message.origin}${message.pathname}`).toBe("https://wa.me/31622225555");
    expect(message.searchParams.get("text")).toContain(title);
    await expect(places).toContainText("2 of 2 places taken · 0 on the waiting list");
    await expect(cleo).toContainText("Place");
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
  },
);
