import { describe, expect, it } from "vitest";
import { reportBody } from "./start-vitals";
import { MAX_REPORT_BYTES } from "./report-rules";

describe("reportBody", () => {
  it("sends the path, the device class and the measurements as one JSON object", () => {
    expect(
      JSON.parse(reportBody("/pricing", "phone", [{ name: "LCP", value: 900, target: "main > img" }]) ?? ""),
    ).toEqual({ path: "/pricing", device: "phone", metrics: [{ name: "LCP", value: 900, target: "main > img" }] });
  });

  it("drops the element selectors first, and sends nothing rather than more than 1 KB", () => {
    const target = "x".repeat(300);
    const metrics = [
      { name: "LCP" as const, value: 1, target },
      { name: "INP" as const, value: 2, target },
      { name: "CLS" as const, value: 0, target },
    ];
    const body = reportBody("/", "desktop", metrics) ?? "";
    expect(body.length).toBeLessThanOrEqual(MAX_REPORT_BYTES);
    expect(body).not.toContain(target);
    expect(reportBody(`/${"p".repeat(1100)}`, "desktop", metrics)).toBeNull();
  });
});
