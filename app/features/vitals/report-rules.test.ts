import { describe, expect, it } from "vitest";
import { deviceClass, MAX_TARGET_LENGTH, roundValue, trimTarget } from "./report-rules";

describe("deviceClass", () => {
  it("classes by window width", () => {
    expect(deviceClass(375)).toBe("phone");
    expect(deviceClass(639)).toBe("phone");
    expect(deviceClass(640)).toBe("tablet");
    expect(deviceClass(1023)).toBe("tablet");
    expect(deviceClass(1024)).toBe("desktop");
  });

  it("takes the browser's mobile hint over a wide window (a phone held sideways)", () => {
    expect(deviceClass(900, true)).toBe("phone");
    expect(deviceClass(900, false)).toBe("tablet");
  });
});

describe("trimTarget", () => {
  it("keeps the last two steps of a selector, each as its tag with its id or first class", () => {
    expect(trimTarget("html > body > main > section.faq > details > summary")).toBe("details > summary");
    expect(trimTarget("div.max-w-3xl.mx-auto.text-center > p.leading-relaxed.mt-4.text-ink/80")).toBe(
      "div.max-w-3xl > p.leading-relaxed",
    );
    expect(trimTarget("#fitness-form")).toBe("#fitness-form");
    expect(trimTarget("form#fitness-form.grid > button.hover:bg-navy/5.px-3")).toBe("form#fitness-form > button");
  });

  it("caps the length and drops characters that are no selector text", () => {
    expect(trimTarget(`div.${"x".repeat(200)}`)?.length).toBe(MAX_TARGET_LENGTH);
    expect(trimTarget(`div.${"x".repeat(60)} > p.${"y".repeat(40)}`)).toBe(`p.${"y".repeat(40)}`);
    expect(trimTarget("a > img<script>")).toBe("a > img");
  });

  it("gives nothing for an empty selector", () => {
    expect(trimTarget(undefined)).toBeUndefined();
    expect(trimTarget(" > ")).toBeUndefined();
  });
});

describe("roundValue", () => {
  it("keeps milliseconds whole and CLS to four decimals", () => {
    expect(roundValue("LCP", 1234.56)).toBe(1235);
    expect(roundValue("CLS", 0.123456)).toBe(0.1235);
  });
});
