import { inArray } from "drizzle-orm";
import { newsletterDeliveries, newsletterSubscribers } from "#db/schema";
import type { Db } from "~/infra/db.server";

/**
 * One person's subscriptions and the issues sent to them, as a data request
 * (reports/data-requests.server.ts) finds and erases them.
 */

export async function subscribersByEmail(
  db: Db,
  emails: string[],
): Promise<(typeof newsletterSubscribers.$inferSelect)[]> {
  return emails.length
    ? db.select().from(newsletterSubscribers).where(inArray(newsletterSubscribers.email, emails))
    : [];
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
