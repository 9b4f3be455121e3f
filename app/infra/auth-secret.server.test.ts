import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { matchesFingerprint, secretFingerprint, storeAuthSecret, storedAuthSecret } from "./auth-secret.server";

describe("the sign-in secret", () => {
  it("is recognised by its fingerprint, which does not contain it", async () => {
    const fingerprint = await secretFingerprint("the-old-site-secret-of-32-characters");
    expect(JSON.stringify(fingerprint)).not.toContain("old-site");
    expect(await matchesFingerprint("the-old-site-secret-of-32-characters", fingerprint)).toBe(true);
    expect(await matchesFingerprint("a-new-site-secret-of-32-characters!!", fingerprint)).toBe(false);
    // Salted: the same secret gives a different fingerprint each time.
    expect((await secretFingerprint("the-old-site-secret-of-32-characters")).hash).not.toBe(fingerprint.hash);
  });

  it("is written owner-only, and a different one already there is kept beside it", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "secret-"));
    expect(storedAuthSecret(dir)).toBeUndefined();
    expect(storeAuthSecret(dir, "first", "x")).toBeUndefined();
    expect(statSync(path.join(dir, "auth-secret")).mode & 0o777).toBe(0o600);
    expect(storeAuthSecret(dir, "first", "x")).toBeUndefined();
    const kept = storeAuthSecret(dir, "second", "restore-1");
    expect(kept).toBe(path.join(dir, "auth-secret.before-restore-1"));
    expect(readFileSync(kept!, "utf8")).toBe("first");
    expect(storedAuthSecret(dir)).toBe("second");
  });
});
