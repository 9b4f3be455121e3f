import { describe, expect, it } from "vitest";
import { filtersToQuery, leadUpdateSchema, parseLeadFilters, prefixPattern } from "./filters";

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

describe("lead update", () => {
  const base = { id: "0f8fad5b-d9cb-469f-a165-70867728950e", status: "contacted" };
  it("keeps a multi-line note and refuses control characters in it", () => {
    expect(leadUpdateSchema.parse({ ...base, note: " Called,\r\n\tcall back Friday " }).note).toBe(
      "Called,\r\n\tcall back Friday",
    );
    expect(leadUpdateSchema.safeParse({ ...base, note: "Nul\u0000" }).error?.issues[0]?.message).toBe(
      "Please remove invisible control characters from this field",
    );
  });
  it("ignores a search with control characters instead of querying with them", () => {
    expect(parseLeadFilters(new URLSearchParams({ q: "an\u0000na" })).q).toBeUndefined();
  });
});
