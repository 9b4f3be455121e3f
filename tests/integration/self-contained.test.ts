import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * The repository must explain itself: no file may send the reader to a specification
 * document that is not part of it.
 */
const tracked = execFileSync(
  "git",
  ["ls-files", "app", "server", "tests", "docs", "content", "db", "scripts", "bench", "README.md"],
  {
    encoding: "utf8",
  },
)
  .split("\n")
  // This file names the patterns it looks for, so it is left out.
  .filter(
    (file) =>
      /\.(ts|tsx|md|json|css|sql)$/.test(file) && !file.includes("/meta/") && !file.endsWith("self-contained.test.ts"),
  );

// Names of an outside specification as the old comments used them ("SPEC.md", "the SPEC messages", "the spec's").
const OUTSIDE_SPEC = /SPEC\.md|\bSPEC\b|\bthe spec\b|\bspec's\b|\bthe specification\b|\bspecification's\b/;

describe("the repository stands on its own", () => {
  it("cites no specification file that is not in the repository", () => {
    const citing = tracked.filter((file) => OUTSIDE_SPEC.test(readFileSync(file, "utf8")));
    expect(citing).toEqual([]);
  });
});
