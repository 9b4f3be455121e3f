import { and, eq, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import { newsletterDeliveries, newsletterSubscribers } from "#db/schema";
import type { Db } from "~/infra/db.server";
import { deleteSubscriberConsents, hasConsentRecord } from "~/infra/consent.server";

/**
 * One person's subscriptions and the issues sent to them, as a data request
 * (reports/data-requests.server.ts) finds and erases them, and what retention removes.
 */

export async function subscribersByEmail(
  db: Db,
  emails: string[],
): Promise<(typeof newsletterSubscribers.$inferSelect)[]> {
  return emails.length
    ? db.select().from(newsletterSubscribers).where(inArray(newsletterSubscribers.email, emails))
    : [];
}

/** The subscriber with this address (in lower case), if any: what a paid order is tied to (checkout's fulfilment). */
export async function subscriberIdByEmail(db: Db, email: string): Promise<string | null> {
  const [subscriber] = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, email));
  return subscriber?.id ?? null;
}

/** Whether the mail server refused this address for good (its subscription is suppressed). */
export async function isSuppressedAddress(db: Db, email: string): Promise<boolean> {
  const [suppressed] = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.email, email), sql`${newsletterSubscribers.suppressedAt} is not null`));
  return suppressed !== undefined;
}

export async function deliveriesTo(db: Db, emails: string[]): Promise<(typeof newsletterDeliveries.$inferSelect)[]> {
  return emails.length ? db.select().from(newsletterDeliveries).where(inArray(newsletterDeliveries.email, emails)) : [];
}

export async function deleteDeliveries(db: Db, ids: string[]): Promise<void> {
  if (ids.length) await db.delete(newsletterDeliveries).where(inArray(newsletterDeliveries.id, ids));
}

export async function deleteSubscribers(db: Db, ids: string[]): Promise<void> {
  if (ids.length) await db.delete(newsletterSubscribers).where(inArray(newsletterSubscribers.id, ids));
}

// ——— Retention (reports/retention.server.ts decides the periods) ———

/** Addresses never confirmed, signed up before `before`; how many went. */
export async function pruneUnconfirmed(db: Db, before: Date): Promise<number> {
  const removed = await db
    .delete(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.status, "pending"), lt(newsletterSubscribers.createdAt, before)))
    .returning({ id: newsletterSubscribers.id });
  return removed.length;
}

/**
 * Addresses unsubscribed before `before` keep only what suppression needs: their proof of consent,
 * first touch and service type go. How many were trimmed.
 */
export async function trimUnsubscribed(db: Db, before: Date): Promise<number> {
  const longGone = await db
    .select({ id: newsletterSubscribers.id })
    .from(newsletterSubscribers)
    .where(
      and(
        eq(newsletterSubscribers.status, "unsubscribed"),
        lt(newsletterSubscribers.unsubscribedAt, before),
        or(
          isNotNull(newsletterSubscribers.firstTouch),
          isNotNull(newsletterSubscribers.serviceType),
          hasConsentRecord(newsletterSubscribers.id),
        ),
      ),
    );
  if (longGone.length) {
    const ids = longGone.map((g) => g.id);
    await deleteSubscriberConsents(db, ids);
    await db
      .update(newsletterSubscribers)
      .set({ firstTouch: null, serviceType: null })
      .where(inArray(newsletterSubscribers.id, ids));
  }
  return longGone.length;
}

/** Settled delivery records last changed before `before` lose their address (the counts stay). */
export async function anonymiseOldDeliveries(db: Db, before: Date): Promise<number> {
  const changed = await db
    .update(newsletterDeliveries)
    .set({ email: sql`'removed-' || ${newsletterDeliveries.id}`, subscriberId: null, lastError: null })
    .where(
      and(
        inArray(newsletterDeliveries.state, ["sent", "failed", "suppressed", "unknown"]),
        lt(newsletterDeliveries.updatedAt, before),
        sql`${newsletterDeliveries.email} not like 'removed-%'`,
      ),
    )
    .returning({ id: newsletterDeliveries.id });
  return changed.length;
}
