import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { newsletterSubscribers } from "#db/schema";
import type { Db } from "~/infra/db.server";
import { markEventProcessed } from "~/infra/processed-events.server";
import { cancelWaitingWelcome } from "./welcome.server";

/**
 * The mail relay's delivery web hook (Mailgun's format): a hard bounce ("failed" with severity
 * "permanent") or a complaint ("complained") suppresses the address for every later issue, with
 * the reason on the subscriber's record. Each request is signed: HMAC-SHA256 of timestamp + token
 * with the web hook signing key, the timestamp at most 15 minutes old, and each token taken once.
 * Other relays post the same facts in other shapes: docs/decisions/044 says how to add one.
 */
const MAX_AGE_S = 15 * 60;

const payloadSchema = z.object({
  signature: z.object({
    timestamp: z.string().max(20),
    token: z.string().min(10).max(200),
    signature: z.string().max(200),
  }),
  "event-data": z.object({
    event: z.string().max(40),
    severity: z.string().max(40).optional(),
    recipient: z.string().max(320),
    reason: z.string().max(200).optional(),
    "delivery-status": z
      .object({
        code: z.number().optional(),
        message: z.string().max(500).optional(),
        description: z.string().max(500).optional(),
      })
      .optional(),
  }),
});

export type RelayWebhookResult =
  | { status: 200; outcome: "suppressed" | "ignored" | "duplicate" }
  | { status: 400 | 401; outcome: "bad-request" | "bad-signature" };

export function verifyMailgunSignature(
  key: string,
  signature: { timestamp: string; token: string; signature: string },
  now = Date.now(),
): boolean {
  const age = Math.abs(now / 1000 - Number(signature.timestamp));
  if (!Number.isFinite(age) || age > MAX_AGE_S) return false;
  const expected = createHmac("sha256", key)
    .update(signature.timestamp + signature.token)
    .digest("hex");
  const given = Buffer.from(signature.signature, "utf8");
  const wanted = Buffer.from(expected, "utf8");
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export async function handleRelayWebhook(
  db: Db,
  key: string,
  body: unknown,
  now = new Date(),
): Promise<RelayWebhookResult> {
  const parsed = payloadSchema.safeParse(body);
  if (!parsed.success) return { status: 400, outcome: "bad-request" };
  const { signature, "event-data": event } = parsed.data;
  if (!verifyMailgunSignature(key, signature, now.getTime())) return { status: 401, outcome: "bad-signature" };
  if (!(await markEventProcessed(db, `relay:${signature.token}`, `relay.${event.event}`)))
    return { status: 200, outcome: "duplicate" };
  const hardBounce = event.event === "failed" && event.severity === "permanent";
  if (!hardBounce && event.event !== "complained") return { status: 200, outcome: "ignored" };
  const status = event["delivery-status"];
  const reason = (
    event.event === "complained"
      ? "Marked the newsletter as spam (complaint reported by the mail relay)"
      : `Bounced: ${[status?.code, status?.message || status?.description || event.reason].filter(Boolean).join(" ")}`
  ).slice(0, 300);
  const email = event.recipient.trim().toLowerCase();
  await db
    .update(newsletterSubscribers)
    .set({ suppressedAt: now, suppressedReason: reason, updatedAt: now })
    .where(and(eq(newsletterSubscribers.email, email), isNull(newsletterSubscribers.suppressedAt)));
  // What is still planned for the address (its welcome, the rest of its welcome series) never goes.
  await cancelWaitingWelcome(db, email, now, "The mail relay suppressed the address.");
  return { status: 200, outcome: "suppressed" };
}
