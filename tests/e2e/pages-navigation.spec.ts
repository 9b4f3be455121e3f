import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { expectExpanded, topOf, withCookieChoice } from "./pages-helpers";

/** The section's top lands just under the 64 px header (plus any scroll-margin the section itself sets). */
async function expectBelowHeader(page: Page, id: string) {
  const margin = await page.evaluate(
    (elementId) => parseFloat(getComputedStyle(document.getElementById(elementId)!).scrollMarginTop) || 0,
    id,
  );
  await expect.poll(() => topOf(page, id)).toBe(64 + margin);
}

test.beforeEach(async ({ page }) => withCookieChoice(page));

test.describe("desktop header", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("is 64 px high with the main links", async ({ page }) => {
    await page.goto("/services");
    const header = page.getByRole("banner");
    expect((await header.boundingBox())?.height).toBe(64);
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of ["How to Start", "Trainer", "Pricing", "FAQ"])
      await expect(nav.getByRole("link", { name })).toBeVisible();
    for (const name of ["Services", "Blog"]) await expect(nav.getByRole("button", { name })).toBeVisible();
  });

  test("Services dropdown shows on pointer hover and a link navigates and closes it", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const button = nav.getByRole("button", { name: "Services" });
    const triathlon = nav.getByRole("link", { name: "Triathlon Coaching" });
    await expect(triathlon).toBeHidden();
    await button.hover();
    await expect(triathlon).toBeVisible();
    await page.mouse.move(640, 600);
    await expect(triathlon).toBeHidden();
    await button.click();
    await expectExpanded(button, true);
    await triathlon.click();
    await expect(page).toHaveURL(/\/services\/triathlon-coaching$/);
    await expectExpanded(button, false);
    await page.mouse.move(640, 600);
    await expect(triathlon).toBeHidden();
  });

  for (const scripts of [true, false]) {
    test(`dropdowns work with the keyboard${scripts ? "" : " with scripts blocked"}: Enter, Escape, Space, Tab into the panel`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: scripts, viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      try {
        await page.goto("/services");
        const nav = page.getByRole("navigation", { name: "Main" });
        const services = nav.getByRole("button", { name: "Services" });
        await expectExpanded(services, false);
        await services.focus();
        await page.keyboard.press("Enter");
        await expectExpanded(services, true);
        await expect(nav.getByRole("link", { name: "All services" })).toBeVisible();
        await page.keyboard.press("Escape");
        await expectExpanded(services, false);
        await expect(nav.getByRole("link", { name: "All services" })).toBeHidden();
        await expect(services).toBeFocused();

        await page.keyboard.press("Enter");
        await page.keyboard.press("Tab");
        await expect(nav.getByRole("link", { name: "All services" })).toBeFocused();

        const blog = nav.getByRole("button", { name: "Blog" });
        await blog.focus();
        await page.keyboard.press("Space");
        await expectExpanded(blog, true);
        await expectExpanded(services, false);
        const overview = nav.getByRole("link", { name: "Blog Overview" });
        await expect(overview).toBeVisible();
        await page.keyboard.press("Tab");
        await expect(overview).toBeFocused();
        await page.keyboard.press("Enter");
        await expect(page).toHaveURL(/\/blog$/);
      } finally {
        await context.close();
      }
    });
  }

  test("with scripts blocked the dropdowns show on hover", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    try {
      await page.goto("/pricing");
      const nav = page.getByRole("navigation", { name: "Main" });
      const triathlon = nav.getByRole("link", { name: "Triathlon Coaching" });
      await expect(triathlon).toBeHidden();
      await nav.getByRole("button", { name: "Services" }).hover();
      await expect(triathlon).toBeVisible();
      await page.mouse.move(640, 600);
      await expect(triathlon).toBeHidden();
    } finally {
      await context.close();
    }
  });

  test("a click outside closes an open dropdown", async ({ page }) => {
    await page.goto("/services");
    const services = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Services" });
    await services.click();
    await expectExpanded(services, true);
    await page.getByRole("heading", { level: 1 }).click();
    await expectExpanded(services, false);
  });

  test("home anchors from another page go to / and land below the header", async ({ page }) => {
    await page.goto("/privacy-policy");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/#faq$/);
    await expect(page.getByRole("heading", { name: "Frequently Asked Questions" })).toBeInViewport();
    await expect.poll(() => topOf(page, "faq")).toBe(64);

    await page.goto("/services/weight-loss");
    await nav.getByRole("link", { name: "How to Start" }).click();
    await expect(page).toHaveURL(/\/#contact-section$/);
    await expectBelowHeader(page, "contact-section");

    await nav.getByRole("link", { name: "Trainer" }).click();
    await expect(page).toHaveURL(/\/#trainer$/);
    await expect.poll(() => topOf(page, "trainer")).toBe(64);
  });

  test("Start Today on the home page scrolls to the start form", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Start Today" }).first().click();
    await expectBelowHeader(page, "contact-section");
  });
});

