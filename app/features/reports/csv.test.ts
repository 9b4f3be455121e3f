import { describe, expect, it } from "vitest";
import { csvCell, csvRow } from "./csv";

describe("csv", () => {
  it("separates fields with semicolons and quotes separators, quotes and line breaks", () => {
    expect(csvRow(["Zoë; van Dijk", 'say "hi"', "two\nlines", "1,5 km", "plain"])).toBe(
      '"Zoë; van Dijk";"say ""hi""";"two\nlines";"1,5 km";plain\r\n',
    );
  });
  it("keeps accents as they are", () => {
    expect(csvCell("Renée Müller")).toBe("Renée Müller");
  });
  it("defuses formulas but keeps phone numbers", () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("+31 6 1234 5678")).toBe("+31 6 1234 5678");
  });
  it("writes empty cells for null and times in Amsterdam with their offset", () => {
    expect(csvRow([null, undefined, new Date("2026-01-02T03:04:05Z")])).toBe(";;2026-01-02 04:04:05 +01:00\r\n");
    expect(csvCell(new Date("2026-07-02T18:52:00Z"))).toBe("2026-07-02 20:52:00 +02:00");
  });
});
