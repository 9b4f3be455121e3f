import { test as base, expect, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import { OwnServers } from "./own-servers";

/**
 * Every test fails on a console error or an uncaught page error, and external
 * requests (no network here) are answered with 503 by default so tests are hermetic.
 * `ownServers` holds the servers a spec needs of its own (see own-servers.ts): the one worker
 * fixture of every spec, so all specs share worker processes.
 */
export const test = base.extend<{ consoleErrors: string[] }, { ownServers: OwnServers }>({
  ownServers: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the fixtures argument
    async ({}, use) => {
      const servers = new OwnServers();
      await use(servers);
      await servers.stopAll();
    },
    { scope: "worker" },
  ],
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "console errors on the page").toEqual([]);
    },
    { auto: true },
  ],
  page: async ({ page, baseURL }, use) => {
    const origin = new URL(baseURL ?? "http://127.0.0.1").origin;
    await page.route(
      (url) => url.origin !== origin,
      (route) => route.fulfill({ status: 503, body: "offline in tests" }),
    );
    await use(page);
  },
});

export { expect };

/**
 * axe-core with WCAG 2.2 AA rules; fails listing each violation. Over the whole page, or only over
 * `include` (a CSS selector; one that matches nothing fails) when the test is about one part of a
 * page whose whole is judged elsewhere (a whole-page pass costs seconds on a busy machine).
 * `contrast: false` leaves out colour contrast, two thirds of a whole-page pass: only for a page
 * whose contrast is judged at the other width, where the colours and text sizes are the same
 * (decision 088).
 */
export async function expectAccessible(
  page: Page,
  { include, contrast = true }: { include?: string; contrast?: boolean } = {},
) {
  // Stylesheets still loading would let axe judge an unstyled page (hidden menus shown).
  await page.waitForLoadState("load");
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]);
  if (include) builder = builder.include(include);
  if (!contrast) builder = builder.disableRules(["color-contrast"]);
  const results = await builder.analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary, "accessibility violations").toEqual([]);
}

/**
 * Waits for the page's own signal that its scripts have nothing left to load: `data-enhancers-settled`
 * on `<html>`, set by the enhancer boot script (features/enhancers/boot.ts) once every part that does
 * not wait to come near or to be used has its enhancer run or failed. A page without enhanced parts, or
 * one that runs the application (the back office and its tools), has no boot script, so `load` is all
 * there is. (Not a quiet network: the enhancers start when the browser
 * is idle after load, which can be seconds after the network went quiet.)
 */
export async function waitForScripts(page: Page) {
  await page.waitForLoadState("load");
  if ((await page.locator("html[data-document] [data-enhance]").count()) === 0) return;
  await expect(page.locator("html[data-enhancers-settled]")).toHaveCount(1);
}

/** Holds every enhancer module (and the chunks they import) until `release()`. */
export async function holdEnhancers(page: Page) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const requested: string[] = [];
  await page.route("**/assets/**/*.js", async (route) => {
    if (/\/assets\/vitals-/.test(route.request().url())) return route.continue();
    requested.push(route.request().url());
    await gate;
    await route.continue();
  });
  return { release: () => release(), requested };
}