/** The phone menu is the browser's own dialog and popovers: the same with scripts running or blocked. */
for (const scripts of [true, false]) {
  const blocked = scripts ? "" : ", scripts blocked";
  test.describe(`mobile menu @phone${blocked}`, () => {
    test.use({ javaScriptEnabled: scripts });

    test("opens with panels, Back, Escape, restores focus and locks scrolling", async ({ page }) => {
      await page.goto("/services");
      const menuButton = page.getByRole("button", { name: "Menu" });
      await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
      await menuButton.click();
      const dialog = page.getByRole("dialog", { name: "Site menu" });
      await expect(dialog).toBeVisible();
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");

      const services = dialog.getByRole("button", { name: "Services" });
      await expectExpanded(services, false);
      await services.click();
      await expect(dialog.getByRole("link", { name: "Running Coaching" })).toBeVisible();
      await expect(dialog.getByRole("link", { name: "Pricing" })).toBeHidden();
      await expect(dialog.getByRole("button", { name: "Back" })).toBeFocused();
      await dialog.getByRole("button", { name: "Back" }).click();
      await expect(dialog.getByRole("link", { name: "Pricing" })).toBeVisible();
      await expect(services).toBeFocused();

      await dialog.getByRole("button", { name: "Blog articles" }).click();
      await expect(dialog.getByRole("link", { name: "Blog Overview" })).toBeVisible();
      // Escape closes the sub-panel first, then the menu.
      await page.keyboard.press("Escape");
      await expect(dialog.getByRole("link", { name: "Blog Overview" })).toBeHidden();
      await expect(dialog.getByRole("button", { name: "Blog articles" })).toBeFocused();

      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(menuButton).toBeFocused();
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe("hidden");
    });

    test("keeps Tab focus inside the open menu", async ({ page }) => {
      // The header and its menu are the same on every page: a light page, with links behind the menu.
      await page.goto("/privacy-policy");
      await page.getByRole("button", { name: "Menu" }).click();
      const dialog = page.getByRole("dialog", { name: "Site menu" });
      await expect(dialog).toBeVisible();
      // The page behind is inert: Tab cycles through the menu (past the browser's own controls,
      // where nothing in the page has focus) and never reaches a link or field of the page.
      const where = () =>
        dialog.evaluate((el) =>
          el.contains(document.activeElement) ? "menu" : document.activeElement === document.body ? "browser" : "page",
        );
      const seen: string[] = [];
      for (let i = 0; i < 14; i++) {
        await page.keyboard.press("Tab");
        seen.push(await where());
      }
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press("Shift+Tab");
        seen.push(await where());
      }
      expect(seen).not.toContain("page");
      expect(seen.filter((place) => place === "menu").length).toBeGreaterThan(14);
    });

    test("choosing a link closes the menu and navigates", async ({ page }) => {
      await page.goto("/privacy-policy");
      await page.getByRole("button", { name: "Menu" }).click();
      const dialog = page.getByRole("dialog", { name: "Site menu" });
      await dialog.getByRole("button", { name: "Services" }).click();
      await dialog.getByRole("link", { name: "Build Muscle" }).click();
      await expect(page).toHaveURL(/\/services\/build-muscle$/);
      await expect(dialog).toBeHidden();
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe("hidden");
    });

    test("a home anchor in the menu goes to / and scrolls below the header", async ({ page }) => {
      await page.goto("/services/get-fit");
      await page.getByRole("button", { name: "Menu" }).click();
      await page.getByRole("dialog", { name: "Site menu" }).getByRole("link", { name: "Trainer" }).click();
      await expect(page).toHaveURL(/\/#trainer$/);
      await expect.poll(() => topOf(page, "trainer")).toBe(64);
    });
  });
}

test("on the home page, a section link in the menu closes it and shows the section @phone", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Menu" }).click();
  const dialog = page.getByRole("dialog", { name: "Site menu" });
  await dialog.getByRole("link", { name: "FAQ" }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/#faq$/);
  await expect.poll(() => topOf(page, "faq")).toBe(64);
});
