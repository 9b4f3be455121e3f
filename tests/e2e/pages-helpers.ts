import type { Page } from "@playwright/test";

/** Most tests are not about cookies: start with a stored choice so the bar stays away. */
export async function withCookieChoice(page: Page, choice: "accepted" | "rejected" = "rejected") {
  await page.addInitScript((value) => window.localStorage.setItem("cookie-consent", value), choice);
}

/** Top of an element relative to the viewport, once smooth scrolling has settled. */
export async function topOf(page: Page, id: string): Promise<number> {
  return page.evaluate(
    (elementId) => Math.round(document.getElementById(elementId)?.getBoundingClientRect().top ?? -9999),
    id,
  );
}
