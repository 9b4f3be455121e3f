import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Signed links for the confirmation and unsubscribe e-mails: no database lookup
 * is needed to trust them, and a link for one purpose never works for the other.
 */
export type TokenPurpose = "confirm" | "unsubscribe";

/** A confirmation link is valid for two weeks; unsubscribe links never expire. */
export const CONFIRM_TTL_MS = 14 * 24 * 60 * 60 * 1000;

const mac = (secret: string, purpose: TokenPurpose, email: string, expires: number) =>
  createHmac("sha256", secret).update(`newsletter:${purpose}:${email}:${expires}`).digest("base64url");

export function signToken(secret: string, purpose: TokenPurpose, email: string, now = Date.now()): string {
  const expires = purpose === "confirm" ? now + CONFIRM_TTL_MS : 0;
  return `${Buffer.from(email).toString("base64url")}.${expires.toString(36)}.${mac(secret, purpose, email, expires)}`;
}

/** The e-mail address the token was made for, or null when it is forged, mangled or expired. */
export function verifyToken(
  secret: string,
  purpose: TokenPurpose,
  token: string | null | undefined,
  now = Date.now(),
): string | null {
  if (!token || token.length > 1024) return null;
  const [encoded, expiresText, signature, extra] = token.split(".");
  if (!encoded || !expiresText || !signature || extra !== undefined) return null;
  const email = Buffer.from(encoded, "base64url").toString("utf8");
  const expires = parseInt(expiresText, 36);
  if (!Number.isFinite(expires)) return null;
  const expected = Buffer.from(mac(secret, purpose, email, expires));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  if (expires !== 0 && expires < now) return null;
  if (purpose === "unsubscribe" && expires !== 0) return null;
  return email;
}

/** 'an****@example.com': enough to recognise your own address on a page anyone with the link can open. */
export function maskEmail(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  const visible = local.slice(0, Math.min(2, Math.max(1, local.length - 1)));
  return `${visible}${"*".repeat(Math.max(1, local.length - visible.length))}@${domain}`;
}
