import type { Page } from "@playwright/test";
import { routeEntries } from "~/kernel/route-meta";
import { expect, test, waitForScripts } from "./fixtures";
import { splitRoutes } from "./sweep";
import { bringIslandsNear } from "./island-helpers";

/**
 * No public page runs the application (docs/decisions/031-island-pages-as-documents.md): each is a
 * document whose islands and enhancers are fetched after load. These tests hold the scripts back on
 * purpose, so every control is used before its script runs, then after it.
 */

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("cookie-consent", "rejected"));
});

/** Holds every request for the app's scripts until `release()` is called. */
async function holdScripts(page: Page) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const requested: string[] = [];
  await page.route("**/assets/**/*.js", async (route) => {
    requested.push(route.request().url());
    await gate;
    await route.continue();
  });
  return { release: () => release(), requested };
}

const hydrated = (page: Page) => page.locator("html[data-hydrated]");
const islandRunning = (page: Page) => page.locator("[data-island-running]");

test("a public page fetches no script before load and never the application", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto("/pricing", { waitUntil: "load" });
  // Nothing is requested before the load event (the island and the rest come in an idle callback after it).
  const early = await page.evaluate(() => {
    const load = (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).loadEventStart;
    return performance
      .getEntriesByType("resource")
      .filter((entry) => entry.name.endsWith(".js") && entry.startTime < load)
      .map((entry) => entry.name);
  });
  expect(early).toEqual([]);
  await page.mouse.wheel(0, 10);
  // The checkout island runs on its own: its UI library (Preact, decision 034), its files, the page's
  // enhancers, the page-speed module.
  await expect(islandRunning(page)).toHaveCount(1);
  await waitForScripts(page);
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(script).not.toMatch(/entry\.client|\/client-|root-|manifest-/);
  await expect(hydrated(page)).toHaveCount(0);
});

test("the menu opens while every script is held (a native dialog) @phone", async ({ page }) => {
  await holdScripts(page);
  await page.goto("/pricing", { waitUntil: "load" });
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.getByRole("dialog", { name: "Site menu" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Site menu" })).toBeHidden();
  await expect(islandRunning(page)).toHaveCount(0);
});

test("an answer chosen before the island runs counts, and the flow goes on after it", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto("/start", { waitUntil: "load" });
  const form = page.locator("#fitness-form");
  await expect(form.getByText("Step 1 of")).toBeVisible();
  await form.locator("button[aria-pressed]").first().click();
  await expect(islandRunning(page)).toHaveCount(0);
  scripts.release();
  await expect(form.getByText("Step 2 of")).toBeVisible();
  await form.getByRole("button", { name: "Back" }).click();
  await expect(form.getByText("Step 1 of")).toBeVisible();
  await expect(form.locator('button[aria-pressed="true"]')).toHaveCount(1);
});

test("an FAQ question opens before the page's scripts run (native <details>) and stays open after", async ({
  page,
}) => {
  const scripts = await holdScripts(page);
  await page.goto("/", { waitUntil: "load" });
  const question = page.locator("#faq details").first();
  await question.locator("summary").click();
  await expect(question).toHaveAttribute("open", "");
  await expect(islandRunning(page)).toHaveCount(0);
  scripts.release();
  await expect(islandRunning(page)).toHaveCount(1);
  await expect(question).toHaveAttribute("open", "");
});

test("a form sent before its enhancer runs takes the enhancer's path once it does", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.clock.install();
  await page.goto("/pricing", { waitUntil: "load" });
  await page.clock.fastForward(3_000);
  const form = page.locator('[data-newsletter="footer"]');
  await form.getByRole("textbox", { name: "Email address" }).fill("early.reader@example.com");
  await form.getByRole("button", { name: "Subscribe" }).click();
  // Held, drawn busy, until the enhancer (fetched on the form's first use) runs.
  await expect(form.getByRole("button", { name: "Subscribe" })).toHaveAttribute("aria-busy", "true");
  await expect(form.locator("[data-enhanced]")).toHaveCount(0);
  const request = page.waitForRequest((r) => r.url().endsWith("/api/newsletter") && r.method() === "POST");
  scripts.release();
  expect(new URLSearchParams((await request).postData() ?? "").get("email")).toBe("early.reader@example.com");
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(form.getByRole("status")).toHaveText("Thanks for subscribing! 🎉");
});

