import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

/**
 * The sign-in secret (AUTH_SECRET, or DATA_DIR/auth-secret made once at the first start) signs
 * sessions and the newsletter's confirm and unsubscribe links, and better-auth encrypts the
 * trainer's authenticator secret and backup codes with it. Data made with one secret is only
 * usable with the same one, so backups carry it (encrypted) or at least a fingerprint of it.
 */
export const AUTH_SECRET_FILE = "auth-secret";

export const authSecretFile = (dataDir: string) => path.resolve(dataDir, AUTH_SECRET_FILE);

/** The secret kept in DATA_DIR/auth-secret, if the site made one there. */
export function storedAuthSecret(dataDir: string): string | undefined {
  const file = authSecretFile(dataDir);
  return existsSync(file) ? readFileSync(file, "utf8").trim() || undefined : undefined;
}

/**
 * Writes DATA_DIR/auth-secret (owner-only). A different secret already there is kept beside it
 * as `auth-secret.before-<suffix>`, never overwritten silently.
 */
export function storeAuthSecret(dataDir: string, secret: string, keepPreviousAs?: string): string | undefined {
  mkdirSync(dataDir, { recursive: true });
  const file = authSecretFile(dataDir);
  const previous = storedAuthSecret(dataDir);
  let kept: string | undefined;
  if (previous !== undefined && previous !== secret && keepPreviousAs) {
    kept = `${file}.before-${keepPreviousAs}`;
    renameSync(file, kept);
  }
  writeFileSync(file, secret, { mode: 0o600 });
  return kept;
}

/** The secret the site runs with: AUTH_SECRET, else the one in DATA_DIR/auth-secret (none yet on a new site). */
export function currentAuthSecret(env: { AUTH_SECRET?: string; DATA_DIR: string }): string | undefined {
  return env.AUTH_SECRET ?? storedAuthSecret(env.DATA_DIR);
}

export function generateAuthSecret(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * A salted, deliberately slow hash of the secret: enough to tell whether a secret is the one a
 * backup was made with, without the backup (or whoever reads an unencrypted one) learning it.
 */
export interface SecretFingerprint {
  algorithm: "scrypt";
  salt: string;
  hash: string;
}

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, length: number) => Promise<Buffer>;

export async function secretFingerprint(secret: string, salt = randomBytes(16)): Promise<SecretFingerprint> {
  const hash = await scryptAsync(secret, salt, 32);
  return { algorithm: "scrypt", salt: salt.toString("base64"), hash: hash.toString("base64") };
}

export async function matchesFingerprint(secret: string, fingerprint: SecretFingerprint): Promise<boolean> {
  const expected = Buffer.from(fingerprint.hash, "base64");
  const actual = (await secretFingerprint(secret, Buffer.from(fingerprint.salt, "base64"))).hash;
  const given = Buffer.from(actual, "base64");
  return expected.length === given.length && timingSafeEqual(expected, given);
}
