import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { makePrivate } from "./private-files.server";

const made: string[] = [];
afterEach(() => made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const mode = (file: string) => statSync(file).mode & 0o777;

it("takes group and world access off every file and folder under the root, and counts what it changed", async () => {
  const root = mkdtempSync(path.join(tmpdir(), "private-"));
  made.push(root);
  chmodSync(root, 0o755);
  mkdirSync(path.join(root, "pglite/base"), { recursive: true, mode: 0o755 });
  writeFileSync(path.join(root, "pglite/base/1234"), "", { mode: 0o666 });
  writeFileSync(path.join(root, "outbox.jsonl"), "", { mode: 0o644 });
  writeFileSync(path.join(root, "auth-secret"), "", { mode: 0o600 });
  chmodSync(path.join(root, "pglite/base/1234"), 0o666);
  chmodSync(path.join(root, "outbox.jsonl"), 0o644);

  expect(await makePrivate(root)).toBe(5);

  expect([root, path.join(root, "pglite"), path.join(root, "pglite/base")].map(mode)).toEqual([0o700, 0o700, 0o700]);
  expect(["pglite/base/1234", "outbox.jsonl", "auth-secret"].map((file) => mode(path.join(root, file)))).toEqual([
    0o600, 0o600, 0o600,
  ]);
  expect(await makePrivate(root)).toBe(0);
});

it("leaves what a link points to alone, and a missing root is nothing to do", async () => {
  const root = mkdtempSync(path.join(tmpdir(), "private-"));
  const elsewhere = mkdtempSync(path.join(tmpdir(), "shared-"));
  made.push(root, elsewhere);
  chmodSync(elsewhere, 0o755);
  symlinkSync(elsewhere, path.join(root, "media"));
  await makePrivate(root);
  expect(mode(elsewhere)).toBe(0o755);
  expect(await makePrivate(path.join(root, "missing"))).toBe(0);
});
