import { describe, expect, it } from "vitest";
import { longDate, monthYear } from "./dates";

describe("content dates", () => {
  it("shows month and year of a testimonial", () => {
    expect(monthYear("2024-06-14")).toBe("June 2024");
    expect(monthYear("2025-12-01")).toBe("December 2025");
  });

  it("shows the privacy notice's date without a leading zero", () => {
    expect(longDate("2026-11-03")).toBe("3 November 2026");
    expect(longDate("2026-01-23")).toBe("23 January 2026");
  });
});
