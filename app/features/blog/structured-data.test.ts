import { describe, expect, it } from "vitest";
import { amsterdamStartOfDay } from "./structured-data";

describe("a post's day as a moment", () => {
  it("is the start of that day in Amsterdam, with winter and summer offsets", () => {
    expect(amsterdamStartOfDay("2025-01-15")).toBe("2025-01-15T00:00:00+01:00");
    expect(amsterdamStartOfDay("2025-07-15")).toBe("2025-07-15T00:00:00+02:00");
    // The first summer-time day: the clocks change at 02:00, after the day has begun in winter time.
    expect(Date.parse(amsterdamStartOfDay("2025-03-30"))).toBe(Date.parse("2025-03-29T23:00:00Z"));
  });
});
