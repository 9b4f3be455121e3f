import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import * as OTPAuth from "otpauth";
import type { Page, Response } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { sendProvisionRequest } from "~/features/auth/provision";

const totp = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate();

/** A trainer account made through the running server's provisioning request, signed in and enrolled. */
async function signInAsNewTrainer(page: Page, baseURL: string) {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  const secret = readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim();
  const trainer = { email: `vitals-${randomUUID().slice(0, 8)}@example.com`, password: "correct-horse-battery-staple" };
  expect((await sendProvisionRequest(baseURL, secret, { ...trainer, name: "Mila Jansen" })).status).toBe(201);
  await page.goto("/admin");
  await page.getByLabel("E-mail address").fill(trainer.email);
  await page.getByLabel("Password").fill(trainer.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  const totpSecret = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
  await page.getByLabel("Code from the app").fill(totp(totpSecret));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page).toHaveURL(/\/admin\?enrolled=1/);
}

test("real visits' page speed reaches the back office, rated in words against Google's thresholds", async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  // A tablet-wide window: no other test uses one, so the row below can only come from this visit.
  await page.setViewportSize({ width: 800, height: 1000 });
  // The page reports when it is hidden (the visitor leaves or switches apps). Headless Chromium
  // never hides a tab, so the test says it is hidden, until the module has started and reported.
  // The library settles the largest paint at the visitor's first key or tap (a real one: the event
  // the test dispatches below is not trusted), then hands it over once the browser is idle; a report
  // sent before that carries CLS alone, so wait for the one that carries the largest paint. The key
  // is pressed on every round: one pressed before the module has started is not seen by it.
  let report: Response | null = null;
  page.on("response", (response) => {
    if (!response.url().endsWith("/api/vitals") || response.request().method() !== "POST") return;
    const body = response.request().postDataJSON() as { metrics: { name: string }[] };
    if (body.metrics.some((metric) => metric.name === "LCP")) report = response;
  });
  const visit = async () => {
    const moduleLoaded = page.waitForRequest((r) => /\/assets\/vitals-[\w-]+\.js$/.test(r.url()));
    await page.goto("/privacy-policy");
    await moduleLoaded;
    for (let round = 0; round < 40 && report === null; round++) {
      await page.keyboard.press("Shift");
      await page.evaluate(async () => {
        // Hidden only while the event is handled, so a module that starts later sees a visible page.
        Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
        document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
        delete (document as { visibilityState?: unknown }).visibilityState;
        // The next round after the browser's next idle period (when the library hands a settled value over).
        await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 500 }));
      });
    }
  };
  // A fake "hidden" that reaches the library while it is still starting can end its largest-paint
  // measurement with nothing to report (one CI run on 2026-11-27: no report in 20 s; its retry
  // passed): such a visit is made again, at most three times, and the report must come.
  for (let visits = 0; visits < 3 && report === null; visits++) await visit();
  expect(report, "a report with the largest paint").not.toBeNull();
  expect((report as Response | null)?.status()).toBe(204);
  // The largest paint names its element (the attribution build's `tag.class` or `#id`, with its
  // parent), as the list shows it.
  const sent = (report as Response | null)?.request().postDataJSON() as {
    metrics: { name: string; target?: string }[];
  };
  expect(sent.metrics.find((metric) => metric.name === "LCP")?.target).toMatch(
    /^([a-z][\w-]*(\.[\w-]+)?|#[\w-]+)( > |$)/,
  );

  // Sample measurements as a tablet sends them, from two posts (one route pattern).
  for (const slug of ["first-post", "second-post?utm_source=news"]) {
    const sent = await request.post("/api/vitals", {
      data: {
        path: `/blog/${slug}`,
        device: "tablet",
        metrics: [
          { name: "LCP", value: 5000, target: "main > img.hero" },
          { name: "INP", value: 300 },
          { name: "CLS", value: 0.05 },
        ],
      },
    });
    expect(sent.status()).toBe(204);
    expect(sent.headers()["set-cookie"]).toBeUndefined();
  }
  const refused = await request.post("/api/vitals", { data: { path: "/", device: "tablet", metrics: [], id: "x" } });
  expect(refused.status()).toBe(400);

  await signInAsNewTrainer(page, baseURL ?? "");
  await page.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Page speed" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Page speed" })).toBeVisible();

  const thresholds = page.getByRole("table", { name: "Google's thresholds" });
  await expect(thresholds.getByRole("row")).toHaveCount(4);
  await expect(thresholds.getByRole("row", { name: /LCP/ })).toContainText("≤ 2.50 s");
  await expect(thresholds.getByRole("row", { name: /INP/ })).toContainText("> 500 ms");

  const perPage = page.getByRole("table", { name: /Per page and device/ });
  const posts = perPage.getByRole("row").filter({ hasText: "/blog/:slug" }).filter({ hasText: "Tablet" });
  await expect(posts).toHaveCount(1);
  const cells = posts.getByRole("cell");
  await expect(cells.nth(0)).toContainText("5.00 s");
  await expect(cells.nth(0)).toContainText("Poor");
  await expect(cells.nth(1)).toContainText("300 ms");
  await expect(cells.nth(1)).toContainText("Needs improvement");
  await expect(cells.nth(2)).toContainText("0.05");
  await expect(cells.nth(2)).toContainText("Good");
  // The visit above, measured by the browser itself.
  const visited = perPage.getByRole("row").filter({ hasText: "/privacy-policy" }).filter({ hasText: "Tablet" });
  await expect(visited).toHaveCount(1);
  await expect(visited.getByRole("cell").nth(0)).toContainText(/\d\.\d\d s (Good|Needs improvement|Poor)/);
  await expect(
    page.getByRole("table", { name: "All pages, per device" }).getByRole("row", { name: /Tablet/ }),
  ).toHaveCount(1);
  // Nothing a visitor sent is shown as it came: the query is gone.
  await expect(page.getByText("utm_source")).toHaveCount(0);

  await page.setViewportSize({ width: 1280, height: 800 });
  await expectAccessible(page);
  await page.setViewportSize({ width: 375, height: 740 });
  // The same colours and text sizes as at 1280 px, judged just above (decision 088).
  await expectAccessible(page, { contrast: false });
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/vitals-375.png`, fullPage: true });
});
