import { createHash } from "node:crypto";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { bookings, consentRecords, leadEvents, newsletterSubscribers, orders, payments, signups } from "#db/schema";
import type { Db } from "~/infra/db.server";
import { FORM_NAMES } from "~/features/leads/vocabulary";

/**
 * "What do you hold about me?" and "delete me" (GDPR art. 15, 17, 20), keyed by e-mail address.
 * A person is found by the address in leads, subscribers, bookings and orders; event signups
 * carry no address and are found by the phone number of the person's intake lead; lead events,
 * payments and consent records follow from those rows.
 */
export interface PersonData {
  email: string;
  leads: (typeof signups.$inferSelect)[];
  eventSignups: (typeof signups.$inferSelect)[];
  leadEvents: (typeof leadEvents.$inferSelect)[];
  bookings: (typeof bookings.$inferSelect)[];
  subscribers: (typeof newsletterSubscribers.$inferSelect)[];
  orders: (typeof orders.$inferSelect)[];
  payments: (typeof payments.$inferSelect)[];
  consentRecords: (typeof consentRecords.$inferSelect)[];
}

export type PersonCounts = Record<Exclude<keyof PersonData, "email">, number>;

const digits = (phone: string | null) => (phone ?? "").replace(/\D/g, "");
const lower = (column: AnyPgColumn) => sql`lower(${column})`;

export const normaliseRequestEmail = (email: string) => email.trim().toLowerCase();

export async function findPersonData(db: Db, rawEmail: string): Promise<PersonData> {
  const email = normaliseRequestEmail(rawEmail);
  const leads = await db
    .select()
    .from(signups)
    .where(and(eq(signups.formName, FORM_NAMES.intake), eq(lower(signups.email), email)));
  const leadIds = leads.map((l) => l.id);
  const phones = [...new Set(leads.map((l) => digits(l.phone)).filter((p) => p.length >= 6))];
  const [eventSignups, subscribers, bookingRows] = await Promise.all([
    phones.length
      ? db
          .select()
          .from(signups)
          .where(
            and(
              eq(signups.formName, FORM_NAMES.event),
              inArray(sql`regexp_replace(coalesce(${signups.phone}, ''), '[^0-9]', '', 'g')`, phones),
            ),
          )
      : Promise.resolve([]),
    db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email)),
    db
      .select()
      .from(bookings)
      .where(
        leadIds.length
          ? or(eq(lower(bookings.email), email), inArray(bookings.leadId, leadIds))
          : eq(lower(bookings.email), email),
      ),
  ]);
  const subscriberIds = subscribers.map((s) => s.id);
  const orderRows = await db
    .select()
    .from(orders)
    .where(
      or(
        eq(lower(orders.customerEmail), email),
        ...(leadIds.length ? [inArray(orders.leadId, leadIds)] : []),
        ...(subscriberIds.length ? [inArray(orders.subscriberId, subscriberIds)] : []),
      ),
    );
  const signupIds = [...leadIds, ...eventSignups.map((e) => e.id)];
  const orderIds = orderRows.map((o) => o.id);
  const [eventRows, paymentRows, consentRows] = await Promise.all([
    leadIds.length ? db.select().from(leadEvents).where(inArray(leadEvents.leadId, leadIds)) : Promise.resolve([]),
    orderIds.length ? db.select().from(payments).where(inArray(payments.orderId, orderIds)) : Promise.resolve([]),
    signupIds.length || subscriberIds.length
      ? db
          .select()
          .from(consentRecords)
          .where(
            or(
              ...(signupIds.length ? [inArray(consentRecords.signupId, signupIds)] : []),
              ...(subscriberIds.length ? [inArray(consentRecords.subscriberId, subscriberIds)] : []),
            ),
          )
      : Promise.resolve([]),
  ]);
  return {
    email,
    leads,
    eventSignups,
    leadEvents: eventRows,
    bookings: bookingRows,
    subscribers,
    orders: orderRows,
    payments: paymentRows,
    consentRecords: consentRows,
  };
}

export function countsOf(data: PersonData): PersonCounts {
  return {
    leads: data.leads.length,
    eventSignups: data.eventSignups.length,
    leadEvents: data.leadEvents.length,
    bookings: data.bookings.length,
    subscribers: data.subscribers.length,
    orders: data.orders.length,
    payments: data.payments.length,
    consentRecords: data.consentRecords.length,
  };
}

/** A reference for the audit log that proves which request was handled without storing the address. */
export function requestReference(secret: string, email: string): string {
  return createHash("sha256")
    .update(`data-request:${secret}:${normaliseRequestEmail(email)}`)
    .digest("hex")
    .slice(0, 16);
}

/**
 * Erases a person in one transaction. Leads, event signups, bookings and subscribers are deleted
 * (lead events and consent records go with them). Orders stay for the bookkeeping period with
 * plan, amounts, currency, status, dates and the provider's references; every personal field is
 * emptied (e-mail, Stripe customer id, first touch, links to the lead and subscriber).
 */
export async function erasePerson(db: Db, rawEmail: string): Promise<PersonCounts> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const data = await findPersonData(t, rawEmail);
    const counts = countsOf(data);
    const signupIds = [...data.leads, ...data.eventSignups].map((s) => s.id);
    const orderIds = data.orders.map((o) => o.id);
    if (orderIds.length)
      await t
        .update(orders)
        .set({ customerEmail: null, stripeCustomerId: null, firstTouch: null, leadId: null, subscriberId: null })
        .where(inArray(orders.id, orderIds));
    if (data.bookings.length)
      await t.delete(bookings).where(
        inArray(
          bookings.id,
          data.bookings.map((b) => b.id),
        ),
      );
    if (signupIds.length) await t.delete(signups).where(inArray(signups.id, signupIds));
    if (data.subscribers.length)
      await t.delete(newsletterSubscribers).where(
        inArray(
          newsletterSubscribers.id,
          data.subscribers.map((s) => s.id),
        ),
      );
    return counts;
  });
}
