import { describe, expect, it } from "vitest";
import {
  dimensionError,
  faqFileName,
  findSize,
  fitFontSize,
  photoError,
  testimonialFileName,
  EXPORT_SIZES,
  PNG_PIXEL_RATIO,
} from "./export-spec";

describe("image export rules", () => {
  it("names FAQ files by item number", () => {
    expect(faqFileName(2, "png")).toBe("faq-03.png");
    expect(faqFileName(10, "svg")).toBe("faq-11.svg");
  });
  it("names testimonial files after the client", () => {
    expect(testimonialFileName("Zoë  de Vries!", "png")).toBe("testimonial-zoe-de-vries.png");
    expect(testimonialFileName("", "svg")).toBe("testimonial.svg");
  });
  it("accepts every preset at pixel ratio 2 and refuses anything over 16384 px", () => {
    for (const size of EXPORT_SIZES) expect(dimensionError(size.width, size.height, PNG_PIXEL_RATIO)).toBeNull();
    expect(dimensionError(8193, 100, 2)).toMatch(/16386 × 200 pixels; images can be at most 16384/);
    expect(dimensionError(8192, 8192, 2)).toBeNull();
  });
  it("falls back to the first size for an unknown id", () => {
    expect(findSize("nope").id).toBe("1080x1080");
    expect(findSize("1200x630").height).toBe(630);
  });
  it("takes images up to 5 MB only", () => {
    expect(photoError({ type: "image/jpeg", size: 1000 })).toBeNull();
    expect(photoError({ type: "application/pdf", size: 1000 })).toMatch(/image file/);
    expect(photoError({ type: "image/png", size: 6 * 1024 * 1024 })).toMatch(/6\.0 MB/);
  });
  it("shrinks long text and caps short text", () => {
    expect(fitFontSize("short", 900, 500, 64)).toBe(64);
    expect(fitFontSize("x".repeat(2000), 900, 300, 64)).toBe(18);
    const mid = fitFontSize("x".repeat(400), 900, 500, 64);
    expect(mid).toBeGreaterThan(18);
    expect(mid).toBeLessThan(64);
  });
});
