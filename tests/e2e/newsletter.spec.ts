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

/** The browser logs the failed request itself; in these tests that failure is the point. */
function allowFailedRequests(consoleErrors: string[]) {
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((e) => !e.startsWith("Failed to load resource")),
  );
}

async function subscribeIn(page: Page, form: Locator, email: string, button: string | RegExp) {
  await page.clock.fastForward(3_000);
  await form.getByRole("textbox", { name: "Email address" }).fill(email);
  await form.getByRole("button", { name: button }).click();
}

const footerForm = (page: Page) => page.locator('[data-newsletter="footer"]');
const overviewForm = (page: Page) => page.locator('[data-newsletter="blog-overview"]');
const inArticleForm = (page: Page) => page.locator('[data-newsletter="in-article"]');
const stickyBar = (page: Page) => page.getByRole("complementary", { name: "Newsletter" });

async function scrollToMiddle(page: Page) {
  await page.evaluate(() => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) * 0.6));
}

test.describe("footer form", () => {
  test("subscribes, disables the inputs, pushes blog_subscription and resets after 5 s", async ({ page }) => {
    await withClock(page);
    await page.goto("/pricing");
    const form = footerForm(page);
    const request = page.waitForRequest((r) => r.url().endsWith("/api/newsletter") && r.method() === "POST");
    await subscribeIn(page, form, "footer.reader@example.com", "Subscribe");
    const body = new URLSearchParams((await request).postData() ?? "");
    expect(body.get("source")).toBe("footer");
    expect(body.get("email")).toBe("footer.reader@example.com");
    await expect(form.getByRole("status")).toHaveText(SUCCESS);
    const input = form.getByRole("textbox", { name: "Email address" });
    await expect(input).toBeDisabled();
    await expect(form.getByRole("button", { name: "Subscribe" })).toBeDisabled();
    const events = await page.evaluate(() =>
      (window.dataLayer ?? []).filter((e) => (e as { event?: string }).event === "blog_subscription"),
    );
    expect(events).toEqual([{ event: "blog_subscription", source: "footer", submittedAt: expect.any(String) }]);
    await page.clock.runFor(4_900);
    await expect(form.getByRole("status")).toHaveText(SUCCESS);
    await page.clock.runFor(200);
    await expect(form.getByRole("status")).toHaveCount(0);
    await expect(input).toBeEnabled();
    await expect(input).toHaveValue("");
  });

  test("an empty address shows the error at once without a request", async ({ page }) => {
    let requests = 0;
    await page.route("**/api/newsletter", (route) => {
      requests++;
      return route.continue();
    });
    await page.goto("/pricing");
    const form = footerForm(page);
    // The form's script loads when the form is first used; this is its check, once it runs.
    await form.getByRole("textbox", { name: "Email address" }).focus();
    await expect(form).toHaveAttribute("data-enhanced");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByRole("alert")).toHaveText(ERROR);
    await expect(form.getByRole("textbox", { name: "Email address" })).toHaveAttribute("aria-invalid", "true");
    expect(requests).toBe(0);
  });

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

  test("a server failure shows the error and clears after 5 s", async ({ page, consoleErrors }) => {
    await withClock(page);
    await page.route("**/api/newsletter", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: "{}" }),
    );
    await page.goto("/pricing");
    const form = footerForm(page);
    await subscribeIn(page, form, "someone@example.com", "Subscribe");
    await expect(form.getByRole("alert")).toHaveText(ERROR);
    await expect(form.getByRole("textbox", { name: "Email address" })).toBeEnabled();
    await page.clock.runFor(5_100);
    await expect(form.getByRole("alert")).toHaveCount(0);
    allowFailedRequests(consoleErrors);
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

test.describe("blog overview form", () => {
  test("subscribes with source blog-overview", async ({ page }) => {
    await withClock(page);
    await page.goto("/blog");
    await expect(footerForm(page)).toHaveCount(0);
    const form = overviewForm(page);
    const request = page.waitForRequest((r) => r.url().endsWith("/api/newsletter"));
    await subscribeIn(page, form, "overview@example.com", "Subscribe");
    expect(new URLSearchParams((await request).postData() ?? "").get("source")).toBe("blog-overview");
    await expect(form.getByRole("status")).toHaveText(SUCCESS);
  });

  test("shows the server's message for an address it rejects", async ({ page, consoleErrors }) => {
    await withClock(page);
    await page.route("**/api/newsletter", (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({ ok: false, message: "Please enter a valid email address", field: "email" }),
      }),
    );
    await page.goto("/blog");
    const form = overviewForm(page);
    await subscribeIn(page, form, "typo@example.con", "Subscribe");
    await expect(form.getByRole("alert")).toHaveText("Please enter a valid email address");
    await expect(form.getByRole("textbox", { name: "Email address" })).toHaveAttribute("aria-invalid", "true");
    allowFailedRequests(consoleErrors);
  });

  test("shows the error when the network fails", async ({ page, consoleErrors }) => {
    await withClock(page);
    await page.route("**/api/newsletter", (route) => route.abort("connectionrefused"));
    await page.goto("/blog");
    const form = overviewForm(page);
    await subscribeIn(page, form, "offline@example.com", "Subscribe");
    await expect(form.getByRole("alert")).toHaveText(ERROR);
    allowFailedRequests(consoleErrors);
  });
});

