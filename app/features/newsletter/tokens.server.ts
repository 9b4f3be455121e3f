import { createCipheriv, createDecipheriv, createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

/**
 * Signed links for the confirmation and unsubscribe e-mails: no database lookup is needed to trust
 * them, a link for one purpose never works for the other, and a link carries the address sealed
 * (AES-256-GCM under a key derived from the site's secret), so whoever sees it cannot read whose it
 * is (docs/decisions/058-hosts-invisible-characters-hooks-links.md). Links sent before carried the address in
 * base64 with an HMAC; they still work.
 */
export type TokenPurpose = "confirm" | "unsubscribe";

/** A confirmation link is valid for two weeks; unsubscribe links never expire. */
export const CONFIRM_TTL_MS = 14 * 24 * 60 * 60 * 1000;

const IV_BYTES = 12;
const TAG_BYTES = 16;

const keyOf = (secret: string, use: "seal" | "iv") =>
  Buffer.from(hkdfSync("sha256", secret, "", `newsletter-token:${use}`, 32));
const purposeOf = (purpose: TokenPurpose) => Buffer.from(`newsletter:${purpose}`);

export function signToken(secret: string, purpose: TokenPurpose, email: string, now = Date.now()): string {
  const expires = purpose === "confirm" ? now + CONFIRM_TTL_MS : 0;
  const plain = Buffer.from(`${expires.toString(36)}:${email}`);
  // The nonce is made from what is sealed, so the same link comes out each time for the same
  // address (as before); two different links never share a nonce.
  const iv = createHmac("sha256", keyOf(secret, "iv"))
    .update(purposeOf(purpose))
    .update(plain)
    .digest()
    .subarray(0, IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret, "seal"), iv).setAAD(purposeOf(purpose));
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString("base64url");
}

/** The e-mail address the token was made for, or null when it is forged, mangled or expired. */
export function verifyToken(
  secret: string,
  purpose: TokenPurpose,
  token: string | null | undefined,
  now = Date.now(),
): string | null {
  if (!token || token.length > 1024) return null;
  const opened = token.includes(".") ? openLegacy(secret, purpose, token) : open(secret, purpose, token);
  if (!opened) return null;
  const { email, expires } = opened;
  if (expires !== 0 && expires < now) return null;
  if (purpose === "unsubscribe" && expires !== 0) return null;
  return email;
}

function open(secret: string, purpose: TokenPurpose, token: string): { email: string; expires: number } | null {
  const bytes = Buffer.from(token, "base64url");
  // Base64 leaves spare bits in its last letter: only the one spelling of the bytes is the token.
  if (bytes.length <= IV_BYTES + TAG_BYTES || bytes.toString("base64url") !== token) return null;
  let plain: string;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(secret, "seal"), bytes.subarray(0, IV_BYTES))
      .setAAD(purposeOf(purpose))
      .setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    const body = bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES);
    plain = Buffer.concat([decipher.update(body), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
  const separator = plain.indexOf(":");
  const expires = parseInt(plain.slice(0, separator), 36);
  if (separator < 1 || !Number.isFinite(expires)) return null;
  return { email: plain.slice(separator + 1), expires };
}

const legacyMac = (secret: string, purpose: TokenPurpose, email: string, expires: number) =>
  createHmac("sha256", secret).update(`newsletter:${purpose}:${email}:${expires}`).digest("base64url");

/** The links sent before decision 058: the address in base64, the expiry, an HMAC of both. */
function openLegacy(secret: string, purpose: TokenPurpose, token: string): { email: string; expires: number } | null {
  const [encoded, expiresText, signature, extra] = token.split(".");
  if (!encoded || !expiresText || !signature || extra !== undefined) return null;
  const email = Buffer.from(encoded, "base64url").toString("utf8");
  const expires = parseInt(expiresText, 36);
  if (!Number.isFinite(expires)) return null;
  const expected = Buffer.from(legacyMac(secret, purpose, email, expires));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { email, expires };
}

/** 'an****@example.com': enough to recognise your own address on a page anyone with the link can open. */
export function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  const visible = local.slice(0, Math.min(2, Math.max(1, local.length - 1)));
  return `${visible}${"*".repeat(Math.max(1, local.length - visible.length))}@${domain}`;
}
