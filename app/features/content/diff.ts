/**
 * What changed between two saved versions of an entry, as a reader would want to see it: each
 * changed field by name, and for text a line diff (removed and added lines, with a little context
 * and long unchanged stretches folded away). Pure, so the back office renders it on the server.
 */

export type DiffLine =
  | { kind: "same" | "removed" | "added"; text: string }
  /** Unchanged lines left out, with how many. */
  | { kind: "folded"; count: number };

export interface FieldChange {
  field: string;
  label: string;
  lines: DiffLine[];
}

/** Longest-common-subsequence line diff; the common start and end are skipped first, so a typical edit costs little. */
export function lineDiff(before: string, after: string): { kind: "same" | "removed" | "added"; text: string }[] {
  const a = before === "" ? [] : before.split("\n");
  const b = after === "" ? [] : after.split("\n");
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const n = midA.length;
  const m = midB.length;
  // lcs[i][j]: length of the longest common run of midA[i..] and midB[j..], in one flat array.
  const lcs = new Uint32Array((n + 1) * (m + 1));
  const at = (i: number, j: number) => i * (m + 1) + j;
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[at(i, j)] =
        midA[i] === midB[j] ? lcs[at(i + 1, j + 1)]! + 1 : Math.max(lcs[at(i + 1, j)]!, lcs[at(i, j + 1)]!);
  const out: { kind: "same" | "removed" | "added"; text: string }[] = a
    .slice(0, start)
    .map((text) => ({ kind: "same" as const, text }));
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && midA[i] === midB[j]) {
      out.push({ kind: "same", text: midA[i]! });
      i++;
      j++;
    } else if (i < n && (j === m || lcs[at(i + 1, j)]! >= lcs[at(i, j + 1)]!)) {
      // Removed lines before the lines that replace them, as people read a change.
      out.push({ kind: "removed", text: midA[i]! });
      i++;
    } else {
      out.push({ kind: "added", text: midB[j]! });
      j++;
    }
  }
  for (const text of a.slice(endA)) out.push({ kind: "same", text });
  return out;
}

/** Keeps `context` unchanged lines around each change and folds the rest. */
export function foldUnchanged(lines: { kind: "same" | "removed" | "added"; text: string }[], context = 2): DiffLine[] {
  const near = lines.map((_, index) =>
    lines.slice(Math.max(0, index - context), index + context + 1).some((l) => l.kind !== "same"),
  );
  const out: DiffLine[] = [];
  let folded = 0;
  lines.forEach((line, index) => {
    if (line.kind === "same" && !near[index]) {
      folded++;
      return;
    }
    if (folded > 0) out.push({ kind: "folded", count: folded });
    folded = 0;
    out.push(line);
  });
  if (folded > 0) out.push({ kind: "folded", count: folded });
  return out;
}

/** A field's value as text lines: lists one item a line, objects one "name: value" a line. */
function asText(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map((v) => asText(v)).join("\n");
  if (typeof value === "object")
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k}: ${asText(v)}`)
      .join("\n");
  return String(value);
}

/**
 * Every field that differs between two versions, in the order of `labels` (unknown fields after),
 * each with its line diff.
 */
export function versionChanges(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  labels: Record<string, string>,
): FieldChange[] {
  const fields = [...new Set([...Object.keys(labels), ...Object.keys(before), ...Object.keys(after)])].filter(
    (field) => field in before || field in after,
  );
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const a = asText(before[field]);
    const b = asText(after[field]);
    if (a === b) continue;
    changes.push({ field, label: labels[field] ?? field, lines: foldUnchanged(lineDiff(a, b)) });
  }
  return changes;
}
