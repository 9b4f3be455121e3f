import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Signature checks of the two scheduling services' web hooks, on the raw body.
 * Calendly: header `Calendly-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`.
 * Cal.com: header `X-Cal-Signature-256: <hex HMAC-SHA256 of the body>`.
 */
export type SignatureCheck =
  { ok: true; signedAt: Date | null } | { ok: false; reason: "missing" | "invalid" | "stale" };

/** Deliveries older (or newer) than this are refused, so a captured request cannot be replayed later. */
export const TOLERANCE_MS = 5 * 60_000;

const hmacHex = (secret: string, text: string) => createHmac("sha256", secret).update(text, "utf8").digest("hex");

function sameHex(expected: string, given: string): boolean {
  if (!/^[0-9a-f]+$/i.test(given) || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected, "hex"), Buffer.from(given.toLowerCase(), "hex"));
}

export function verifyCalendly(body: string, header: string | null, secret: string, now: Date): SignatureCheck {
  if (!header) return { ok: false, reason: "missing" };
  const parts = new Map<string, string[]>();
  for (const piece of header.split(",")) {
    const index = piece.indexOf("=");
    if (index < 0) continue;
    const key = piece.slice(0, index).trim();
    parts.set(key, [...(parts.get(key) ?? []), piece.slice(index + 1).trim()]);
  }
  const t = parts.get("t")?.[0];
  const signatures = parts.get("v1") ?? [];
  if (!t || !/^\d{1,12}$/.test(t) || signatures.length === 0) return { ok: false, reason: "invalid" };
  const expected = hmacHex(secret, `${t}.${body}`);
  if (!signatures.some((s) => sameHex(expected, s))) return { ok: false, reason: "invalid" };
  const signedAt = new Date(Number(t) * 1000);
  if (Math.abs(now.getTime() - signedAt.getTime()) > TOLERANCE_MS) return { ok: false, reason: "stale" };
  return { ok: true, signedAt };
}

export function verifyCalcom(body: string, header: string | null, secret: string): SignatureCheck {
  if (!header) return { ok: false, reason: "missing" };
  return sameHex(hmacHex(secret, body), header.trim())
    ? { ok: true, signedAt: null }
    : { ok: false, reason: "invalid" };
}
