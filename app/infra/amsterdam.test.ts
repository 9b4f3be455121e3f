import { describe, expect, it } from "vitest";
import { amsterdamDateTime, amsterdamMonthStart, amsterdamOffset } from "./amsterdam";

describe("Amsterdam time", () => {
  it("knows winter and summer time", () => {
    expect(amsterdamOffset(new Date("2026-01-15T12:00:00Z"))).toBe("+01:00");
    expect(amsterdamOffset(new Date("2026-07-15T12:00:00Z"))).toBe("+02:00");
  });

  it("writes the local time with its offset", () => {
    expect(amsterdamDateTime(new Date("2026-11-24T18:52:00Z"))).toBe("2026-11-24 19:52 +01:00");
    expect(amsterdamDateTime(new Date("2026-06-30T22:30:00Z"))).toBe("2026-07-01 00:30 +02:00");
  });

  it("starts a month at local midnight, across year ends and clock changes", () => {
    // Late on 31 October UTC is already November in Amsterdam.
    expect(amsterdamMonthStart(new Date("2026-10-31T23:30:00Z")).toISOString()).toBe("2026-10-31T23:00:00.000Z");
    expect(amsterdamMonthStart(new Date("2026-11-24T12:00:00Z"), 1).toISOString()).toBe("2026-09-30T22:00:00.000Z");
    expect(amsterdamMonthStart(new Date("2026-01-10T12:00:00Z"), 1).toISOString()).toBe("2025-11-30T23:00:00.000Z");
    expect(amsterdamMonthStart(new Date("2026-04-10T12:00:00Z")).toISOString()).toBe("2026-03-31T22:00:00.000Z");
  });
});
