import { describe, expect, it } from "vitest";
import { stickyBarVisible } from "./sticky-bar-logic";

describe("sticky action bar", () => {
  it("appears from 50 percent", () => {
    expect(stickyBarVisible({ percent: 49.9, formVisible: false, dismissed: false })).toBe(false);
    expect(stickyBarVisible({ percent: 50, formVisible: false, dismissed: false })).toBe(true);
  });

  it("hides while the start form is visible and after dismissal", () => {
    expect(stickyBarVisible({ percent: 80, formVisible: true, dismissed: false })).toBe(false);
    expect(stickyBarVisible({ percent: 80, formVisible: false, dismissed: true })).toBe(false);
  });
});
