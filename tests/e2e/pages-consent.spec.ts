import { expect, test } from "./fixtures";

/**
 * The main e2e server runs without a tag manager (no GTM_ID), as the site does until the trainer
 * configures one: then nothing on the site needs consent, so there is no cookie bar, no "Cookie
 * settings" and nothing is stored on the visitor's device, not even how they found the site (a
 * form is credited from its own request). tests/e2e/consent.spec.ts covers the bar with a tag.
 */
test("without a tag manager: no cookie bar, no cookie settings and no cookie, also after a form", async ({
  page,
  context,
}) => {
  for (const target of ["/?utm_source=instagram", "/services", "/pricing", "/blog", "/start"]) {
    await page.goto(target);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("region", { name: "Cookies on this site" })).toHaveCount(0);
    await expect(page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" })).toHaveCount(0);
  }
  const footer = page.locator('[data-newsletter="footer"]');
  await footer.getByRole("textbox", { name: "Email address" }).fill("no-cookies.reader@example.com");
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(footer.getByRole("status")).toBeVisible();
  expect(await context.cookies()).toEqual([]);
  expect(await page.evaluate(() => document.cookie)).toBe("");
});
