import { and, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import {
  auditLog,
  bookings,
  consentRecords,
  newsletterDeliveries,
  newsletterSubscribers,
  orders,
  signups,
} from "#db/schema";
import { retention } from "#content/retention";
import type { Db } from "~/infra/db.server";
import { every, runExclusive } from "~/infra/scheduled-job.server";
import { FORM_NAMES } from "~/features/leads/vocabulary";
import { deleteOldVitals } from "~/features/vitals/store.server";
import { deleteSettledMessages } from "~/features/messages/engine.server";
import { purgeHeld } from "~/features/leads/held.server";

/** Arbitrary constant shared by every instance: only the holder of this lock applies retention. */
export const RETENTION_LOCK_ID = 7_413_904;

export interface RetentionCounts {
  leads: number;
  bookings: number;
  eventSignups: number;
  unconfirmedSubscribers: number;
  /** Unsubscribed addresses whose proof of consent and source were dropped (the address stays as suppression). */
  unsubscribedTrimmed: number;
  orders: number;
  auditLog: number;
  /** Page-speed measurements older than the back office's 28-day window. */
  webVitals: number;
  /** Submissions held for review and never accepted. */
  heldSubmissions: number;
  /** Newsletter delivery records whose address was replaced by a placeholder (the counts stay). */
  newsletterDeliveries: number;
  /** Outgoing messages sent, failed for good or cancelled before their period (`unknown` ones wait for her). */
  messages: number;
}

const monthsBefore = (now: Date, months: number) => {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
};

/**
 * Removes what has passed its retention period (content/retention.ts). Clients' leads stay while
 * they are clients; lead events and consent records go with their lead or address (cascade);
 * unsubscribed addresses stay as suppression entries with nothing else; orders go with their
 * payments after the bookkeeping period; page-speed measurements after 28 days; the copies of sent
 * messages after theirs. One audit entry with the counts.
 */
export async function applyRetention(
  db: Db,
  now = new Date(),
  options: RetentionOptions = {},
): Promise<RetentionCounts> {
  const staleLeads = await db
    .select({ id: signups.id })
    .from(signups)
    .where(
      and(
        eq(signups.formName, FORM_NAMES.intake),
        ne(signups.status, "client"),
        lt(signups.createdAt, monthsBefore(now, retention.leadMonths)),
      ),
    );
  const leadIds = staleLeads.map((l) => l.id);
  const removedBookings = await db
    .delete(bookings)
    .where(
      or(
        ...(leadIds.length ? [inArray(bookings.leadId, leadIds)] : []),
        and(isNull(bookings.leadId), lt(bookings.createdAt, monthsBefore(now, retention.leadMonths))),
      ),
    )
    .returning({ id: bookings.id });
  const removedLeads = leadIds.length
    ? await db.delete(signups).where(inArray(signups.id, leadIds)).returning({ id: signups.id })
    : [];
  // Signups for an event go a month after it; a year is the backstop for an event date changed since.
  // `eventStarts` has each event's start by its key; `eventStartsAt` is for signups without a key.
  const cutoff = monthsBefore(now, retention.eventSignupMonthsAfterEvent);
  const eventOver = options.eventStartsAt && cutoff > options.eventStartsAt;
  const overKeys = [...(options.eventStarts ?? new Map<string, Date>())]
    .filter(([, start]) => cutoff > start)
    .map(([k]) => k);
  const removedEvents = await db
    .delete(signups)
    .where(
      and(
        eq(signups.formName, FORM_NAMES.event),
        or(
          lt(signups.createdAt, monthsBefore(now, 12)),
          ...(overKeys.length ? [inArray(signups.eventKey, overKeys)] : []),
          ...(eventOver ? [and(isNull(signups.eventKey), lt(signups.createdAt, now))] : []),
        ),
      ),
    )
    .returning({ id: signups.id });
  const unconfirmed = await db
    .delete(newsletterSubscribers)
    .where(
      and(
        eq(newsletterSubscribers.status, "pending"),
        lt(newsletterSubscribers.createdAt, new Date(now.getTime() - retention.unconfirmedNewsletterDays * 86_400_000)),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  const longGone = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(
      and(
        eq(newsletterSubscribers.status, "unsubscribed"),
        lt(newsletterSubscribers.unsubscribedAt, monthsBefore(now, retention.unsubscribedProofMonths)),
        or(
          isNotNull(newsletterSubscribers.firstTouch),
          isNotNull(newsletterSubscribers.serviceType),
          sql`exists (
          select 1 from ${consentRecords} where ${consentRecords.subscriberId} = ${newsletterSubscribers.id})`,
        ),
      ),
    );
  if (longGone.length) {
    const ids = longGone.map((g) => g.id);
    await db.delete(consentRecords).where(inArray(consentRecords.subscriberId, ids));
    await db
      .update(newsletterSubscribers)
      .set({ firstTouch: null, serviceType: null })
      .where(inArray(newsletterSubscribers.id, ids));
  }
  const oldOrders = await db
    .delete(orders)
    .where(lt(orders.createdAt, monthsBefore(now, retention.orderYears * 12)))
    .returning({ id: orders.id });
  const oldAudit = await db
    .delete(auditLog)
    .where(lt(auditLog.createdAt, monthsBefore(now, retention.auditLogMonths)))
    .returning({ id: auditLog.id });
  const oldVitals = await deleteOldVitals(db, now);
  const oldHeld = await purgeHeld(db, now);
  const oldDeliveries = await db
    .update(newsletterDeliveries)
    .set({ email: sql`'removed-' || ${newsletterDeliveries.id}`, subscriberId: null, lastError: null })
    .where(
      and(
        inArray(newsletterDeliveries.state, ["sent", "failed", "suppressed", "unknown"]),
        lt(newsletterDeliveries.updatedAt, monthsBefore(now, retention.newsletterDeliveryMonths)),
        sql`${newsletterDeliveries.email} not like 'removed-%'`,
      ),
    )
    .returning({ id: newsletterDeliveries.id });
  const oldMessages = await deleteSettledMessages(db, {
    before: new Date(now.getTime() - retention.sentMessageDays * 86_400_000),
    confirmationsBefore: monthsBefore(now, retention.orderConfirmationMonths),
  });
  const counts: RetentionCounts = {
    leads: removedLeads.length,
    bookings: removedBookings.length,
    eventSignups: removedEvents.length,
    unconfirmedSubscribers: unconfirmed.length,
    unsubscribedTrimmed: longGone.length,
    orders: oldOrders.length,
    auditLog: oldAudit.length,
    webVitals: oldVitals,
    heldSubmissions: oldHeld,
    newsletterDeliveries: oldDeliveries.length,
    messages: oldMessages,
  };
  if (Object.values(counts).some((n) => n > 0))
    await db.insert(auditLog).values({ action: "retention.applied", detail: { ...counts }, createdAt: now });
  return counts;
}

/** Applies retention unless another instance is doing it right now. */
export async function applyRetentionExclusive(
  db: Db,
  now = new Date(),
  options: RetentionOptions = {},
): Promise<RetentionCounts | null> {
  const outcome = await runExclusive(db, RETENTION_LOCK_ID, (tx) => applyRetention(tx, now, options));
  return outcome.ran ? outcome.result : null;
}

export interface RetentionOptions {
  /** Start of the event that signups without an event key belong to (those from before 0010). */
  eventStartsAt?: Date | null;
  /** Each event's start by its content key. */
  eventStarts?: Map<string, Date>;
}

/** Every six hours, first a minute after start (not in the way of the first requests). */
export function startRetention(
  db: Db,
  options: () => Promise<RetentionOptions>,
  onError: (error: unknown) => void,
): () => void {
  return every(6 * 60 * 60_000, async () => applyRetentionExclusive(db, new Date(), await options()), onError, 60_000);
}
