import { createHash } from "node:crypto";
import type {
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
import { consentRecordsOf } from "~/infra/consent.server";
import { deleteSignups, leadEventsOf, signupsByEmail, signupsByPhone } from "~/features/leads/person.server";
import { bookingsOfPerson, deleteBookings } from "~/features/scheduling/person.server";
import { anonymiseOrders, ordersOfPerson, paymentsOf } from "~/features/checkout/person.server";
import {
  deleteDeliveries,
  deleteSubscribers,
  deliveriesTo,
  subscribersByEmail,
} from "~/features/newsletter/person.server";
import { FORM_NAMES } from "~/features/leads/vocabulary";
import { isValidEmail } from "~/infra/email-address";
import { bookingAbout } from "~/features/follow-ups/follow-ups.server";
import { eraseMessagesOf, messagesOf } from "~/features/messages/person.server";
import { forgetCodeEmails } from "~/features/checkout/codes.server";
import type { Message } from "~/features/messages/engine.server";
import { internationalNumber } from "~/features/leads/contact";

/**
 * "What do you hold about me?" and "delete me" (GDPR art. 15, 17, 20), keyed by an e-mail address
 * or a phone number. A person is matched only by identifiers that belong to them: the address they
 * prove (or the phone number the trainer verifies), and a second identifier only where one record
 * holds both. Anyone can type someone else's mobile number into a form, so a record linked to the
 * person by a phone number alone (an event signup with the number their questionnaire gave; a
 * questionnaire that typed the number looked up) is not theirs: it is offered to the trainer as
 * "possibly the same person" with the evidence, and goes into an export or an erasure only when she
 * ticks it. Nothing is followed further from such a record (its address does not bring in that
 * address's subscriptions or orders).
 *
 * By address: leads and event signups with that address, bookings, subscribers and orders with it or
 * linked to those leads and subscriptions. By phone number (someone who only signed up for the event
 * gave no address): event signups with that number. Phone numbers are compared in international
 * form, so "06 1234 5678" at the event and "+31 6 1234 5678" in the questionnaire are one number.
 * Lead events, payments and consent records follow from the rows matched.
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
  /** E-mails and notices sent to the address or about the person's records (the message engine's rows). */
  messages: Message[];
}

export type PersonCounts = Record<Exclude<keyof PersonData, "person">, number>;

/** A record linked to the person by a phone number alone: hers to judge, never exported or erased unasked. */
export interface PossibleMatch {
  /** The signup's id: what the trainer ticks to include it. */
  id: string;
  kind: "lead" | "eventSignup";
  /** The name (and, for a questionnaire, the address) the record holds, for her to recognise. */
  label: string;
  createdAt: Date;
  /** Why it is shown: which number links it, and to what. */
  evidence: string;
  /** True when the trainer chose to include it in this request. */
  included: boolean;
}

export interface PersonLookup {
  data: PersonData;
  possible: PossibleMatch[];
}

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

const fullName = (row: typeof signups.$inferSelect) =>
  row.name?.trim() || [row.firstName, row.lastName].filter(Boolean).join(" ").trim() || "No name";

/**
 * One query after another. Erasure runs the lookup inside its transaction, whose one connection
 * takes one query at a time (node-postgres deprecates queueing them), so the lookup never runs
 * its queries side by side.
 */
