import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";

const SUCCESS = "Thanks for subscribing! 🎉";
const ERROR = "Oops! Something went wrong. Please try again.";
const POST = "/blog/optimize-running-cadence";

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("cookie-consent", "rejected"));
});

/** Paused fake time: the reset delays run only when the test says so. */
async function withClock(page: Page) {
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 60_000);
}

async function subscribeIn(page: Page, form: Locator, email: string, button: string | RegExp) {
  await page.clock.fastForward(3_000);
  await form.getByRole("textbox", { name: "Email address" }).fill(email);
  await form.getByRole("button", { name: button }).click();
}

const footerForm = (page: Page) => page.locator('[data-newsletter="footer"]');
const stickyBar = (page: Page) => page.getByRole("complementary", { name: "Newsletter" });

async function scrollToMiddle(page: Page) {
  await page.evaluate(() => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) * 0.6));
}

test.describe("footer form", () => {
  test("an empty address sent before the app runs gets the site's message, not the browser's bubble", async ({
    page,
  }) => {
    let requests = 0;
    await page.route("**/api/newsletter", (route) => {
      requests++;
      return route.continue();
    });
    // Registered before the page's own scripts: records whether each `invalid` event (which is
    // what opens the browser's bubble) was cancelled by the time it had been handled.
    await page.addInitScript(() => {
      const seen: boolean[] = [];
      Object.assign(window, { invalidPrevented: seen });
      addEventListener("invalid", (event) => setTimeout(() => seen.push(event.defaultPrevented)), true);
    });
    await page.goto("/pricing");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    const form = footerForm(page);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByRole("alert")).toHaveText(ERROR);
    await expect(form.getByRole("textbox", { name: "Email address" })).toHaveAttribute("aria-invalid", "true");
    const prevented = await page.evaluate(
      () => (window as unknown as { invalidPrevented: boolean[] }).invalidPrevented,
    );
    expect(prevented.length).toBeGreaterThan(0);
    expect(prevented.every(Boolean)).toBe(true);
    expect(requests).toBe(0);
  });

  test("without JavaScript an empty address is stopped by the browser's own check", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/pricing");
    const form = footerForm(page);
    await form.getByRole("button", { name: "Subscribe" }).click();
    const input = form.getByRole("textbox", { name: "Email address" });
    expect(await input.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);
    await expect(page).toHaveURL(/\/pricing$/);
    await context.close();
  });

  test("works without JavaScript and lands on the newsletter page", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/pricing");
    const form = footerForm(page);
    await form.getByRole("textbox", { name: "Email address" }).fill("nojs.reader@example.com");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/newsletter\?status=subscribed$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(SUCCESS);
    await context.close();
  });
});

// The forms' states after their enhancer runs (busy, sent, the server's errors, the resets, the
// sticky bar's dismissal) are component tests: app/features/newsletter/newsletter.enhancer.dom.test.tsx,
// app/features/newsletter/capture-bar.enhancer.dom.test.tsx, app/routes/blog.dom.test.tsx and
// app/routes/blog-post.dom.test.tsx. What only a browser shows stays here: the real page's height and
// scroll bring the sticky bar, on the phone and the desktop.
test("the sticky capture bar appears once a reader is past half of a real post, and subscribes @mobile", async ({
  page,
}) => {
  await withClock(page);
  await page.goto(POST);
  await expect(stickyBar(page)).toHaveCount(0);
  await scrollToMiddle(page);
  const bar = stickyBar(page);
  await expect(bar).toBeVisible();
  const request = page.waitForRequest((r) => r.url().endsWith("/api/newsletter"));
  await subscribeIn(page, bar, "sticky.reader@example.com", "Subscribe");
  expect(new URLSearchParams((await request).postData() ?? "").get("variant")).toBe("sticky");
  await expect(bar.getByRole("status")).toHaveText(SUCCESS);
});

test.describe("unsubscribe", () => {
  /** Signs a link the way the server does, with the secret it generated in the test data folder. */
  function unsubscribeToken(email: string): string {
    const secret = readFileSync(path.join(process.env.E2E_DATA_DIR ?? "", "auth-secret"), "utf8").trim();
    const mac = createHmac("sha256", secret).update(`newsletter:unsubscribe:${email}:0`).digest("base64url");
    return `${Buffer.from(email).toString("base64url")}.0.${mac}`;
  }

  test("asks before unsubscribing and confirms it, without signing in", async ({ page }) => {
    await page.goto(`/newsletter/unsubscribe?token=${unsubscribeToken("leaving@example.com")}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unsubscribe from the newsletter");
    await expect(page.getByText("le*****@example.com")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're unsubscribed");
  });

  test("explains an invalid link", async ({ page }) => {
    await page.goto("/newsletter/unsubscribe?token=forged");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This unsubscribe link is not valid");
  });
});

test.describe("confirmation link", () => {
  /** Signs a confirmation link the way the server does (valid for two weeks from now). */
  function confirmToken(email: string): string {
    const secret = readFileSync(path.join(process.env.E2E_DATA_DIR ?? "", "auth-secret"), "utf8").trim();
    const expires = Date.now() + 14 * 24 * 60 * 60 * 1000;
    const mac = createHmac("sha256", secret).update(`newsletter:confirm:${email}:${expires}`).digest("base64url");
    return `${Buffer.from(email).toString("base64url")}.${expires.toString(36)}.${mac}`;
  }

  test("without JavaScript the page waits for the button, which confirms", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    const response = await page.goto(`/newsletter/confirm?token=${confirmToken("button.confirm@example.com")}`);
    expect(response?.headers()["cache-control"]).toBe("no-store");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("One click to confirm");
    await expect(page.getByText("bu************@example.com")).toBeVisible();
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(page).toHaveURL(/\/newsletter\?status=confirmed$/);
    await context.close();
  });

  test("a resend from the newsletter page gets the same answer for any address", async ({ page }) => {
    await page.goto("/newsletter?status=subscribed");
    const resend = page.getByRole("main").getByRole("form", { name: "Didn't get the e-mail?" });
    await expectAccessible(page);
    await resend.getByRole("textbox", { name: "Email address" }).fill("someone.unknown@example.com");
    await resend.getByRole("button", { name: "Resend the confirmation e-mail" }).click();
    await expect(page).toHaveURL(/\/newsletter\?status=resent$/);
    await expect(page.getByRole("status")).toContainText("a new e-mail is on its way");
  });
});
