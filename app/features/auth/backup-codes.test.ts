import { describe, expect, it } from "vitest";
import { BACKUP_CODE_ALPHABET, newBackupCodes, normaliseBackupCode } from "./backup-codes";

describe("backup codes", () => {
  it("are ten different codes of two groups of five, without look-alike characters", () => {
    const codes = newBackupCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
      expect(code).not.toMatch(/[01oOlLiIuvUV]/);
    }
    expect(BACKUP_CODE_ALPHABET).not.toMatch(/[01oliuv]/);
  });

  it("accept what people type: capitals, spaces and missing or extra dashes", () => {
    expect(normaliseBackupCode(" K7DMX 3PQRS ")).toBe("k7dmx-3pqrs");
    expect(normaliseBackupCode("k7dmx3pqrs")).toBe("k7dmx-3pqrs");
    expect(normaliseBackupCode("k7d-mx3-pqrs")).toBe("k7dmx-3pqrs");
  });

  it("keep codes from before this alphabet exactly as they were made", () => {
    expect(normaliseBackupCode("AbC1d-xY0zQ")).toBe("AbC1d-xY0zQ");
    expect(normaliseBackupCode(" AbC1dxY0zQ")).toBe("AbC1d-xY0zQ");
  });
});
