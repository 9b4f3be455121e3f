import { describe, expect, it } from "vitest";
import { site } from "#content/site";
import { fullTitle, MAX_TITLE_LENGTH } from "./seo";
import { routeEntries } from "./route-meta";

describe("fullTitle", () => {
  it("adds the business name when the result fits", () => {
    expect(fullTitle("Pricing")).toBe(`Pricing | ${site.name}`);
  });

  it("does not add the business name twice", () => {
    expect(fullTitle(`About ${site.name}`)).toBe(`About ${site.name}`);
  });

  it("drops the business name when the page title alone fills the room", () => {
    const title = "x".repeat(MAX_TITLE_LENGTH - 5);
    expect(fullTitle(title)).toBe(title);
  });

  it("cuts an overlong title at a word, with an ellipsis", () => {
    const title = "A very long title about training for a first triathlon, written for busy parents";
    const result = fullTitle(title);
    expect(result.length).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
    expect(result.endsWith("…")).toBe(true);
    expect(title.startsWith(result.slice(0, -1))).toBe(true);
    expect(title.charAt(result.length - 1)).toBe(" ");
  });
});

describe("every page's title", () => {
  it(`is at most ${MAX_TITLE_LENGTH} characters for every route`, () => {
    for (const entry of routeEntries) {
      expect(fullTitle(entry.title).length, entry.path).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
    }
  });
});
