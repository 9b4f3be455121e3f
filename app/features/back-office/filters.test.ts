import { describe, expect, it } from "vitest";
import { filtersToQuery, parseLeadFilters, prefixPattern } from "./filters";

describe("lead filters", () => {
  it("keeps valid values and drops malformed ones", () => {
    const f = parseLeadFilters(
      new URLSearchParams("from=2026-01-01&to=nope&goal=competition&status=weird&q= anna &page=3"),
    );
    expect(f).toEqual({
      from: "2026-01-01",
      to: undefined,
      goal: "competition",
      status: undefined,
      q: "anna",
      page: 3,
    });
  });
  it("defaults to page 1", () => {
    expect(parseLeadFilters(new URLSearchParams("page=-2")).page).toBe(1);
    expect(parseLeadFilters(new URLSearchParams("")).page).toBe(1);
  });
  it("writes the query back without empty values", () => {
    expect(filtersToQuery({ goal: "weight-loss", q: "a b" }, 2)).toBe("?goal=weight-loss&q=a+b&page=2");
    expect(filtersToQuery({}, 1)).toBe("");
  });
  it("escapes LIKE wildcards in the prefix", () => {
    expect(prefixPattern("50%_a")).toBe("50\\%\\_a%");
  });
});
