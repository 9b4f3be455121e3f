import { readdirSync, readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { articleSchema, splitPostFile } from "~/features/blog/content.server";
import {
  type BlogCategory,
  breadcrumbTitle,
  DEFAULT_CATEGORY,
  dutchLongDate,
  isConclusionHeading,
  leadFormFor,
} from "~/features/blog/rules";
import { expect, expectAccessible, test } from "./fixtures";

/** A post as written in content/blog, read as the site reads it: its front matter and its second-level headings. */
function postFile(file: string) {
  const { slug, data } = splitPostFile(file, readFileSync(`content/blog/${file}`, "utf8"));
  const article = articleSchema.parse(data);
  const headings = [...article.body.matchAll(/^##\s+(.+?)\s*$/gm)].map((m) => m[1] ?? "");
  const category: BlogCategory = article.category ?? DEFAULT_CATEGORY;
  return { slug, ...article, category, headings };
}
/** Every post, newest first. */
const posts = readdirSync("content/blog")
  .filter((f) => f.endsWith(".md"))
  .map(postFile)
  .sort((a, b) => b.date.localeCompare(a.date));

const CADENCE = "/blog/optimize-running-cadence";

/** A post with a Conclusion heading and no lead-form texts of its own (the defaults apply). */
const plainPost = posts.find((p) => !p.leadFormContent && p.headings.some(isConclusionHeading));
/** A post with lead-form texts and search titles of its own. */
const ownPost = posts.find((p) => p.leadFormContent && p.metaTitle);

async function noCookieBar(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem("cookie-consent", "rejected"));
}

test.beforeEach(async ({ page }) => {
  await noCookieBar(page);
});

test.describe("blog overview", () => {
  test("lists every post newest first and filters by category in the URL", async ({ page }) => {
    await page.goto("/blog");
    const cards = page.getByRole("main").getByRole("article");
    await expect(cards).toHaveCount(posts.length);
    await expect(cards.first().getByRole("heading")).toHaveText(posts[0]?.title ?? "");
    await expect(cards.first()).toContainText("Read More");
    await expect(cards.first()).toContainText(/\d+ min read/);

    const filters = page.getByRole("navigation", { name: "Filter articles by category" });
    await expect(filters.getByRole("link")).toHaveText([
      "All",
      "Fitness",
      "Nutrition",
      "Running",
      "Training",
      "Triathlon",
    ]);
    await filters.getByRole("link", { name: "Running" }).click();
    await expect(page).toHaveURL(/\/blog\?category=Running$/);
    await expect(filters.getByRole("link", { name: "Running" })).toHaveAttribute("aria-current", "page");
    const running = posts.filter((p) => p.category === "Running");
    await expect(cards).toHaveCount(running.length);
    for (const post of running) await expect(page.getByRole("link", { name: post.title })).toBeVisible();

    await filters.getByRole("link", { name: "All" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(cards).toHaveCount(posts.length);
  });

  test("a shared filter link works without JavaScript", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/blog?category=Triathlon");
    const triathlon = posts.filter((p) => p.category === "Triathlon");
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(triathlon.length);
    await expect(page.getByRole("link", { name: "Triathlon", exact: true })).toHaveAttribute("aria-current", "page");
    await context.close();
  });
});

test.describe("blog post", () => {
  test("shows breadcrumb, meta line and the lead form before the conclusion @mobile", async ({ page }) => {
    test.skip(!plainPost, "no post has a Conclusion heading and no lead-form texts of its own");
    const post = plainPost!;
    const { category } = post;
    const form = leadFormFor(category);
    await page.goto(`/blog/${post.slug}`);
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.getByRole("link")).toHaveText(["Home", "Blog"]);
    await expect(crumbs).toContainText(breadcrumbTitle(post.title));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(post.title);
    await expect(page.getByRole("link", { name: "← Back to Overview" })).toHaveAttribute("href", "/blog");
    await expect(page.getByText(dutchLongDate(post.date))).toBeVisible();
    await expect(page.locator("article time")).toHaveAttribute("datetime", post.date);
    await expect(page.locator("article header").getByText(post.author, { exact: true })).toBeVisible();

    // No texts of its own: the site's default form, named after the post's category.
    expect(form.title).toContain(category === "Other" ? "Training Plan" : `${category} Training Plan`);
    const formHeading = page.getByRole("heading", { name: form.title });
    const conclusion = page.getByRole("heading", { name: post.headings.find(isConclusionHeading), exact: true });
    await expect(formHeading).toBeVisible();
    await expect(page.getByRole("button", { name: form.ctaText })).toBeVisible();
    const order = await formHeading.evaluate(
      (a, b) => !!b && (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0,
      await conclusion.elementHandle(),
    );
    expect(order, "lead form comes before the Conclusion heading").toBe(true);
    await expectAccessible(page);
  });

  test("uses the post's own lead form texts and SEO data", async ({ page }) => {
    test.skip(!ownPost, "no post has lead-form texts and a search title of its own");
    const post = ownPost!;
    await page.goto(`/blog/${post.slug}`);
    await expect(page).toHaveTitle(new RegExp(`^${post.metaTitle!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      "content",
      post.metaDescription ?? post.excerpt,
    );
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/blog/${post.slug}$`));
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute("content", post.keywords.join(", "));
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const types = jsonLd.map((t) => (JSON.parse(t) as { "@type": string })["@type"]);
    expect(types).toEqual(expect.arrayContaining(["BlogPosting", "BreadcrumbList"]));
    const article = jsonLd
      .map((t) => JSON.parse(t) as Record<string, unknown>)
      .find((d) => d["@type"] === "BlogPosting");
    expect(article).toMatchObject({ headline: post.title });
    // The post's day, as a moment in Amsterdam (where the coach publishes) with its offset.
    expect(article?.datePublished).toMatch(new RegExp(`^${post.date}T00:00:00\\+0[12]:00$`));
    await expect(page.getByRole("heading", { name: post.leadFormContent!.title })).toBeVisible();
    await expect(page.getByRole("button", { name: post.leadFormContent!.ctaText })).toBeVisible();
  });

  test("an unknown slug goes to the overview", async ({ page }) => {
    const response = await page.goto("/blog/no-such-post");
    await expect(page).toHaveURL(/\/blog$/);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("parallax and title fade run only without a reduced-motion preference", async ({ page }) => {
    await page.goto(CADENCE);
    const animation = () => page.locator(".blog-hero-image").evaluate((el) => getComputedStyle(el).animationName);
    expect(await animation()).toBe("blog-parallax");
    await page.emulateMedia({ reducedMotion: "reduce" });
    expect(await animation()).toBe("none");
    expect(await page.locator(".blog-progress-title").evaluate((el) => getComputedStyle(el).display)).toBe("none");
  });
});

// The feed and sitemap.xml (requests only) are checked in tests/integration/foundation.test.ts.
test.describe("the sitemap page", () => {
  test("the /sitemap page groups posts by Training, Running, Triathlon, Fitness", async ({ page }) => {
    await page.goto("/sitemap");
    const blog = page.getByRole("region", { name: "Blog articles" });
    const groups = await blog.getByRole("heading", { level: 3 }).allTextContents();
    expect(groups.slice(0, 4)).toEqual(["Training", "Running", "Triathlon", "Fitness"]);
    for (const post of posts)
      await expect(blog.getByRole("link", { name: post.title })).toHaveAttribute("href", `/blog/${post.slug}`);
    await expect(page.getByRole("region", { name: "Coaching services" }).getByRole("link")).toHaveCount(6);
  });
});
