import { describe, expect, it } from "vitest";
import { scrollPercent } from "./page-height";

describe("scroll percent", () => {
  it("is the share of the scrollable height above the window's top", () => {
    expect(scrollPercent(0, 4800, 800)).toBe(0);
    expect(scrollPercent(2000, 4800, 800)).toBe(50);
    expect(scrollPercent(4000, 4800, 800)).toBe(100);
    // A post's capture bar: 3,000 px of page in a 1,000 px window.
    expect(scrollPercent(0, 3000, 1000)).toBe(0);
    expect(scrollPercent(1000, 3000, 1000)).toBe(50);
    expect(scrollPercent(5000, 3000, 1000)).toBe(100);
  });

  it("stays within 0 and 100 when the page bounces past either end", () => {
    expect(scrollPercent(-40, 4800, 800)).toBe(0);
    expect(scrollPercent(4300, 4800, 800)).toBe(100);
  });

  it("counts a page shorter than the window as read to the end", () => {
    expect(scrollPercent(0, 600, 800)).toBe(100);
    expect(scrollPercent(0, 800, 800)).toBe(100);
    expect(scrollPercent(0, 800, 1000)).toBe(100);
  });
});
