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
 */
export async function expectAccessible(page: Page, { include }: { include?: string } = {}) {
  // Stylesheets still loading would let axe judge an unstyled page (hidden menus shown).
  await page.waitForLoadState("load");
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]);
  const results = await (include ? builder.include(include) : builder).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary, "accessibility violations").toEqual([]);
}
