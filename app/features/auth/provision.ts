import { createHmac, timingSafeEqual } from "node:crypto";

/** Path of the signed account-creation request that `admin:create --server` sends. */
export const PROVISION_PATH = "/api/admin/accounts";
export const PROVISION_MAX_SKEW_MS = 5 * 60_000;

/** HMAC over timestamp and body with the server's secret; the secret itself never travels. */
export function signProvisionRequest(secret: string, timestamp: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
}

export function verifyProvisionRequest(
  secret: string,
  headers: { timestamp: string | null; signature: string | null },
  body: string,
  now = Date.now(),
): boolean {
  const timestamp = Number(headers.timestamp);
  if (!Number.isFinite(timestamp) || Math.abs(now - timestamp) > PROVISION_MAX_SKEW_MS || !headers.signature)
    return false;
  const expected = Buffer.from(signProvisionRequest(secret, timestamp, body), "hex");
  const given = Buffer.from(headers.signature, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Only the machine itself may use the provisioning request. */
export function isLoopback(ip: string): boolean {
  return ip === "127.0.0.1" || ip === "::1" || ip === "::ffff:127.0.0.1";
}

export async function sendProvisionRequest(
  serverUrl: string,
  secret: string,
  input: { email: string; name?: string; password?: string },
): Promise<Response> {
  const body = JSON.stringify(input);
  const timestamp = Date.now();
  return fetch(new URL(PROVISION_PATH, serverUrl), {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-provision-timestamp": String(timestamp),
      "x-provision-signature": signProvisionRequest(secret, timestamp, body),
    },
    body,
  });
}
