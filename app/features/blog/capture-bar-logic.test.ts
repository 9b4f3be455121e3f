import { describe, expect, it } from "vitest";
import { captureBarKey, scrollPercent, SUBSCRIBED_KEY } from "./capture-bar-logic";

describe("e-mail capture bar", () => {
  it("keeps its dismissal per post under the blog-subscribe prefix", () => {
    expect(captureBarKey("optimize-running-cadence")).toBe("blog-subscribe-optimize-running-cadence");
    expect(SUBSCRIBED_KEY.startsWith("blog-subscribe")).toBe(true);
  });
  it("measures the scroll percentage", () => {
    expect(scrollPercent(0, 3000, 1000)).toBe(0);
    expect(scrollPercent(1000, 3000, 1000)).toBe(50);
    expect(scrollPercent(5000, 3000, 1000)).toBe(100);
    expect(scrollPercent(0, 800, 1000)).toBe(100);
  });
});
