import { describe, expect, it } from "vitest";
import { pageAfterResize, pageCount, perViewFor, swipeDirection, wrapPage } from "./carousel-logic";

describe("testimonials carousel", () => {
  it("shows 3 items from 768 px and 1 below", () => {
    expect(perViewFor(1280)).toBe(3);
    expect(perViewFor(768)).toBe(3);
    expect(perViewFor(767)).toBe(1);
    expect(perViewFor(375)).toBe(1);
  });

  it("has 4 pages of 3 or 12 pages of 1 for 12 testimonials", () => {
    expect(pageCount(12, 3)).toBe(4);
    expect(pageCount(12, 1)).toBe(12);
    expect(pageCount(0, 3)).toBe(1);
  });

  it("wraps around in both directions", () => {
    expect(wrapPage(4, 4)).toBe(0);
    expect(wrapPage(-1, 4)).toBe(3);
    expect(wrapPage(2, 4)).toBe(2);
  });

  it("keeps the first visible testimonial when the breakpoint changes", () => {
    expect(pageAfterResize(2, 3, 1, 12)).toBe(6);
    expect(pageAfterResize(7, 1, 3, 12)).toBe(2);
    expect(pageAfterResize(11, 1, 3, 12)).toBe(3);
  });

  it("needs a drag score above 10000 to swipe", () => {
    expect(swipeDirection(-100, 200)).toBe(1); // 100 px at 500 px/s = 50000
    expect(swipeDirection(120, 150)).toBe(-1);
    expect(swipeDirection(-100, 1000)).toBe(0); // 100 px at 100 px/s = 10000, not above
    expect(swipeDirection(-5, 10)).toBe(0); // 5 px at 500 px/s = 2500
  });
});