async function inTurn<T extends readonly (() => PromiseLike<unknown>)[]>(
  queries: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  const results: unknown[] = [];
  for (const query of queries) results.push(await query());
  return results as { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
}

/**
 * Everything held about the person with this key (parsePersonKey), and the records linked to them by
 * a phone number alone. `include` holds the ids of such records the trainer chose to add; an id that
 * is not one of them is ignored, so a tampered form cannot pull in anyone else's record.
 */
export async function lookUpPerson(db: Db, key: string, include: readonly string[] = []): Promise<PersonLookup> {
  const byPhone = key.startsWith("+");
  const email = byPhone ? "" : key;
  const number = byPhone ? key.slice(1) : "";
  const [ownSignups, phoneLeads, phoneEvents] = await inTurn([
    () => (email ? signupsByEmail(db, email) : Promise.resolve([])),
    () => (number ? signupsByPhone(db, FORM_NAMES.intake, [number]) : Promise.resolve([])),
    () => (number ? signupsByPhone(db, FORM_NAMES.event, [number]) : Promise.resolve([])),
  ] as const);
  const ownLeads = ownSignups.filter((s) => s.formName !== FORM_NAMES.event);
  const ownEvents = [...ownSignups.filter((s) => s.formName === FORM_NAMES.event), ...phoneEvents];
  const ownIds = new Set(ownSignups.map((s) => s.id).concat(phoneEvents.map((s) => s.id)));

  // Linked by a number alone: by address, event signups with a number the person's questionnaires
  // gave; by number, questionnaires that typed it (each holds someone's address, which is not proven).
  const leadPhones = [...new Set(ownLeads.map((l) => internationalNumber(l.phone)).filter((p): p is string => !!p))];
  const candidates = byPhone
    ? phoneLeads.map((row) => ({ row, kind: "lead" as const, via: number }))
    : (await signupsByPhone(db, FORM_NAMES.event, leadPhones)).map((row) => ({
        row,
        kind: "eventSignup" as const,
        via: internationalNumber(row.phone) ?? "",
      }));
  const chosen = new Set(include);
  const possible: PossibleMatch[] = candidates
    .filter(({ row }) => !ownIds.has(row.id))
    .map(({ row, kind, via }) => ({
      id: row.id,
      kind,
      label: kind === "lead" && row.email ? `${fullName(row)} <${row.email}>` : fullName(row),
      createdAt: row.createdAt,
      evidence:
        kind === "lead"
          ? `This questionnaire gave the phone number +${via}; its e-mail address is someone's own, not proven by this request.`
          : `This event signup has the phone number +${via}, which the person's questionnaire also gave; anyone can type a number.`,
      included: chosen.has(row.id),
    }));
  const added = candidates.filter(({ row }) => possible.some((p) => p.id === row.id && p.included));
  const leads = [...ownLeads, ...added.filter((c) => c.kind === "lead").map((c) => c.row)];
  const eventSignups = [...ownEvents, ...added.filter((c) => c.kind === "eventSignup").map((c) => c.row)];

  // Followed only from what the person proved: their address, and their own leads and subscriptions.
  const ownLeadIds = ownLeads.map((l) => l.id);
  const emails = email ? [email] : [];
  const [subscribers, bookingRows] = await inTurn([
    () => subscribersByEmail(db, emails),
    () => bookingsOfPerson(db, { emails, leadIds: ownLeadIds }),
  ] as const);
  const subscriberIds = subscribers.map((s) => s.id);
  const orderRows = await ordersOfPerson(db, { emails, leadIds: ownLeadIds, subscriberIds });
  const leadIds = leads.map((l) => l.id);
  const signupIds = [...leadIds, ...eventSignups.map((e) => e.id)];
  const orderIds = orderRows.map((o) => o.id);
  const [eventRows, paymentRows, consentRows, deliveryRows] = await inTurn([
    () => leadEventsOf(db, leadIds),
    () => paymentsOf(db, orderIds),
    () => consentRecordsOf(db, { signupIds, subscriberIds }),
    () => deliveriesTo(db, emails),
  ] as const);
  const messageRows = await messagesOf(
    db,
    personMessages({ key, leads, eventSignups, bookings: bookingRows, subscribers, orders: orderRows }),
  );
  return {
    data: {
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
      messages: messageRows,
    },
    possible,
  };
}

/**
 * Which messages are the person's: those to the address the request proved or to an address on one
 * of their own records (a booking may carry the one they gave the scheduler), and those about one of
 * their records.
 */
function personMessages(
  found: Pick<PersonData, "leads" | "eventSignups" | "bookings" | "subscribers" | "orders"> & { key: string },
) {
  const records = [...found.leads, ...found.bookings, ...found.subscribers];
  return {
    recipients: [found.key, ...records.flatMap((r) => (r.email ? [r.email] : []))],
    about: [
      ...found.leads.map((l) => l.id),
      ...found.eventSignups.map((e) => e.id),
      ...found.subscribers.map((s) => s.id),
      ...found.orders.map((o) => o.id),
      ...found.bookings.map((b) => bookingAbout(b.provider, b.externalId)),
    ],
  };
}

/** The ids of phone-linked records the trainer ticked, as a form posts them (at most a page's worth). */
export function includedIds(form: FormData): string[] {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  return [...new Set(form.getAll("include").map(String))].filter((id) => uuid.test(id)).slice(0, 200);
}

/** Everything held about the person, with only the phone-linked records the trainer chose (lookUpPerson). */
export async function findPersonData(db: Db, key: string, include: readonly string[] = []): Promise<PersonData> {
  return (await lookUpPerson(db, key, include)).data;
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
    messages: data.messages.length,
  };
}

/** A reference for the audit log that proves which request was handled without storing the address. */
export function requestReference(secret: string, key: string): string {
  return createHash("sha256").update(`data-request:${secret}:${key}`).digest("hex").slice(0, 16);
}

/**
 * Erases a person in one transaction: what findPersonData matches, with the phone-linked records
 * the trainer chose in `include` and none other. Leads, event signups, bookings and subscribers are deleted
 * (lead events and consent records go with them). Orders stay for the bookkeeping period with
 * plan, amounts, currency, status, dates and the provider's references; every personal field is
 * emptied (e-mail, Stripe customer id, first touch, links to the lead and subscriber).
 */
export async function erasePerson(db: Db, key: string, include: readonly string[] = []): Promise<PersonCounts> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const data = await findPersonData(t, key, include);
    const counts = countsOf(data);
    const signupIds = [...data.leads, ...data.eventSignups].map((s) => s.id);
    // Their messages go with their records (a planned one then never goes); an order confirmation
    // keeps only that it went (messages/person.server.ts).
    await eraseMessagesOf(t, personMessages({ key, ...data }));
    const orderIds = data.orders.map((o) => o.id);
    // A once-per-person code kept the address with its use (decision 076).
    await forgetCodeEmails(t, orderIds, isValidEmail(key) ? key : null);
    await anonymiseOrders(t, orderIds);
    await deleteBookings(
      t,
      data.bookings.map((b) => b.id),
    );
    await deleteSignups(t, signupIds);
    await deleteDeliveries(
      t,
      data.newsletterDeliveries.map((d) => d.id),
    );
    await deleteSubscribers(
      t,
      data.subscribers.map((s) => s.id),
    );
    return counts;
  });
}
