import { and, eq } from "drizzle-orm";
import type { PushMessage } from "~/infra/push.server";
import type { Messages } from "~/features/messages/messages.server";
import { amsterdamDateTime } from "~/infra/amsterdam";
import { bookings } from "#db/schema";
import type { Db } from "~/infra/db.server";
import { markEventProcessed } from "~/infra/processed-events.server";
import { hasBookedCall } from "./person.server";
import type { Logger } from "~/infra/logger.server";
import type { RateLimitResult } from "~/infra/rate-limit.server";
import {
  advanceLeadStatus,
  intakeLeadExists,
  leadByEmail,
  revertAfterCancellation,
} from "~/features/leads/lifecycle.server";
import { parseCalcom, parseCalendly, type BookingChange } from "./payload";
import { TOLERANCE_MS, verifyCalcom, verifyCalendly } from "./signature";
import { webhookFailures } from "~/infra/metrics.server";
import type { FollowUps } from "~/features/follow-ups/follow-ups.server";
import { followUpsOnBooking } from "./follow-ups.server";

export type SchedulingProvider = "calendly" | "cal.com";

export interface SchedulingWebhookDeps {
  db: Db;
  logger: Logger;
  provider: SchedulingProvider | undefined;
  secret: string | undefined;
  rateLimit(key: string, limit: number, windowSeconds: number): Promise<RateLimitResult>;
  /** Deliveries per sending address per minute. */
  perMinute: number;
  clientIp: string;
  now?: Date;
  /** The message engine: the trainer's devices hear of each new booking; with SITE_URL for the link. */
  messages?: Pick<Messages, "send" | "kick">;
  siteUrl?: string;
  /** The visitor's reminders before the call and after a no-show (docs/decisions/069). */
  followUps?: Pick<FollowUps, "config" | "people">;
}

export interface WebhookAnswer {
  status: number;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

/**
 * One delivery of the scheduling service's web hook: rate limit, signature on the raw body,
 * freshness (a delivery older than TOLERANCE_MS is refused), then the booking is written once:
 * the delivery's id goes into processed_events in the same transaction, so a replay changes nothing.
 */
export async function handleSchedulingWebhook(
  deps: SchedulingWebhookDeps,
  body: string,
  headers: Headers,
): Promise<WebhookAnswer> {
  const now = deps.now ?? new Date();
  if (!deps.provider || !deps.secret)
    return { status: 404, body: { received: false, error: "The scheduling web hook is not configured" } };
  const limit = await deps.rateLimit(`scheduling-webhook:${deps.clientIp}`, deps.perMinute, 60);
  if (!limit.allowed)
    return {
      status: 429,
      body: { received: false, error: "Too many deliveries" },
      headers: { "Retry-After": String(limit.retryAfter) },
    };

  const check =
    deps.provider === "calendly"
      ? verifyCalendly(body, headers.get("calendly-webhook-signature"), deps.secret, now)
      : verifyCalcom(body, headers.get("x-cal-signature-256"), deps.secret);
  if (!check.ok) {
    deps.logger.warn({ provider: deps.provider, reason: check.reason }, "scheduling web hook refused");
    const error = { missing: "Missing signature", invalid: "Invalid signature", stale: "Stale delivery" }[check.reason];
    return { status: check.reason === "missing" ? 401 : 400, body: { received: false, error } };
  }
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { status: 400, body: { received: false, error: "Body is not JSON" } };
  }
  const parsed = deps.provider === "calendly" ? parseCalendly(json) : parseCalcom(json);
  if (parsed.status === "invalid") return { status: 400, body: { received: false, error: "Unexpected payload" } };
  if (parsed.status === "ignored") return { status: 200, body: { received: true, ignored: parsed.type } };
  const change = parsed.change;
  // Cal.com signs no timestamp: its own createdAt, inside the signed body, must be fresh.
  if (
    deps.provider === "cal.com" &&
    (!change.occurredAt || Math.abs(now.getTime() - change.occurredAt.getTime()) > TOLERANCE_MS)
  )
    return { status: 400, body: { received: false, error: "Stale delivery" } };

  try {
    const outcome = await deps.db.transaction(async (tx) => {
      const recorded = await recordChange(tx as unknown as Db, change);
      // Queued with the booking: a stored booking always has its push, and a replay makes none.
      if (recorded !== "duplicate" && change.kind === "booked" && deps.messages)
        await deps.messages.send(
          {
            key: `booking-notice:${change.provider}:${change.externalId}`,
            kind: "booking-notice",
            about: recorded.leadId,
            channel: "push",
            payload: bookingPush(change, recorded.leadId, deps.siteUrl ?? ""),
          },
          tx as unknown as Db,
        );
      // Planned, moved or cancelled with the booking: a replay changes nothing, a failure keeps nothing.
      if (recorded !== "duplicate" && deps.messages && deps.followUps)
        await followUpsOnBooking(
          {
            db: tx as unknown as Db,
            messages: deps.messages,
            config: deps.followUps.config,
            people: deps.followUps.people,
            now,
          },
          change,
          recorded,
        );
      return recorded;
    });
    if (outcome === "duplicate") return { status: 200, body: { received: true, duplicate: true } };
    deps.messages?.kick();
    deps.logger.info(
      { provider: change.provider, kind: change.kind, matched: outcome.leadId !== null },
      "scheduling web hook stored",
    );
    return { status: 200, body: { received: true } };
  } catch (error) {
    webhookFailures.inc({ webhook: "scheduling" });
    // Only the error's kind: a database error's text can quote the query's values (name, e-mail).
    deps.logger.error(
      { error: errorKind(error), provider: change.provider, kind: change.kind },
      "scheduling web hook failed",
    );
    // 500: the service retries later; nothing was kept (one transaction).
    return { status: 500, body: { received: false, error: "Handler failed" } };
  }
}