test("when the app's scripts cannot load, a form sent early still posts natively", async ({ page, consoleErrors }) => {
  await page.route("**/assets/**/*.js", (route) => route.abort());
  await page.goto("/pricing", { waitUntil: "load" });
  const form = page.locator('[data-newsletter="footer"]');
  await form.getByRole("textbox", { name: "Email address" }).fill("offline.reader@example.com");
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page).toHaveURL(/\/newsletter\?status=subscribed$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thanks for subscribing! 🎉");
  // The newsletter page's own enhancers fail to load as well, and the page still says it is settled.
  await waitForScripts(page);
  // The aborted script requests are the point of these tests.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/Failed to load|import/i.test(e)));
});

test("the pricing duration switches without the app's scripts, by CSS alone", async ({ page, consoleErrors }) => {
  await page.route("**/assets/**/*.js", (route) => route.abort());
  await page.goto("/pricing", { waitUntil: "load" });
  const savings = page.getByTestId("savings");
  const shown = () => savings.locator("p:visible");
  const before = await shown().innerText();
  await page.locator("label", { has: page.locator("#duration-6") }).click();
  await expect(page.locator("#duration-6")).toBeChecked();
  await expect(shown()).not.toHaveText(before);
  await expect(hydrated(page)).toHaveCount(0);
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !/Failed to load|import/i.test(e)));
});

/** A public page (a document) has run its enhancers (those waiting to come near or be used aside) and, brought near, its islands. */
async function scriptsRunning(page: Page) {
  // A document with enhanced parts, asked in one call (the page is busy with its scripts here).
  await expect(page.locator("html[data-document] [data-enhance]").first()).toBeAttached();
  await bringIslandsNear(page);
  await expect(
    page.locator("[data-enhance]:not([data-enhance-near]):not([data-enhance-on-use]):not([data-enhanced])"),
  ).toHaveCount(0);
  await expect(page.locator("[data-island]:not([data-island-running])")).toHaveCount(0);
}

/** Every page (a post for the blog's pages): `npm test` walks the handful of sweep.ts, the sweeps stage the rest. */
const cspRoutes = splitRoutes(
  routeEntries.filter((r) => !r.dynamic || r.id === "success" || r.id === "blog-post"),
  (r) => r.path,
);
for (const [name, entries] of [
  ["", cspRoutes.handful],
  [" @sweep", cspRoutes.rest],
] as const) {
  test(`no page reports a Content-Security-Policy violation once its scripts have loaded${name}`, async ({ page }) => {
    test.slow();
    await page.addInitScript(() => {
      (window as unknown as { __cspReports: string[] }).__cspReports = [];
      document.addEventListener("securitypolicyviolation", (event) =>
        (window as unknown as { __cspReports: string[] }).__cspReports.push(
          `${event.violatedDirective} ${event.blockedURI}`,
        ),
      );
    });
    for (const path of entries.map((r) => r.path.replace(":slug", "optimize-running-cadence"))) {
      await page.goto(path, { waitUntil: "load" });
      await page.mouse.wheel(0, 10);
      await scriptsRunning(page);
      // The questionnaire's and the forms' schemas are built and used: validate an empty answer.
      if (path === "/start")
        await page.locator("#fitness-form").getByRole("button", { name: "Next" }).click({ force: true });
      expect(await page.evaluate(() => (window as unknown as { __cspReports: string[] }).__cspReports), path).toEqual(
        [],
      );
    }
  });
}

test("a page the browser revalidates (304) keeps its scripts running under its stored policy", async ({ browser }) => {
  // The shared fixture routes requests, which turns the browser's HTTP cache off; this page needs it.
  const context = await browser.newContext();
  await context.addInitScript(() => window.localStorage.setItem("cookie-consent", "rejected"));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const conditional: (string | undefined)[] = [];
  page.on("request", async (request) => {
    if (request.resourceType() === "document") conditional.push((await request.allHeaders())["if-none-match"]);
  });
  await page.goto("/pricing", { waitUntil: "load" });
  // A reload revalidates the document; the server answers 304 and the cached HTML's nonce must still match.
  await page.reload({ waitUntil: "load" });
  await expect.poll(() => conditional.length).toBe(2);
  expect(conditional[1]).toMatch(/^W\//);
  await page.mouse.wheel(0, 10);
  await expect(islandRunning(page)).toHaveCount(1);
  expect(errors).toEqual([]);
  await context.close();
});
