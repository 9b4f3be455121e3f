import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testimonials } from "#content/testimonials";
import { enhance } from "./carousel.enhancer";
import { pageAfterResize, pageCount, perViewFor } from "./carousel-logic";
import { AUTOPLAY_MS, TestimonialsCarousel } from "./testimonials-carousel";

/**
 * The testimonials carousel's buttons, dots, arrow keys and slideshow (carousel.enhancer.ts) on the
 * server's markup, in a DOM with a window of a chosen width and a fake clock. What needs a real
 * layout stays a browser test (tests/e2e/pages-components.spec.ts): the row's own scrolling and
 * snapping, a swipe moving the dots, a move cut short, a tap held before the enhancer runs.
 */

/** The DOM's own controls: the window's size (media queries follow it) and the reduced-motion preference. */
const browser = (
  window as unknown as {
    happyDOM: {
      setViewport(viewport: { width: number; height: number }): void;
      settings: { device: { prefersReducedMotion: "reduce" | "no-preference" } };
    };
  }
).happyDOM;

// Counted from the seed, as the site starts with it: a changed list changes the expectations, not the rules.
const total = testimonials.length;
const desktopPages = pageCount(total, perViewFor(1280));
/** The label of the nth slide (1-based). */
const slide = (n: number) => `${n} of ${total}`;
/** The first slide shown on desktop page p (1-based); a last page may hold fewer than three. */
const firstOnPage = (p: number) => slide((p - 1) * 3 + 1);
const onLastPage = total - (desktopPages - 1) * 3;

function renderCarousel(width: number) {
  browser.setViewport({ width, height: 800 });
  document.body.innerHTML = renderToStaticMarkup(<TestimonialsCarousel items={testimonials} />);
  const root = document.querySelector<HTMLElement>('[aria-roledescription="carousel"]')!;
  enhance(root);
  return root;
}

/** The text a visitor reads (and a screen reader announces): hidden parts left out. */
const textOf = (node: Node): string =>
  node.nodeType === Node.TEXT_NODE
    ? (node.textContent ?? "")
    : node instanceof HTMLElement && node.hidden
      ? ""
      : [...node.childNodes].map(textOf).join("");
const nameOf = (el: Element) => (el.getAttribute("aria-label") ?? textOf(el)).trim();
const button = (root: HTMLElement, name: string) => {
  const found = [...root.querySelectorAll<HTMLButtonElement>("button")].find((b) => nameOf(b) === name);
  if (!found) throw new Error(`no button "${name}"`);
  return found;
};
/** The page dots a visitor has at this width (from 768 px the stylesheet hides those past the last page). */
const dots = (root: HTMLElement, width: number) =>
  [...root.querySelectorAll<HTMLButtonElement>("[data-carousel-dot]")].filter(
    (dot) => perViewFor(width) === 1 || !dot.className.split(/\s+/).includes("md:hidden"),
  );
const dot = (root: HTMLElement, p: number, pages: number) => button(root, `Page ${p} of ${pages}`);
const visibleSlides = (root: HTMLElement) =>
  [...root.querySelectorAll('[aria-roledescription="slide"][aria-hidden="false"]')].map((s) =>
    s.getAttribute("aria-label"),
  );
const press = (key: "ArrowRight" | "ArrowLeft") =>
  document.activeElement?.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));

beforeEach(() => vi.useFakeTimers());

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = "";
  browser.settings.device.prefersReducedMotion = "no-preference";
  browser.setViewport({ width: 1024, height: 768 });
});

