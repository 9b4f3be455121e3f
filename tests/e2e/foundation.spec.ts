import { routeEntries } from "~/features/site/route-meta";
import { expect, expectAccessible, test } from "./fixtures";

const pages = routeEntries.filter((r) => !r.dynamic || r.id === "success");
/** The first page of each route module: pages built by one module (the six services) share a layout. */
const firstOfModule = new Set(pages.filter((r, i) => pages.findIndex((o) => o.file === r.file) === i));

// Each page at 1280 px, and each route module's layout once more at 375 px (its first page), on a
// first visit (the cookie bar, shown only with a tag manager, is judged by axe in consent.spec.ts).
test.describe("every page of the route table", () => {
  for (const entry of pages) {
    const phoneToo = firstOfModule.has(entry) ? " @mobile" : "";
    test(`${entry.path} renders with its title and passes axe${phoneToo}`, async ({ page }) => {
      // An axe pass over a whole page (the home page's takes 3 s on a quiet machine): allow for a busy one.
      test.slow();
      const response = await page.goto(entry.path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(new RegExp(entry.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
      await expect(page.getByRole("main")).toBeVisible();
      await expectAccessible(page);
    });
  }
});

test("an unknown path shows the error screen with a real 404 @mobile", async ({ page, consoleErrors }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Unexpected Application Error!" })).toBeVisible();
  await expect(page.getByText("404 Not Found")).toBeVisible();
  await page.getByRole("link", { name: "Back to the home page" }).click();
  await expect(page).toHaveURL(/\/$/);
  // The browser logs the 404 document load itself; that is expected here.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !e.includes("404")));
});
