import { readdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { routeEntries } from "~/kernel/route-meta";
import { expect, expectAccessible, test, waitForScripts } from "./fixtures";
import { withCookieChoice } from "./pages-helpers";
import { sweepTag } from "./sweep";

const blogSlug = readdirSync(path.resolve(import.meta.dirname, "../../content/blog"))
  .filter((name) => name.endsWith(".md"))
  .map((name) => name.replace(/\.md$/, ""))
  .sort()[0];
const pages = routeEntries.filter((r) => !r.dynamic || r.id === "success" || r.id === "blog" || r.id === "blog-post");
/** The first page of each route module: pages built by one module (the six services) share a layout. */
const firstOfModule = new Set(pages.filter((r, i) => pages.findIndex((o) => o.file === r.file) === i));

/**
 * The page whose pass at 375 px keeps colour contrast: the header's Menu button is text shown at that
 * width alone, the same on every page, and the lead page has the least other text to judge.
 */
const PHONE_HEADER_CONTRAST = "/start";

/** Parts still waiting for their enhancer, leaving out those that wait to come near or to be used. */
const unenhanced = (page: Page) =>
  page.locator("[data-enhance]:not([data-enhance-near]):not([data-enhance-on-use]):not([data-enhanced])");

/**
 * Each page at 1280 px, and each route module's layout once more at 375 px (its first page), on a
 * first visit (the cookie bar, shown only with a tag manager, is judged by axe in consent.spec.ts):
 * it answers 200 with its title, is judged whole by axe (at 375 px by every rule but colour contrast,
 * which the same page's pass at 1280 px judges, decision 088), and is a plain document (decisions 026
 * and 031): no application runtime, and once its scripts have run every part's enhancer ran and the page
 * never hydrated an application. Which script files a page may fetch at all is checked over the
 * build for every page by tests/integration/page-scripts.test.ts. The handful of tests/e2e/sweep.ts
 * runs in `npm test`, the rest in `npm run test:sweeps`.
 */
const visits = [
  ...pages.map((entry) => ({
    url: entry.path.replace(":slug", blogSlug ?? "missing"),
    route: entry.path,
    // A post's title is its own (checked in blog.spec.ts); every other route has the table's.
    title: entry.id === "blog-post" ? undefined : entry.title,
    phoneToo: firstOfModule.has(entry),
  })),
  // The newsletter's own page (outside the route table: its sign-up answers land there).
  { url: "/newsletter", route: "/newsletter", title: undefined, phoneToo: false },
];

test.describe("every page of the route table", () => {
  test.beforeEach(async ({ page }) => withCookieChoice(page));
  for (const visit of visits) {
    const tags = `${visit.phoneToo ? " @mobile" : ""}${sweepTag(visit.route)}`;
    test(`${visit.url} renders with its title, passes axe and runs as a document${tags}`, async ({
      page,
      isMobile,
    }) => {
      // An axe pass over a whole page (the home page's takes 3 s on a quiet machine): allow for a busy one.
      test.slow();
      const response = await page.goto(visit.url);
      expect(response?.status()).toBe(200);
      if (visit.title) await expect(page).toHaveTitle(new RegExp(visit.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
      await expect(page.getByRole("main")).toBeVisible();
      await expect(page.locator("html[data-document]")).toHaveCount(1);
      await expect(page.locator("#app-entry")).toHaveCount(0);
      await page.mouse.wheel(0, 400);
      await waitForScripts(page);
      await expect(unenhanced(page)).toHaveCount(0);
      expect(await page.evaluate(() => "__reactRouterContext" in window || "__reactRouterManifest" in window)).toBe(
        false,
      );
      await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
      await expectAccessible(page, { contrast: !isMobile || visit.route === PHONE_HEADER_CONTRAST });
    });
  }
});

test("an unknown path shows the error screen with a real 404, as a document @mobile", async ({
  page,
  consoleErrors,
  isMobile,
}) => {
  await withCookieChoice(page);
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
  await expect(page.getByText("404 Not Found")).toBeVisible();
  await expect(page.locator("html[data-document]")).toHaveCount(1);
  await waitForScripts(page);
  await expect(unenhanced(page)).toHaveCount(0);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
  await expectAccessible(page, { contrast: !isMobile });
  await page.getByRole("link", { name: "Back to the home page" }).click();
  await expect(page).toHaveURL(/\/$/);
  // The browser logs the 404 document load itself; that is expected here.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !e.includes("404")));
});
