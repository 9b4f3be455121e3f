import { randomInt } from "node:crypto";

/**
 * Backup codes the trainer can copy by hand from paper: lowercase letters and digits without the
 * ones that look alike in common fonts (0/o, 1/l/i, u/v), ten characters as two groups of five.
 * 29^10 ≈ 4 × 10^14 codes; each works once, and wrong codes count towards the lockout.
 */
export const BACKUP_CODE_ALPHABET = "23456789abcdefghjkmnpqrstwxyz";
export const BACKUP_CODE_COUNT = 10;

export function newBackupCodes(count = BACKUP_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const code = Array.from({ length: 10 }, () => BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)]).join(
      "",
    );
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/**
 * A backup code as typed, in the stored form: spaces and dashes anywhere, any case. Codes made
 * before this alphabet were mixed-case and are compared exactly, so a code with capitals is kept.
 */
export function normaliseBackupCode(typed: string): string {
  const compact = typed.replace(/[\s-]+/g, "");
  if (compact.length !== 10) return typed.trim();
  const lower = compact.toLowerCase();
  const isNew = [...lower].every((c) => BACKUP_CODE_ALPHABET.includes(c));
  const code = isNew ? lower : compact;
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}
