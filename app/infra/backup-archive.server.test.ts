import { createCipheriv, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { BackupUnreadable, extractArchive, writeArchive } from "./backup-archive.server";

const temp = () => mkdtempSync(path.join(tmpdir(), "archive-"));

async function archive(key?: Buffer) {
  const dir = temp();
  writeFileSync(path.join(dir, "leads.txt"), "Zoë, lead 1\n".repeat(2_000));
  const file = path.join(dir, `backup.tar.gz${key ? ".enc" : ""}`);
  await writeArchive(file, [{ name: "leads.txt", source: path.join(dir, "leads.txt") }], key);
  return file;
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("the archive was read");
    },
    (error: unknown) => error as Error,
  );

describe("backup archives", () => {
  it("are readable by their owner only", async () => {
    for (const key of [undefined, randomBytes(32)]) {
      expect(statSync(await archive(key)).mode & 0o777).toBe(0o600);
    }
  });

  it("name the key setting when the key is not the one the backup was made with", async () => {
    const error = await refusal(extractArchive(await archive(randomBytes(32)), temp(), randomBytes(32)));
    expect(error).toBeInstanceOf(BackupUnreadable);
    expect(error.message).toMatch(/different key: set BACKUP_ENCRYPTION_KEY to the key it was made with/);
  });

  it("say a changed byte means a damaged or altered copy, in words, not the cipher library's", async () => {
    const key = randomBytes(32);
    const file = await archive(key);
    const bytes = readFileSync(file);
    for (const at of [Math.floor(bytes.length / 2), bytes.length - 1]) {
      const changed = Buffer.from(bytes);
      changed[at] = (changed[at] ?? 0) ^ 0x01;
      writeFileSync(file, changed);
      const error = await refusal(extractArchive(file, temp(), key));
      expect(error.message).toMatch(/damaged or was changed after it was made/);
      expect(error.message).not.toMatch(/unable to authenticate|incorrect header check/i);
    }
  });

  it("say a truncated unencrypted archive is not a readable backup", async () => {
    const file = await archive();
    const bytes = readFileSync(file);
    writeFileSync(file, bytes.subarray(0, bytes.length - 40));
    const error = await refusal(extractArchive(file, temp()));
    expect(error.message).toMatch(/not a readable backup: it is damaged/);
  });

  it("still open archives of the first encrypted format (no key check)", async () => {
    const key = randomBytes(32);
    const plain = await archive();
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", key, iv);
    const body = Buffer.concat([cipher.update(readFileSync(plain)), cipher.final()]);
    const old = path.join(temp(), "old.tar.gz.enc");
    writeFileSync(old, Buffer.concat([Buffer.from("MJCENC1\0"), iv, body, cipher.getAuthTag()]));
    const out = temp();
    await extractArchive(old, out, key);
    expect(readFileSync(path.join(out, "leads.txt"), "utf8")).toContain("Zoë, lead 1");
    const error = await refusal(extractArchive(old, temp(), randomBytes(32)));
    expect(error.message).toMatch(/BACKUP_ENCRYPTION_KEY is not the key it was made with, or the file is damaged/);
  });

  it("round-trips an unencrypted archive that gzip alone can read", async () => {
    const file = await archive();
    expect(readFileSync(file).subarray(0, 2).equals(gzipSync("").subarray(0, 2))).toBe(true);
    const out = temp();
    await extractArchive(file, out);
    expect(readFileSync(path.join(out, "leads.txt"), "utf8")).toContain("Zoë, lead 1");
  });
});
