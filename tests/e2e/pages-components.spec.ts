import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { testimonials } from "#content/testimonials";
import { pageCount, perViewFor } from "~/features/site/carousel-logic";
import { withCookieChoice } from "./pages-helpers";
import { bringIslandsNear } from "./island-helpers";

test.beforeEach(async ({ page }) => withCookieChoice(page));

test.describe("FAQ block", () => {
  // Each question is a <summary> (no ARIA role of its own in Playwright): located by element and text.
  const questionsIn = (page: Page) => page.locator("#faq summary").filter({ hasNotText: /Show (more|less)/ });
  const moreIn = (page: Page) => page.locator("#faq summary").filter({ hasText: /Show (more|less)/ });

  async function exercise(page: Page) {
    const questions = questionsIn(page).filter({ visible: true });
    await expect(questions).toHaveCount(3);
    const first = questions.nth(0);
    const second = questions.nth(1);
    const firstAnswer = first.locator("xpath=following-sibling::*[1]");
    await expect(firstAnswer).toBeHidden();
    await first.click();
    await expect(page.locator("#faq details[open]")).toHaveCount(1);
    await expect(firstAnswer).toBeVisible();

    // One answer open at a time.
    await second.click();
    await expect(second.locator("xpath=following-sibling::*[1]")).toBeVisible();
    await expect(firstAnswer).toBeHidden();
    await expect(page.locator("#faq details[open]")).toHaveCount(1);
    await second.click();
    await expect(page.locator("#faq details[open]")).toHaveCount(0);

    const more = moreIn(page);
    await expect(more).toHaveText("Show more", { useInnerText: true });
    await more.click();
    await expect(more).toHaveText("Show less", { useInnerText: true });
    await expect(questions).toHaveCount(11);
    await questions.nth(10).click();
    await expect(questions.nth(10).locator("xpath=following-sibling::*[1]")).toBeVisible();
    await more.click();
    await expect(questions).toHaveCount(3);
    await expect(more).toHaveText("Show more", { useInnerText: true });
  }

  test("works the same without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto("/");
      // axe needs JavaScript; the same markup is scanned with it in pages-accessibility.spec.ts.
      await exercise(page);
    } finally {
      await context.close();
    }
  });

  test("works the same once the page's scripts run (the questionnaire island, the enhancers)", async ({ page }) => {
    await page.goto("/", { waitUntil: "load" });
    await page.mouse.wheel(0, 10);
    await bringIslandsNear(page);
    await expect(page.locator("[data-island-running]")).toHaveCount(1);
    await exercise(page);
  });

  test("is operable with the keyboard", async ({ page }) => {
    await page.goto("/services");
    const question = questionsIn(page).filter({ hasText: "How does online coaching actually work?" });
    const answer = question.locator("xpath=following-sibling::*[1]");
    await question.focus();
    await page.keyboard.press("Enter");
    await expect(answer).toBeVisible();
    await page.keyboard.press("Space");
    await expect(answer).toBeHidden();
  });
});

