import { describe, expect, it } from "vitest";
import { ratingOf } from "./metrics";

describe("ratingOf", () => {
  it("puts a value on a boundary on the better side", () => {
    expect(ratingOf("LCP", 2500)).toBe("good");
    expect(ratingOf("LCP", 2501)).toBe("needs-improvement");
    expect(ratingOf("LCP", 4000)).toBe("needs-improvement");
    expect(ratingOf("LCP", 4001)).toBe("poor");
    expect(ratingOf("INP", 200)).toBe("good");
    expect(ratingOf("INP", 500)).toBe("needs-improvement");
    expect(ratingOf("INP", 501)).toBe("poor");
    expect(ratingOf("CLS", 0.1)).toBe("good");
    expect(ratingOf("CLS", 0.25)).toBe("needs-improvement");
    expect(ratingOf("CLS", 0.26)).toBe("poor");
  });
});
