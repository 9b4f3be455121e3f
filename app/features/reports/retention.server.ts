import { retention } from "#content/retention";
import type { Db } from "~/infra/db.server";
import { every, runExclusive } from "~/infra/scheduled-job.server";
import { appendAudit, pruneAuditLog } from "~/infra/audit-log.server";
import { pruneEventSignups, pruneLeads, staleLeadIds } from "~/features/leads/person.server";
import { pruneBookings } from "~/features/scheduling/person.server";
import { pruneOrders } from "~/features/checkout/person.server";
import { anonymiseOldDeliveries, pruneUnconfirmed, trimUnsubscribed } from "~/features/newsletter/person.server";
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
  const leadIds = await staleLeadIds(db, monthsBefore(now, retention.leadMonths));
  const removedBookings = await pruneBookings(db, { leadIds, before: monthsBefore(now, retention.leadMonths) });
  const removedLeads = await pruneLeads(db, leadIds);
  // Signups for an event go a month after it; a year is the backstop for an event date changed since.
  // `eventStarts` has each event's start by its key; `eventStartsAt` is for signups without a key.
  const cutoff = monthsBefore(now, retention.eventSignupMonthsAfterEvent);
  const eventOver = options.eventStartsAt && cutoff > options.eventStartsAt;
  const overKeys = [...(options.eventStarts ?? new Map<string, Date>())]
    .filter(([, start]) => cutoff > start)
    .map(([k]) => k);
  const removedEvents = await pruneEventSignups(db, {
    createdBefore: monthsBefore(now, 12),
    eventKeys: overKeys,
    keylessUntil: eventOver ? now : null,
  });
  const unconfirmed = await pruneUnconfirmed(
    db,
    new Date(now.getTime() - retention.unconfirmedNewsletterDays * 86_400_000),
  );
  const trimmed = await trimUnsubscribed(db, monthsBefore(now, retention.unsubscribedProofMonths));
  const oldOrders = await pruneOrders(db, monthsBefore(now, retention.orderYears * 12));
  const oldAudit = await pruneAuditLog(db, monthsBefore(now, retention.auditLogMonths));
  const oldVitals = await deleteOldVitals(db, now);
  const oldHeld = await purgeHeld(db, now);
  const oldDeliveries = await anonymiseOldDeliveries(db, monthsBefore(now, retention.newsletterDeliveryMonths));
  const oldMessages = await deleteSettledMessages(db, {
    before: new Date(now.getTime() - retention.sentMessageDays * 86_400_000),
    confirmationsBefore: monthsBefore(now, retention.orderConfirmationMonths),
  });
  const counts: RetentionCounts = {
    leads: removedLeads,
    bookings: removedBookings,
    eventSignups: removedEvents,
    unconfirmedSubscribers: unconfirmed,
    unsubscribedTrimmed: trimmed,
    orders: oldOrders,
    auditLog: oldAudit,
    webVitals: oldVitals,
    heldSubmissions: oldHeld,
    newsletterDeliveries: oldDeliveries,
    messages: oldMessages,
  };
  if (Object.values(counts).some((n) => n > 0))
    await appendAudit(db, { action: "retention.applied", detail: { ...counts }, createdAt: now });
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
