import { describe, expect, it } from "vitest";
import { checkRows, guessColumns, parseImport, tagsOf, type ParsedImport } from "./import-rules";

const parsed = (text: string): ParsedImport => {
  const result = parseImport(text);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.parsed;
};

describe("guessing the columns", () => {
  it("reads the headers other tools write, in any order and case", () => {
    expect(guessColumns(parsed("Naam;E-mail;Tags\nAnn;ann@example.com;runners"))).toEqual({
      email: 1,
      name: 0,
      tags: 2,
    });
    expect(guessColumns(parsed("Email Address,First Name,Groups\nann@example.com,Ann,x"))).toEqual({
      email: 0,
      name: 1,
      tags: 2,
    });
  });

  it("finds the addresses without a header, and in a column of any name", () => {
    expect(guessColumns(parsed("Ann,ann@example.com\nBob,bob@example.com"))).toEqual({
      email: 1,
      name: null,
      tags: null,
    });
    expect(guessColumns(parsed("who,contact\nAnn,ann@example.com"))).toEqual({ email: 1, name: null, tags: null });
  });
});

describe("reading a file or a paste", () => {
  it("takes a paste of addresses, one a line, as a file without a header", () => {
    const paste = parsed("ann@example.com\n\n bob@example.com \n");
    expect(paste.header).toBeNull();
    expect(paste.rows.map((r) => [r.line, r.cells])).toEqual([
      [1, ["ann@example.com"]],
      [3, ["bob@example.com"]],
    ]);
  });

  it("refuses a file with a broken row whole, naming the line and why", () => {
    expect(parseImport('email,name\nann@example.com,Ann\nbob@example.com,"Bob\n')).toEqual({
      ok: false,
      problems: [{ line: 3, message: expect.stringMatching(/quote .* never closes/) }],
    });
    expect(parseImport("email,name\nann@example.com,Ann\nbob@example.com,Bob,extra\ncy@example.com,Cy")).toEqual({
      ok: false,
      problems: [{ line: 3, message: expect.stringMatching(/^3 columns where the first line has 2/) }],
    });
    expect(parseImport(" \n").ok).toBe(false);
  });
});

describe("checking the rows", () => {
  it("sorts rows into importable, invalid (named), repeated in the file, and broken", () => {
    const file = parsed(
      [
        "email,name,tags",
        "Ann@Example.com,Ann,Runners; past clients",
        "not-an-address,Bob,",
        ",Nobody,",
        "ann@example.com,Ann again,Triathletes",
        `cy@example.com,${"x".repeat(201)},`,
        `dee@example.com,Dee,${"t".repeat(41)}`,
      ].join("\n"),
    );
    const checked = checkRows(file, guessColumns(file));
    expect(checked.rows).toEqual([
      { line: 2, email: "ann@example.com", name: "Ann", tags: ["Runners", "past clients", "Triathletes"] },
    ]);
    expect(checked.invalid).toEqual([
      { line: 3, message: "This is not an e-mail address." },
      { line: 4, message: "There is no e-mail address." },
    ]);
    expect(checked.repeated).toBe(1);
    expect(checked.broken.map((p) => p.line)).toEqual([6, 7]);
  });

  it("splits a tags cell on ; , or | and keeps one spelling of each", () => {
    expect(tagsOf(" Runners |runners; Past  clients,,")).toEqual(["Runners", "Past clients"]);
  });
});
