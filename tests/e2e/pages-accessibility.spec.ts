import { expectAccessible, test } from "./fixtures";
import { withCookieChoice } from "./pages-helpers";

// Every page of the route table runs through axe whole at both widths in foundation.spec.ts; here
// the states a first visit does not show, each judged where it changes the page.
test.describe("accessibility of the public pages", () => {
  test("home with FAQ expanded and all questions shown", async ({ page }) => {
    // The home page loads slowly on a busy 2-core machine.
    test.slow();
    await withCookieChoice(page);
    await page.goto("/");
    await page.locator("#faq summary", { hasText: "Show more" }).click();
    await page.locator("#faq summary").first().click();
    await expectAccessible(page, { include: "#faq" });
  });

  test("open mobile menu sub-panel @phone", async ({ page }) => {
    // A whole page loads slowly on a busy 2-core machine.
    test.slow();
    await withCookieChoice(page);
    await page.goto("/services");
    await page.getByRole("button", { name: "Menu" }).click();
    await expectAccessible(page, { include: "header" });
    await page.getByRole("dialog", { name: "Site menu" }).getByRole("button", { name: "Services" }).click();
    await expectAccessible(page, { include: "header" });
  });

  test("open desktop dropdown", async ({ page }) => {
    // The home page loads slowly on a busy 2-core machine.
    test.slow();
    await withCookieChoice(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Services" }).click();
    await expectAccessible(page, { include: "header" });
  });
});
