import { describe, expect, it } from "vitest";
import { listChange, moveTarget } from "./site-content-admin.server";
import type { TestimonialItem } from "./site-content-schemas";

const item = (id: number, name: string, extra: Partial<TestimonialItem> = {}): TestimonialItem => ({
  id,
  name,
  rating: 5,
  programme: "Get Fit",
  date: "2025-01-01",
  text: `Words of ${name}`,
  hidden: false,
  ...extra,
});
const [a, b, c] = [item(1, "Ana B."), item(2, "Bo C."), item(3, "Cas D.")];

describe("what a version of a list changed, as the version history names it", () => {
  it("names the first version as imported and an unchanged one as no change", () => {
    expect(listChange("testimonials", undefined, [a, b])).toBe("The list as first imported");
    expect(listChange("testimonials", [a, b], [a, b])).toBe("No change");
  });

  it("names an addition, an edit, a hide, a show and a removal by the item's name", () => {
    expect(listChange("testimonials", [a, b], [a, b, c])).toBe("Added Cas D.");
    expect(listChange("testimonials", [a, b], [a, { ...b, text: "New words" }])).toBe("Edited Bo C.");
    expect(listChange("testimonials", [a, b], [a, { ...b, hidden: true }])).toBe("Hid Bo C.");
    expect(listChange("testimonials", [a, { ...b, hidden: true }], [a, b])).toBe("Showed Bo C.");
    expect(listChange("testimonials", [a, b, c], [a, c])).toBe("Removed Bo C.");
  });

  it("names the item that moved up and its new place", () => {
    expect(listChange("testimonials", [a, b, c], [a, c, b])).toBe("Moved Cas D. to place 2");
    expect(listChange("testimonials", [a, b, c], [b, a, c])).toBe("Moved Bo C. to place 1");
    // An addition does not read as a move of the items after it.
    expect(listChange("testimonials", [a, b], [c, a, b])).toBe("Added Cas D.");
  });

  it("names a question by its words", () => {
    const q = { id: 1, question: "Can I start as a beginner?", answer: "Yes.", hidden: false };
    expect(listChange("faq", [q], [{ ...q, hidden: true }])).toBe('Hid "Can I start as a beginner?"');
  });
});

describe("where a move takes an item", () => {
  it("goes one place up or down, or to the top or bottom in one go", () => {
    expect(moveTarget(11, 12, "up")).toBe(10);
    expect(moveTarget(3, 12, "down")).toBe(4);
    expect(moveTarget(11, 12, "top")).toBe(0);
    expect(moveTarget(0, 12, "bottom")).toBe(11);
  });
});
