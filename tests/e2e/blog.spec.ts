import { expect, test } from "./fixtures";

// What the blog's pages carry (the list newest first, the category filter as plain links, a post's
// breadcrumb, meta line and lead form, its search data, the redirect of an unknown post, the /sitemap
// page) is server HTML: tests/integration/pages-html.test.ts. The feed and sitemap.xml are checked
// in tests/integration/foundation.test.ts. Here what only a browser shows: the post's CSS motion.

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("cookie-consent", "rejected"));
});

test("a post's parallax and title fade run only without a reduced-motion preference", async ({ page }) => {
  await page.goto("/blog/optimize-running-cadence");
  const animation = () => page.locator(".blog-hero-image").evaluate((el) => getComputedStyle(el).animationName);
  expect(await animation()).toBe("blog-parallax");
  await page.emulateMedia({ reducedMotion: "reduce" });
  expect(await animation()).toBe("none");
  expect(await page.locator(".blog-progress-title").evaluate((el) => getComputedStyle(el).display)).toBe("none");
});
