import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * The stop link's token: the address sealed (AES-256-GCM under a key derived from the site's
 * secret, as the newsletter's links are, decision 058) so no lookup is needed to trust it and
 * whoever sees the link cannot read whose it is. Its own key and purpose: a newsletter link never
 * works here, nor the other way round. It never expires: a stop link must work years later.
 */
const PURPOSE = Buffer.from("follow-ups:stop");
const IV_BYTES = 12;
const TAG_BYTES = 16;
const keyOf = (secret: string) => Buffer.from(hkdfSync("sha256", secret, "", "follow-ups-token", 32));

export function sealStopToken(secret: string, email: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret), iv).setAAD(PURPOSE);
  const sealed = Buffer.concat([cipher.update(email, "utf8"), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString("base64url");
}

/** The address a stop token was made for, or null when it is forged or mangled. */
export function openStopToken(secret: string, token: string | null | undefined): string | null {
  if (!token || token.length > 1024) return null;
  const bytes = Buffer.from(token, "base64url");
  if (bytes.length <= IV_BYTES + TAG_BYTES || bytes.toString("base64url") !== token) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(secret), bytes.subarray(0, IV_BYTES))
      .setAAD(PURPOSE)
      .setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    return null;
  }
}
