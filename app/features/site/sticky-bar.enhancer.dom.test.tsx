import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { servicePages } from "#content/service-pages";
import { enhance } from "./sticky-bar.enhancer";
import { StickyCtaBar } from "./sticky-bar";

/**
 * A service page's call-to-action bar (sticky-bar.tsx, rendered as service.tsx renders it) run by its
 * enhancer in a DOM with a fake clock. The page's height, the scroll position and whether the start
 * form is on screen are given here, as the browser's layout would report them.
 */

const browser = (window as unknown as { happyDOM: { setViewport(viewport: { width: number; height: number }): void } })
  .happyDOM;

const PAGE_HEIGHT = 6_000;

let resizeObservers: ResizeObserverCallback[] = [];
class FakeResizeObserver {
  constructor(private readonly callback: ResizeObserverCallback) {}
  observe() {
    resizeObservers.push(this.callback);
  }
  unobserve() {}
  disconnect() {
    resizeObservers = resizeObservers.filter((callback) => callback !== this.callback);
  }
}
/** The start form's IntersectionObserver: the test says when the form comes into view. */
let formObserver: ((inView: boolean) => void) | null = null;
class FakeIntersectionObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    formObserver = (inView) =>
      this.callback(
        [{ target, isIntersecting: inView } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      );
  }
  unobserve() {}
  disconnect() {}
}

/** Opens a service page: the bar as the server sends it beside the start form, laid out, enhanced. */
function openServicePage(slug: "triathlon-coaching" | "running-coaching") {
  const { stickyBar } = servicePages[slug];
  window.scrollTo(0, 0);
  resizeObservers = [];
  document.body.innerHTML = `<main><section id="contact-section"></section></main>${renderToStaticMarkup(
    <StickyCtaBar message={stickyBar.message} cta={stickyBar.cta} storageKey={stickyBar.storageKey} />,
  )}`;
  const bar = document.querySelector<HTMLElement>('aside[aria-label="Get started"]')!;
  const sentHidden = bar.hidden;
  enhance(bar);
  Object.defineProperty(document.documentElement, "scrollHeight", { configurable: true, value: PAGE_HEIGHT });
  for (const callback of resizeObservers) callback([], {} as ResizeObserver);
  formObserver?.(false);
  vi.advanceTimersByTime(20);
  return { bar, sentHidden, stickyBar };
}

/** The visitor scrolls to `percent` of what the page can scroll; the bar follows in the next frame. */
function scrollToPercent(percent: number) {
  window.scrollTo(0, ((PAGE_HEIGHT - innerHeight) * percent) / 100);
  window.dispatchEvent(new Event("scroll"));
  vi.advanceTimersByTime(20);
}
function startFormInView(inView: boolean) {
  formObserver?.(inView);
  vi.advanceTimersByTime(20);
}

beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.clear();
  formObserver = null;
  vi.stubGlobal("ResizeObserver", FakeResizeObserver);
  vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
  window.scrollTo(0, 0);
  browser.setViewport({ width: 1024, height: 768 });
});

describe("the sticky action bar", () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 375, height: 740 },
  ])
    it(`appears from 50 % scroll, hides at the start form and stays dismissed for the session (${viewport.width} px)`, () => {
      browser.setViewport(viewport);
      const { bar, sentHidden, stickyBar } = openServicePage("triathlon-coaching");
      expect(sentHidden).toBe(true);
      expect(bar.hidden).toBe(true);

      scrollToPercent(45);
      expect(bar.hidden).toBe(true);
      scrollToPercent(49.5);
      expect(bar.hidden).toBe(true);
      scrollToPercent(50.5);
      expect(bar.hidden).toBe(false);
      expect(bar.querySelector("p")?.textContent).toBe(stickyBar.message);
      const link = bar.querySelector("a")!;
      expect(link.textContent).toBe(stickyBar.cta);
      expect(link.getAttribute("href")).toBe("#contact-section");

      // The start form on screen: the bar steps aside, and comes back once the form is passed.
      startFormInView(true);
      expect(bar.hidden).toBe(true);
      scrollToPercent(90);
      expect(bar.hidden).toBe(true);
      startFormInView(false);
      expect(bar.hidden).toBe(false);

      bar.querySelector<HTMLButtonElement>("button[data-dismiss]")!.click();
      expect(bar.hidden).toBe(true);
      expect(sessionStorage.getItem(stickyBar.storageKey)).toBe("dismissed");
      scrollToPercent(95);
      expect(bar.hidden).toBe(true);

      // The same page again in this session (a reload): it stays away.
      const again = openServicePage("triathlon-coaching");
      expect(again.sentHidden).toBe(true);
      scrollToPercent(70);
      expect(again.bar.hidden).toBe(true);

      // Another service page has its own key.
      const other = openServicePage("running-coaching");
      expect(other.stickyBar.storageKey).not.toBe(stickyBar.storageKey);
      scrollToPercent(50.5);
      expect(other.bar.hidden).toBe(false);
    });
});
