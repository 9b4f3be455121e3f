import { describe, expect, it } from "vitest";
import { foldUnchanged, lineDiff, versionChanges } from "./diff";

describe("lineDiff", () => {
  it("marks removed and added lines and keeps the rest", () => {
    expect(lineDiff("a\nb\nc", "a\nB\nc\nd")).toEqual([
      { kind: "same", text: "a" },
      { kind: "removed", text: "b" },
      { kind: "added", text: "B" },
      { kind: "same", text: "c" },
      { kind: "added", text: "d" },
    ]);
  });
  it("handles empty texts on either side", () => {
    expect(lineDiff("", "x")).toEqual([{ kind: "added", text: "x" }]);
    expect(lineDiff("x", "")).toEqual([{ kind: "removed", text: "x" }]);
  });
  it("rebuilds both texts from its lines", () => {
    const before = "## One\n\ntext\n\n## Two\nmore\nend";
    const after = "## One\n\nnew text\n\n## Two\nmore\n\n## Three\nend";
    const lines = lineDiff(before, after);
    expect(lines.filter((l) => l.kind !== "added").map((l) => l.text)).toEqual(before.split("\n"));
    expect(lines.filter((l) => l.kind !== "removed").map((l) => l.text)).toEqual(after.split("\n"));
  });
});

describe("foldUnchanged", () => {
  it("keeps two lines of context around a change and folds the rest", () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i}`).join("\n");
    const after = before.replace("line 10", "line ten");
    const folded = foldUnchanged(lineDiff(before, after));
    expect(folded[0]).toEqual({ kind: "folded", count: 8 });
    expect(folded.filter((l) => l.kind === "same")).toHaveLength(4);
    expect(folded.at(-1)).toEqual({ kind: "folded", count: 7 });
  });
});

describe("versionChanges", () => {
  it("names each changed field and leaves unchanged ones out", () => {
    const changes = versionChanges(
      { title: "Old", body: "a\nb", keywords: ["x"] },
      { title: "New", body: "a\nb", keywords: ["x", "y"], category: "Running" },
      { title: "Title", body: "Article text", keywords: "Keywords", category: "Category" },
    );
    expect(changes.map((c) => c.label)).toEqual(["Title", "Keywords", "Category"]);
    expect(changes[0]!.lines).toEqual([
      { kind: "removed", text: "Old" },
      { kind: "added", text: "New" },
    ]);
  });
});
