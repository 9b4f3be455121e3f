import { createHash } from "node:crypto";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  bookings,
  consentRecords,
  leadEvents,
  newsletterDeliveries,
  newsletterSubscribers,
  orders,
  payments,
  signups,
} from "#db/schema";
import type { Db } from "~/infra/db.server";
import { FORM_NAMES } from "~/features/leads/vocabulary";
import { isValidEmail } from "~/infra/email-address";
import { internationalNumber } from "./contact";

/**
 * "What do you hold about me?" and "delete me" (GDPR art. 15, 17, 20), keyed by an e-mail address
 * or a phone number. By address, a person is found in leads, subscribers, bookings and orders, and
 * their event signups by the phone number of their intake lead. By phone number (someone who only
 * signed up for the event gave no address), in intake leads and event signups, and from those leads'
 * addresses in the rest. Phone numbers are compared in international form, so "06 1234 5678" at the
 * event and "+31 6 1234 5678" in the questionnaire are one number. Lead events, payments and consent
 * records follow from those rows.
 */
export interface PersonData {
  /** What the trainer looked the person up by: an e-mail address, or a phone number as "+31612345678". */
  person: string;
  leads: (typeof signups.$inferSelect)[];
  eventSignups: (typeof signups.$inferSelect)[];
  leadEvents: (typeof leadEvents.$inferSelect)[];
  bookings: (typeof bookings.$inferSelect)[];
  subscribers: (typeof newsletterSubscribers.$inferSelect)[];
  orders: (typeof orders.$inferSelect)[];
  payments: (typeof payments.$inferSelect)[];
  consentRecords: (typeof consentRecords.$inferSelect)[];
  /** Which newsletter issues were sent to the address, and how that went. */
  newsletterDeliveries: (typeof newsletterDeliveries.$inferSelect)[];
}

export type PersonCounts = Record<Exclude<keyof PersonData, "person">, number>;

const lower = (column: AnyPgColumn) => sql`lower(${column})`;

/**
 * What the trainer typed, as the key a person is looked up by: an e-mail address in lower case, or
 * a phone number in international form ("+31612345678"); null when it is neither.
 */
export function parsePersonKey(raw: string): string | null {
  const value = raw.trim();
  if (value.includes("@")) return isValidEmail(value.toLowerCase()) ? value.toLowerCase() : null;
  if (!/^[\d\s()+.-]+$/.test(value)) return null;
  const number = internationalNumber(value);
  return number ? `+${number}` : null;
}

/** Signups of one form whose phone is one of `phones` (international form without "+"). */
async function signupsByPhone(db: Db, formName: string, phones: readonly string[]) {
  if (!phones.length) return [];
  // The database narrows by the last eight digits as typed; the international forms then decide.
  const tails = phones.map((p) => p.slice(-8));
  const candidates = await db
    .select()
    .from(signups)
    .where(
      and(
        eq(signups.formName, formName),
        inArray(sql`right(regexp_replace(coalesce(${signups.phone}, ''), '[^0-9]', '', 'g'), 8)`, tails),
      ),
    );
  return candidates.filter((row) => phones.includes(internationalNumber(row.phone) ?? ""));
}

/** Everything held about the person with this key (parsePersonKey); an empty result for an unusable key. */
export async function findPersonData(db: Db, key: string): Promise<PersonData> {
  const byPhone = key.startsWith("+");
  const email = byPhone ? "" : key;
  const leads = byPhone
    ? await signupsByPhone(db, FORM_NAMES.intake, [key.slice(1)])
    : await db
        .select()
        .from(signups)
        .where(and(eq(signups.formName, FORM_NAMES.intake), eq(lower(signups.email), email)));
  const leadIds = leads.map((l) => l.id);
  const emails = [...new Set([email, ...leads.map((l) => l.email?.trim().toLowerCase() ?? "")].filter(Boolean))];
  const phones = [
    ...new Set([...(byPhone ? [key.slice(1)] : []), ...leads.map((l) => internationalNumber(l.phone) ?? "")]),
  ].filter(Boolean);
  const [eventSignups, subscribers, bookingRows] = await Promise.all([
    signupsByPhone(db, FORM_NAMES.event, phones),
    emails.length
      ? db.select().from(newsletterSubscribers).where(inArray(newsletterSubscribers.email, emails))
      : Promise.resolve([]),
    emails.length || leadIds.length
      ? db
          .select()
          .from(bookings)
          .where(
            or(
              ...(emails.length ? [inArray(lower(bookings.email), emails)] : []),
              ...(leadIds.length ? [inArray(bookings.leadId, leadIds)] : []),
            ),
          )
      : Promise.resolve([]),
  ]);
  const subscriberIds = subscribers.map((s) => s.id);
  const orderMatches = [
    ...(emails.length ? [inArray(lower(orders.customerEmail), emails)] : []),
    ...(leadIds.length ? [inArray(orders.leadId, leadIds)] : []),
    ...(subscriberIds.length ? [inArray(orders.subscriberId, subscriberIds)] : []),
  ];
  const orderRows = orderMatches.length
    ? await db
        .select()
        .from(orders)
        .where(or(...orderMatches))
    : [];
  const signupIds = [...leadIds, ...eventSignups.map((e) => e.id)];
  const orderIds = orderRows.map((o) => o.id);
  const [eventRows, paymentRows, consentRows, deliveryRows] = await Promise.all([
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
    emails.length
      ? db.select().from(newsletterDeliveries).where(inArray(newsletterDeliveries.email, emails))
      : Promise.resolve([]),
  ]);
  return {
    person: key,
    leads,
    eventSignups,
    leadEvents: eventRows,
    bookings: bookingRows,
    subscribers,
    orders: orderRows,
    payments: paymentRows,
    consentRecords: consentRows,
    newsletterDeliveries: deliveryRows,
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
    newsletterDeliveries: data.newsletterDeliveries.length,
  };
}

/** A reference for the audit log that proves which request was handled without storing the address. */
export function requestReference(secret: string, key: string): string {
  return createHash("sha256").update(`data-request:${secret}:${key}`).digest("hex").slice(0, 16);
}

/**
 * Erases a person in one transaction. Leads, event signups, bookings and subscribers are deleted
 * (lead events and consent records go with them). Orders stay for the bookkeeping period with
 * plan, amounts, currency, status, dates and the provider's references; every personal field is
 * emptied (e-mail, Stripe customer id, first touch, links to the lead and subscriber).
 */
export async function erasePerson(db: Db, key: string): Promise<PersonCounts> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const data = await findPersonData(t, key);
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
    if (data.newsletterDeliveries.length)
      await t.delete(newsletterDeliveries).where(
        inArray(
          newsletterDeliveries.id,
          data.newsletterDeliveries.map((d) => d.id),
        ),
      );
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