test.describe("testimonials carousel", () => {
  // Counted from the seed the test server starts with: a changed list changes the expectations, not the rules.
  const total = testimonials.length;
  const desktopPages = pageCount(total, perViewFor(1280));
  /** The label of the nth slide (1-based). */
  const slide = (n: number) => `${n} of ${total}`;
  /** The first slide shown on desktop page p (1-based); a last page may hold fewer than three. */
  const firstOnPage = (p: number) => slide((p - 1) * 3 + 1);
  const dot = (p: number, pages: number) => `Page ${p} of ${pages}`;
  const visibleSlides = (page: Page) =>
    page
      .getByRole("region", { name: "Client testimonials" })
      .locator('[aria-roledescription="slide"][aria-hidden="false"]');

  /** The carousel's enhancer is fetched when the row comes near the screen (data-enhance-near). */
  const enhancedCarousel = (page: Page) => page.locator('[data-enhance~="carousel"][data-enhanced]');

  test("a page chosen with a button is reached even if the row's move is cut short", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Client testimonials" });
    await carousel.scrollIntoViewIfNeeded();
    await expect(enhancedCarousel(page)).toHaveCount(1);
    const row = carousel.locator("[data-carousel-viewport]");
    // "Next", and once the row has begun to move, its move ends elsewhere (as when two quick taps'
    // moves overlap and the first one's end or the row's snapping comes last): here, back at the start.
    const target = await row.evaluate(async (viewport) => {
      const next = viewport.closest("section")?.querySelector<HTMLButtonElement>('[data-carousel-step="1"]');
      next?.click();
      await new Promise<void>((moving) => {
        const check = () => (viewport.scrollLeft > 0 ? moving() : requestAnimationFrame(check));
        check();
      });
      viewport.scrollTo({ left: 0, behavior: "instant" });
      const slides = [...viewport.children] as HTMLElement[];
      return (slides[3]?.offsetLeft ?? 0) - (slides[0]?.offsetLeft ?? 0);
    });
    expect(target).toBeGreaterThan(0);
    // The row carries on to the page "Next" chose, and the slides shown say so.
    await expect.poll(() => row.evaluate((viewport) => viewport.scrollLeft)).toBeCloseTo(target, -1);
    await expect(visibleSlides(page).first()).toHaveAttribute("aria-label", firstOnPage(2));
  });

  test("with scripts blocked the testimonials scroll sideways and every one can be read", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      for (const viewport of [
        { width: 375, height: 740 },
        { width: 1280, height: 800 },
      ]) {
        await page.setViewportSize(viewport);
        await page.goto("/");
        const carousel = page.getByRole("region", { name: "Client testimonials" });
        await carousel.scrollIntoViewIfNeeded();
        // Buttons that need the app are gone; no slide is hidden from assistive technology.
        await expect(carousel.getByRole("button", { name: "Next testimonials" })).toBeHidden();
        const last = carousel.getByRole("group", { name: slide(total) });
        await expect(last).not.toBeInViewport();
        await carousel.locator("[data-carousel-viewport]").hover();
        await page.mouse.wheel(20_000, 0);
        await expect(last).toBeInViewport();
      }
    } finally {
      await context.close();
    }
  });

  test("a Next tapped before the enhancer runs shows pressed at once and moves the row once it runs", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/enhance-carousel-/, async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Client testimonials" });
    await carousel.scrollIntoViewIfNeeded();
    const next = carousel.getByRole("button", { name: "Next testimonials" });
    await next.click();
    await expect(next).toHaveAttribute("data-tapped", "");
    await expect(enhancedCarousel(page)).toHaveCount(0);
    release();
    await expect(visibleSlides(page).first()).toHaveAttribute("aria-label", firstOnPage(2));
    await expect(carousel.getByRole("button", { name: dot(2, desktopPages) })).toHaveAttribute("aria-current", "true");
    await expect(next).not.toHaveAttribute("data-tapped", "");
  });

  test("a swipe on the phone moves the row by CSS scroll snap, and the dots and hidden slides follow @phone", async ({
    page,
  }) => {
    // No slideshow and no smooth scrolling: each step below rests where it went.
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    const carousel = page.getByRole("region", { name: "Client testimonials" });
    await carousel.scrollIntoViewIfNeeded();
    await expect(enhancedCarousel(page)).toHaveCount(1);
    // The row scrolls by itself (a swipe, CSS scroll snap); the dots and hidden slides follow it.
    const swipeTo = (slide: number) =>
      carousel
        .locator("[data-carousel-viewport]")
        .evaluate((el, i) => el.scrollTo({ left: i * el.clientWidth, behavior: "instant" }), slide);
    await swipeTo(1);
    await expect(visibleSlides(page)).toHaveAttribute("aria-label", slide(2));
    await expect(carousel.getByRole("button", { name: dot(2, total) })).toHaveAttribute("aria-current", "true");
    await swipeTo(0);
    await expect(visibleSlides(page)).toHaveAttribute("aria-label", slide(1));
  });
});

test.describe("sticky action bar", () => {
  test("the hero button scrolls smoothly to the start form", async ({ page }) => {
    await page.goto("/services/running-coaching");
    await page.getByRole("link", { name: "Start Training" }).first().click();
    await expect(page.locator("#contact-section")).toBeInViewport();
  });
});

test.describe("home hero", () => {});