/** The lead this booking belongs to: the id passed as utm_content, else the newest lead with the e-mail. */
async function findLead(db: Db, change: BookingChange): Promise<{ leadId: string | null; matchedBy: string | null }> {
  if (change.leadRef && (await intakeLeadExists(db, change.leadRef)))
    return { leadId: change.leadRef, matchedBy: "lead id" };
  const byEmail = await leadByEmail(db, change.email);
  return byEmail ? { leadId: byEmail, matchedBy: "e-mail" } : { leadId: null, matchedBy: null };
}

/** "Call booked: Anna de Vries, 2026-11-26 10:00 +01:00"; a tap opens the lead (or the dashboard). */
export function bookingPush(change: BookingChange, leadId: string | null, siteUrl: string): PushMessage {
  const when = change.startsAt ? `, ${amsterdamDateTime(change.startsAt)}` : "";
  return {
    title: "Intake call booked",
    body: `${(change.name ?? change.email ?? "Someone").replace(/[\r\n\0]+/g, " ").slice(0, 120)}${when}`,
    url: leadId ? `${siteUrl}/admin/leads/${leadId}` : `${siteUrl}/admin`,
    tag: `booking-${change.provider}-${change.externalId}`.slice(0, 200),
  };
}

type Recorded = { leadId: string | null; email: string | null; name: string | null };

async function recordChange(db: Db, change: BookingChange): Promise<"duplicate" | Recorded> {
  if (!(await markEventProcessed(db, change.eventId.slice(0, 500), `scheduling:${change.kind}`))) return "duplicate";

  const bookingOf = async (externalId: string) =>
    (
      await db
        .select()
        .from(bookings)
        .where(and(eq(bookings.provider, change.provider), eq(bookings.externalId, externalId)))
    )[0];
  const existing = await bookingOf(change.externalId);
  // A no-show changes no booking and no status: only the follow-up needs who it was.
  if (change.kind === "no-show")
    return {
      leadId: existing?.leadId ?? (await findLead(db, change)).leadId,
      email: existing?.email ?? change.email?.trim().toLowerCase() ?? null,
      name: existing?.name ?? change.name,
    };
  // A moved booking (Cal.com: a new uid): the old one no longer counts; its lead goes with the new one.
  const previous =
    change.kind === "rescheduled" && change.previousExternalId ? await bookingOf(change.previousExternalId) : undefined;
  if (previous)
    await db
      .update(bookings)
      .set({ status: "cancelled", cancelledAt: change.occurredAt ?? new Date() })
      .where(eq(bookings.id, previous.id));
  const { leadId, matchedBy } = existing?.leadId
    ? { leadId: existing.leadId, matchedBy: existing.matchedBy }
    : previous?.leadId
      ? { leadId: previous.leadId, matchedBy: previous.matchedBy }
      : await findLead(db, change);
  const booked = change.kind !== "cancelled";
  const state = booked
    ? { status: "booked" as const, cancelledAt: null }
    : { status: "cancelled" as const, cancelledAt: change.occurredAt ?? new Date() };
  if (existing) {
    await db.update(bookings).set(state).where(eq(bookings.id, existing.id));
  } else {
    // A cancellation may arrive first (or the booking predate the web hook): it is kept anyway.
    await db.insert(bookings).values({
      provider: change.provider,
      externalId: change.externalId,
      leadId,
      matchedBy,
      email: change.email?.trim().toLowerCase() ?? null,
      name: change.name,
      startsAt: change.startsAt,
      ...state,
    });
  }
  if (leadId) {
    if (booked) await advanceLeadStatus(db, leadId, "call-booked", "booking");
    else await revertAfterCancellation(db, leadId, hasBookedCall);
  }
  return {
    leadId,
    email: existing?.email ?? change.email?.trim().toLowerCase() ?? null,
    name: existing?.name ?? change.name,
  };
}

/** The class and, for a database error, its SQLSTATE code: never the message, which may hold personal data. */
function errorKind(error: unknown): { name: string; code?: string } {
  if (!(error instanceof Error)) return { name: typeof error };
  const cause = (error as { cause?: unknown }).cause;
  const code = [error, cause]
    .map((e) => (e as { code?: unknown } | undefined)?.code)
    .find((c) => typeof c === "string");
  return code ? { name: error.name, code } : { name: error.name };
}
