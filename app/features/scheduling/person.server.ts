import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { bookings } from "#db/schema";
import type { Db } from "~/infra/db.server";

/** One person's bookings, as a data request (reports/data-requests.server.ts) finds and erases them. */

export type Booking = typeof bookings.$inferSelect;

/** Bookings with one of these addresses (in lower case) or of one of these leads. */
export async function bookingsOfPerson(db: Db, by: { emails: string[]; leadIds: string[] }): Promise<Booking[]> {
  if (!by.emails.length && !by.leadIds.length) return [];
  return db
    .select()
    .from(bookings)
    .where(
      or(
        ...(by.emails.length ? [inArray(sql`lower(${bookings.email})`, by.emails)] : []),
        ...(by.leadIds.length ? [inArray(bookings.leadId, by.leadIds)] : []),
      ),
    );
}

export async function deleteBookings(db: Db, ids: string[]): Promise<void> {
  if (ids.length) await db.delete(bookings).where(inArray(bookings.id, ids));
}

/** Retention: the bookings of these leads, and those of no lead created before `before`; how many went. */
export async function pruneBookings(db: Db, by: { leadIds: string[]; before: Date }): Promise<number> {
  const removed = await db
    .delete(bookings)
    .where(
      or(
        ...(by.leadIds.length ? [inArray(bookings.leadId, by.leadIds)] : []),
        and(isNull(bookings.leadId), lt(bookings.createdAt, by.before)),
      ),
    )
    .returning({ id: bookings.id });
  return removed.length;
}

/** A lead's bookings (its timeline). */
export async function bookingsOfLead(db: Db, leadId: string): Promise<Booking[]> {
  return db.select().from(bookings).where(eq(bookings.leadId, leadId));
}

/** Whether the lead has a call still booked (any provider). */
export async function hasBookedCall(db: Db, leadId: string): Promise<boolean> {
  const [stillBooked] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.leadId, leadId), eq(bookings.status, "booked")))
    .limit(1);
  return stillBooked !== undefined;
}

/** The lead's latest booking (by its start), as the follow-ups key a missed call. */
export async function latestBookingOf(
  db: Db,
  leadId: string,
): Promise<{ provider: string; externalId: string } | undefined> {
  const [booking] = await db
    .select({ provider: bookings.provider, externalId: bookings.externalId })
    .from(bookings)
    .where(eq(bookings.leadId, leadId))
    .orderBy(sql`${bookings.startsAt} desc nulls last`)
    .limit(1);
  return booking;
}
