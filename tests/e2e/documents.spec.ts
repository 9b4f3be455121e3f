import { expect, holdEnhancers, test } from "./fixtures";
import { withCookieChoice } from "./pages-helpers";

/**
 * Public pages are plain documents (docs/decisions/026-public-pages-as-documents.md,
 * 031-island-pages-as-documents.md): no application runtime; each part that needs script has a small
 * enhancer, loaded after `load` (or at the first touch, or when the part comes near or is used), and
 * the questionnaire and the checkout are islands. Here the parts a browser must show: sent before
 * their enhancer runs, with scripts blocked, and when the enhancer cannot load. That every page is a
 * document is checked in foundation.spec.ts (every route).
 */

const POST = "/blog/optimize-running-cadence";
const SUCCESS = "Thanks for subscribing! 🎉";

test.beforeEach(async ({ page }) => withCookieChoice(page));

test.describe("newsletter form on a document page", () => {
  test("sent before its enhancer runs, it goes through the enhancer in place", async ({ page }) => {
    const held = await holdEnhancers(page);
    await page.goto("/privacy-policy", { waitUntil: "load" });
    const form = page.locator('[data-newsletter="footer"]');
    await form.getByRole("textbox", { name: "Email address" }).fill("early.document@example.com");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect.poll(() => held.requested.length).toBeGreaterThan(0);
    const request = page.waitForRequest((r) => r.url().endsWith("/api/newsletter") && r.method() === "POST");
    held.release();
    const body = new URLSearchParams((await request).postData() ?? "");
    expect(body.get("email")).toBe("early.document@example.com");
    expect(body.get("variant")).toBe("footer");
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect(form.getByRole("status").first()).toHaveText(SUCCESS);
  });
});

test.describe("share and copy on a post", () => {
  test("a Copy tapped before its enhancer runs is answered once it does", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    const held = await holdEnhancers(page);
    await page.goto(POST, { waitUntil: "load" });
    await page.getByRole("button", { name: "Copy", exact: true }).click();
    await expect(page.getByText("URL copied to clipboard!")).toHaveCount(0);
    held.release();
    await expect(page.getByText("URL copied to clipboard!")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}${POST}`);
  });

  test("with scripts blocked, Share and Copy are not offered, the way back is", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(POST);
      await expect(page.getByRole("button", { name: "Copy", exact: true })).toBeHidden();
      await expect(page.getByRole("button", { name: "Share", exact: true })).toBeHidden();
      await page.getByRole("link", { name: "More Articles" }).click();
      await expect(page).toHaveURL(/\/blog$/);
    } finally {
      await context.close();
    }
  });
});

test("the reading-progress bar follows the scroll by CSS alone, also with scripts blocked", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    await page.goto(POST);
    const bar = page.locator(".blog-progress-bar");
    const scale = () => bar.evaluate((el) => new DOMMatrix(getComputedStyle(el).transform).a);
    await expect.poll(scale).toBeLessThan(0.05);
    // End again on each look: a key press that reaches the page before it takes keyboard input
    // is lost (seen once in CI: the page never scrolled), and pressing End at the end changes nothing.
    await expect
      .poll(async () => {
        await page.keyboard.press("End");
        return page.evaluate(() => scrollY);
      })
      .toBeGreaterThan(1000);
    await expect.poll(scale).toBeGreaterThan(0.9);
  } finally {
    await context.close();
  }
});

test("a link from the back office (the application) to a public page loads it as a document", async ({ page }) => {
  await page.goto("/admin/login", { waitUntil: "load" });
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await page.getByRole("link", { name: "View the site" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator("html[data-document]")).toHaveCount(1);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  await expect(page.locator("#contact-section")).toBeVisible();
});
