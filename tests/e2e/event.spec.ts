import { expect, expectAccessible, test } from "./fixtures";

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("cookie-consent", "rejected"));
});

test("the event page shows the details and reserves a spot @mobile", async ({ page }) => {
  test.slow(); // two axe runs and a submission
  await page.clock.install();
  await page.goto("/nicaragua");
  await expect(page.getByRole("heading", { level: 1, name: "Spicy Booty & Abs Workout" })).toBeVisible();
  for (const text of [
    "Sunday May 18",
    "5:30 PM",
    "Mats provided",
    "10 dollars cash",
    "Playa Maderas, San Juan del Sur",
  ]) {
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("img", { name: /beach at sunset/ })).toBeVisible();
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
  await expect(page.getByText("Thank you for signing up! See you at the beach! 🏖️")).toBeVisible();
});

test("the event page carries Event structured data", async ({ page }) => {
  await page.goto("/nicaragua");
  const json = await page.locator('script[type="application/ld+json"]').allTextContents();
  const event = json.map((t) => JSON.parse(t) as { "@type"?: string }).find((d) => d["@type"] === "Event") as
    Record<string, unknown> | undefined;
  expect(event).toMatchObject({
    name: "Spicy Booty & Abs Workout",
    startDate: "2025-05-18T17:30:00-06:00",
    offers: { price: 10, priceCurrency: "USD" },
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the event form posts and shows the thanks @mobile", async ({ page }) => {
    await page.goto("/nicaragua");
    await page.getByRole("button", { name: "Reserve My Spot" }).click();
    await expect(page.getByText("Name is required")).toBeVisible();
    await page.getByLabel("Name").fill("Marco");
    await page.getByLabel("Phone number").fill("+505 8888 4321");
    await page.getByRole("button", { name: "Reserve My Spot" }).click();
    await expect(page.getByText("Thank you for signing up! See you at the beach! 🏖️")).toBeVisible();
  });
});

test("a failed save shows the SPEC note and still thanks the visitor", async ({ page, consoleErrors }) => {
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
  await expect(page.getByText("Thank you for signing up! See you at the beach! 🏖️")).toBeVisible();
  expect(consoleErrors.every((e) => e.includes("503"))).toBe(true);
  consoleErrors.splice(0);
});