test.describe("in-article form", () => {
  test("subscribes with the post path, its service type and resets after 5 s", async ({ page }) => {
    await withClock(page);
    await page.goto(POST);
    const form = inArticleForm(page);
    const request = page.waitForRequest((r) => r.url().endsWith("/api/newsletter"));
    await subscribeIn(page, form, "article.reader@example.com", "Get My Plan");
    const body = new URLSearchParams((await request).postData() ?? "");
    expect(body.get("source")).toBe(POST);
    expect(body.get("serviceType")).toBe("running_training");
    expect(body.get("variant")).toBe("in-article");
    await expect(form.getByRole("status")).toHaveText(SUCCESS);
    await page.clock.runFor(5_100);
    await expect(form.getByRole("status")).toHaveCount(0);
  });

  test("shows the error when the server fails", async ({ page, consoleErrors }) => {
    await withClock(page);
    await page.route("**/api/newsletter", (route) => route.fulfill({ status: 500, body: "Internal Server Error" }));
    await page.goto(POST);
    const form = inArticleForm(page);
    await subscribeIn(page, form, "article.reader@example.com", "Get My Plan");
    await expect(form.getByRole("alert")).toHaveText(ERROR);
    allowFailedRequests(consoleErrors);
  });
});

test.describe("sticky e-mail capture bar", () => {
  test("appears after half the article, subscribes, hides after 3 s and stays away @mobile", async ({ page }) => {
    await withClock(page);
    await page.goto(POST);
    await expect(stickyBar(page)).toHaveCount(0);
    await scrollToMiddle(page);
    const bar = stickyBar(page);
    await expect(bar).toBeVisible();
    const request = page.waitForRequest((r) => r.url().endsWith("/api/newsletter"));
    await subscribeIn(page, bar, "sticky.reader@example.com", "Subscribe");
    const body = new URLSearchParams((await request).postData() ?? "");
    expect(body.get("variant")).toBe("sticky");
    expect(body.get("source")).toBe(POST);
    await expect(bar.getByRole("status")).toHaveText(SUCCESS);
    await page.clock.runFor(3_100);
    await expect(bar).toHaveCount(0);

    await page.goto("/blog/prevent-shin-splints-running");
    await scrollToMiddle(page);
    await page.clock.runFor(500);
    await expect(stickyBar(page)).toHaveCount(0);
  });

  test("remembers a dismissal for that post only", async ({ page }) => {
    await page.goto(POST);
    await scrollToMiddle(page);
    await stickyBar(page).getByRole("button", { name: "Dismiss the newsletter bar" }).click();
    await expect(stickyBar(page)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("blog-subscribe-optimize-running-cadence"))).toBe(
      "dismissed",
    );
    await page.reload();
    await scrollToMiddle(page);
    await expect(page.getByRole("heading", { name: "Conclusion", exact: true })).toBeVisible();
    await expect(stickyBar(page)).toHaveCount(0);
    await page.goto("/blog/prevent-shin-splints-running");
    await scrollToMiddle(page);
    await expect(stickyBar(page)).toBeVisible();
  });

  test("shows the error when the server fails", async ({ page, consoleErrors }) => {
    await withClock(page);
    await page.route("**/api/newsletter", (route) => route.fulfill({ status: 500, body: "{}" }));
    await page.goto(POST);
    await scrollToMiddle(page);
    const bar = stickyBar(page);
    await subscribeIn(page, bar, "sticky.reader@example.com", "Subscribe");
    await expect(bar.getByRole("alert")).toHaveText(ERROR);
    await page.clock.runFor(3_100);
    await expect(bar.getByRole("alert")).toHaveCount(0);
    await expect(bar).toBeVisible();
    allowFailedRequests(consoleErrors);
  });
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
