import { describe, expect, it } from "vitest";
import { formatValue, thresholdBands } from "./labels";

describe("formatValue", () => {
  it("gives LCP in seconds, INP in milliseconds and CLS as a score", () => {
    expect(formatValue("LCP", 2345)).toBe("2.35 s");
    expect(formatValue("INP", 180.4)).toBe("180 ms");
    expect(formatValue("CLS", 0.1234)).toBe("0.12");
  });
});

describe("thresholdBands", () => {
  it("writes the three bands from the boundaries", () => {
    expect(thresholdBands("LCP")).toEqual({
      good: "≤ 2.50 s",
      "needs-improvement": "2.50 s – 4.00 s",
      poor: "> 4.00 s",
    });
    expect(thresholdBands("INP").poor).toBe("> 500 ms");
    expect(thresholdBands("CLS").good).toBe("≤ 0.10");
  });
});
