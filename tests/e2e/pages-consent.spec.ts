import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** Consent commands in the data layer, as [command, type, params]. */
async function consentCommands(page: Page) {
  return page.evaluate(() =>
    ((window.dataLayer ?? []) as ArrayLike<unknown>[])
      .filter((entry) => typeof entry === "object" && entry !== null && (entry as ArrayLike<unknown>)[0] === "consent")
      .map((entry) => Array.from(entry as ArrayLike<unknown>)),
  );
}

test("cookie bar: nothing loads before Accept, the choice persists and can be changed @mobile", async ({ page }) => {
  const tagRequests: string[] = [];
  page.on("request", (request) => {
    if (/googletagmanager|google-analytics/.test(request.url())) tagRequests.push(request.url());
  });

  await page.goto("/");
  const bar = page.getByRole("region", { name: "Cookies on this site" });
  await expect(bar).toBeVisible();
  await expect(bar.getByRole("link", { name: "Privacy policy" })).toHaveAttribute("href", "/privacy-policy");
  const accept = bar.getByRole("button", { name: "Accept" });
  const reject = bar.getByRole("button", { name: "Reject" });
  await expect(accept).toBeVisible();
  await expect(reject).toBeVisible();
  // Equally prominent: the same size on the first layer.
  const [a, r] = [await accept.boundingBox(), await reject.boundingBox()];
  expect(Math.abs((a?.height ?? 0) - (r?.height ?? 0))).toBeLessThanOrEqual(1);

  // Consent Mode v2 defaults are set to denied before anything else.
  const before = await consentCommands(page);
  expect(before[0]).toEqual([
    "consent",
    "default",
    expect.objectContaining({
      analytics_storage: "denied",
      ad_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
    }),
  ]);
  expect(before.some((c) => c[1] === "update")).toBe(false);
  await expect(page.locator("script#gtm-script")).toHaveCount(0);
  expect(await page.evaluate(() => document.cookie)).toBe("");

  await reject.click();
  await expect(bar).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem("cookie-consent"))).toBe("rejected");
  expect((await consentCommands(page)).at(-1)).toEqual(["consent", "update", { analytics_storage: "denied" }]);

  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(bar).toBeHidden();

  await page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" }).click();
  await expect(bar).toBeVisible();
  await expect(bar.getByText("Your current choice: analytics cookies rejected.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Cookies on this site" })).toBeFocused();
  await bar.getByRole("button", { name: "Accept" }).click();
  await expect(bar).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem("cookie-consent"))).toBe("accepted");
  expect((await consentCommands(page)).at(-1)).toEqual(["consent", "update", { analytics_storage: "granted" }]);

  // A returning visitor who accepted gets the update in the head script, before any tag.
  await page.goto("/services");
  const commands = await consentCommands(page);
  expect(commands.slice(0, 2).map((c) => c[1])).toEqual(["default", "update"]);
  await expect(bar).toBeHidden();

  // No GTM_ID is configured in e2e, so even after Accept no tag-manager request may happen.
  await expect(page.locator("script#gtm-script")).toHaveCount(0);
  expect(tagRequests).toEqual([]);
});

test("the cookie bar stays on every page until a choice is made @mobile", async ({ page }) => {
  await page.goto("/services/running-coaching");
  const bar = page.getByRole("region", { name: "Cookies on this site" });
  await expect(bar).toBeVisible();
  await page.goto("/privacy-policy");
  await expect(bar).toBeVisible();
  await bar.getByRole("button", { name: "Accept" }).click();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(bar).toBeHidden();
});