describe("the testimonials carousel", () => {
  it("a swipe that comes to rest at the start, before any button was used, still shows the first card", () => {
    const root = renderCarousel(375);
    const viewport = root.querySelector<HTMLElement>("[data-carousel-viewport]")!;
    // The row settles at its start (scrollLeft 0) with no button's move to arrive at.
    viewport.dispatchEvent(new Event("scrollend"));
    expect(visibleSlides(root)).toEqual([slide(1)]);
    expect(dot(root, 1, total).getAttribute("aria-current")).toBe("true");
  });

  it("shows 3 per view on desktop, wraps both ways and has a dot per page", () => {
    expect(desktopPages, "the seed fills at least three desktop pages").toBeGreaterThanOrEqual(3);
    const root = renderCarousel(1280);
    // Its enhancer is fetched when the row comes near the screen (the boot script; checked in a browser).
    expect(root.getAttribute("data-enhance")).toBe("carousel");
    expect(root.hasAttribute("data-enhance-near")).toBe(true);
    expect(visibleSlides(root)).toHaveLength(3);
    expect(visibleSlides(root)[0]).toBe(firstOnPage(1));
    expect(dots(root, 1280).map(nameOf)).toEqual(
      Array.from({ length: desktopPages }, (_, i) => `Page ${i + 1} of ${desktopPages}`),
    );

    button(root, "Next testimonials").click();
    expect(visibleSlides(root)[0]).toBe(firstOnPage(2));
    expect(dot(root, 2, desktopPages).getAttribute("aria-current")).toBe("true");

    button(root, "Previous testimonials").click();
    button(root, "Previous testimonials").click();
    expect(visibleSlides(root)[0]).toBe(firstOnPage(desktopPages));
    expect(visibleSlides(root)).toHaveLength(onLastPage);

    button(root, "Next testimonials").click();
    expect(visibleSlides(root)[0]).toBe(slide(1));

    dot(root, desktopPages - 1, desktopPages).click();
    expect(visibleSlides(root)[0]).toBe(firstOnPage(desktopPages - 1));

    // Arrow keys while focus is inside the carousel (on the dot just used).
    dot(root, desktopPages - 1, desktopPages).focus();
    press("ArrowRight");
    expect(visibleSlides(root)[0]).toBe(firstOnPage(desktopPages));
    press("ArrowRight");
    expect(visibleSlides(root)[0]).toBe(slide(1));
    press("ArrowLeft");
    expect(visibleSlides(root)[0]).toBe(firstOnPage(desktopPages));
  });

  it("shows 1 per view under 768 px and follows the breakpoint", () => {
    // No slideshow and no smooth scrolling, as in the browser test this comes from.
    browser.settings.device.prefersReducedMotion = "reduce";
    const root = renderCarousel(375);
    expect(visibleSlides(root)).toHaveLength(1);
    expect(total, "the seed has at least five testimonials").toBeGreaterThanOrEqual(5);
    expect(dots(root, 375).map(nameOf)).toEqual(Array.from({ length: total }, (_, i) => `Page ${i + 1} of ${total}`));

    button(root, "Previous testimonials").click();
    expect(visibleSlides(root)).toEqual([slide(total)]);
    button(root, "Next testimonials").click();
    expect(visibleSlides(root)).toEqual([slide(1)]);

    dot(root, 5, total).click();
    expect(visibleSlides(root)).toEqual([slide(5)]);
    browser.setViewport({ width: 1280, height: 800 });
    expect(dots(root, 1280).map(nameOf)).toEqual(
      Array.from({ length: desktopPages }, (_, i) => `Page ${i + 1} of ${desktopPages}`),
    );
    expect(visibleSlides(root)).toHaveLength(3);
    // The slide that was first stays in view: the desktop page that holds it.
    expect(visibleSlides(root)[0]).toBe(firstOnPage(pageAfterResize(4, 1, 3, total) + 1));
  });

  it("advances on its own and the pause control stops it", () => {
    const root = renderCarousel(1280);
    expect(visibleSlides(root)[0]).toBe(slide(1));
    vi.advanceTimersByTime(AUTOPLAY_MS);
    expect(visibleSlides(root)[0]).toBe(firstOnPage(2));

    button(root, "Pause slideshow").click();
    vi.advanceTimersByTime(3 * AUTOPLAY_MS);
    expect(visibleSlides(root)[0]).toBe(firstOnPage(2));
    button(root, "Play slideshow").click();
    expect(nameOf(root.querySelector("[data-carousel-pause]")!)).toBe("Pause slideshow");
    vi.advanceTimersByTime(AUTOPLAY_MS);
    expect(visibleSlides(root)[0]).toBe(firstOnPage(3));
  });

  it("holds the slideshow while focus or a mouse is on it, and under reduced motion", () => {
    const root = renderCarousel(1280);
    root.dispatchEvent(new PointerEvent("pointerenter", { pointerType: "mouse" }));
    vi.advanceTimersByTime(2 * AUTOPLAY_MS);
    expect(visibleSlides(root)[0]).toBe(slide(1));
    root.dispatchEvent(new PointerEvent("pointerleave", { pointerType: "mouse" }));
    root.querySelector<HTMLElement>("[data-carousel-viewport]")!.focus();
    vi.advanceTimersByTime(2 * AUTOPLAY_MS);
    expect(visibleSlides(root)[0]).toBe(slide(1));
    // While it holds, the row announces its changes; while it plays, it does not.
    expect(root.querySelector("[data-carousel-viewport]")?.getAttribute("aria-live")).toBe("polite");

    document.body.innerHTML = "";
    browser.settings.device.prefersReducedMotion = "reduce";
    const still = renderCarousel(1280);
    vi.advanceTimersByTime(2 * AUTOPLAY_MS);
    expect(visibleSlides(still)[0]).toBe(slide(1));
  });
});
