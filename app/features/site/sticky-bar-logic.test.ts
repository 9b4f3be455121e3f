import { describe, expect, it } from "vitest";
import { scrollPercent, stickyBarVisible } from "./sticky-bar-logic";

describe("sticky action bar", () => {
  it("measures scroll progress in percent of the scrollable height", () => {
    expect(scrollPercent(0, 800, 4800)).toBe(0);
    expect(scrollPercent(2000, 800, 4800)).toBe(50);
    expect(scrollPercent(4000, 800, 4800)).toBe(100);
    expect(scrollPercent(0, 800, 600)).toBe(100);
  });

  it("appears from 50 percent", () => {
    expect(stickyBarVisible({ percent: 49.9, formVisible: false, dismissed: false })).toBe(false);
    expect(stickyBarVisible({ percent: 50, formVisible: false, dismissed: false })).toBe(true);
  });

  it("hides while the start form is visible and after dismissal", () => {
    expect(stickyBarVisible({ percent: 80, formVisible: true, dismissed: false })).toBe(false);
    expect(stickyBarVisible({ percent: 80, formVisible: false, dismissed: true })).toBe(false);
  });
});
