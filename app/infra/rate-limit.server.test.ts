import { describe, expect, it } from "vitest";
import { memoryRateLimiter } from "./rate-limit.server";

describe("memoryRateLimiter", () => {
  const at = (seconds: number) => new Date(Date.UTC(2026, 2, 1, 12, 0, 0) + seconds * 1000);

  it("counts per key in fixed windows, like the database's count", () => {
    const hit = memoryRateLimiter();
    expect([1, 2, 3].map(() => hit("post:1.2.3.4", 2, 60, at(10)).allowed)).toEqual([true, true, false]);
    expect(hit("post:1.2.3.4", 2, 60, at(15))).toEqual({ allowed: false, remaining: 0, retryAfter: 45 });
    expect(hit("post:5.6.7.8", 2, 60, at(15)).allowed).toBe(true);
    // The next window starts again.
    expect(hit("post:1.2.3.4", 2, 60, at(61))).toEqual({ allowed: true, remaining: 1, retryAfter: 59 });
  });

  it("keeps its memory bounded, dropping ended windows first", () => {
    const hit = memoryRateLimiter(3);
    for (const address of ["a", "b", "c"]) hit(address, 5, 60, at(0));
    hit("d", 5, 60, at(61));
    // a, b and c were in the window that ended; d's count is kept.
    expect(hit("d", 5, 60, at(62)).remaining).toBe(3);
    for (const address of ["e", "f", "g"]) hit(address, 1, 60, at(62));
    expect(hit("g", 1, 60, at(63)).allowed).toBe(false);
  });
});
