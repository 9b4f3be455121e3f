import { expect, expectAccessible, test } from "./fixtures";
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

  test("the privacy notice, the terms and the footer show the one registration and VAT number", async ({ page }) => {
    await withCookieChoice(page);
    const { site } = await import("#content/site");
    for (const path of ["/privacy-policy", "/terms"]) {
      await page.goto(path);
      for (const part of [page.getByRole("main"), page.getByRole("contentinfo")]) {
        await expect(part.getByText(site.registrationNumber).first()).toBeVisible();
        await expect(part.getByText(site.vatNumber).first()).toBeVisible();
      }
      // No other KvK number anywhere on the page: a business has one.
      const numbers = new Set((await page.locator("body").innerText()).match(/KvK\s*\d{8}/g));
      expect([...numbers]).toEqual([site.registrationNumber]);
    }
  });

  test("notion-embed explains that no address is configured", async ({ page }) => {
    await withCookieChoice(page);
    await page.goto("/notion-embed");
    await expect(page.getByRole("heading", { name: "No workspace page configured" })).toBeVisible();
    await expect(page.getByText("NOTION_EMBED_URL")).toBeVisible();
  });

  test("footer: contact, social links, newsletter slot hidden on blog pages", async ({ page }) => {
    await withCookieChoice(page);
    const { site } = await import("#content/site");
    await page.goto("/services");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: site.contactEmail })).toHaveAttribute(
      "href",
      `mailto:${site.contactEmail}`,
    );
    for (const social of site.social)
      await expect(footer.getByRole("link", { name: social.label })).toHaveAttribute("href", social.href);
    await expect(footer.getByTestId("footer-newsletter")).toBeVisible();
    await page.goto("/blog");
    await expect(page.getByRole("contentinfo").getByTestId("footer-newsletter")).toHaveCount(0);
  });
});
