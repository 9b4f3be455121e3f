import type { FirstTouch } from "#db/schema";
import type { Db } from "~/infra/db.server";
import { eventSignupsByPhoneTail, intakeLead, leadHistory } from "~/features/leads/person.server";
import { bookingsOfLead } from "~/features/scheduling/person.server";
import { subscribersByEmail } from "~/features/newsletter/person.server";
import { ordersOfLead, paymentsOf } from "~/features/checkout/person.server";
import { readableAnswers, type AnswerLine } from "~/features/back-office/labels";
import { consentsOf, type ConsentView } from "~/features/back-office/consent.server";
import { findRepeats, leadContactLinks } from "~/features/leads/contact.server";
import type { ContactLinks } from "~/features/leads/contact";
import { NO_REPEATS, phoneKey, phoneTail, type Repeats } from "~/features/leads/repeats";

/** One thing that happened to a lead, for the timeline on /admin/leads/:id. */
export type TimelineEntry =
  | { kind: "first-visit"; at: string; firstTouch: FirstTouch }
  | { kind: "intake"; at: string; answers: AnswerLine[]; message: string | null; sourceUrl: string | null }
  | { kind: "call-booked"; at: string; startsAt: string | null; provider: string; matchedBy: string | null }
  | { kind: "call-cancelled"; at: string; startsAt: string | null; provider: string }
  | { kind: "event-signup"; at: string; name: string | null }
  | { kind: "newsletter"; at: string; status: string; note: string }
  | { kind: "order"; at: string; orderId: string; plan: string; amountCents: number; currency: string; status: string }
  | {
      kind: "payment";
      at: string;
      orderId: string;
      instalment: number;
      of: number;
      amountCents: number;
      currency: string;
    }
  | { kind: "status"; at: string; from: string | null; to: string | null; actor: string; reason: string | null }
  | { kind: "note"; at: string; note: string | null; actor: string }
  | { kind: "contact"; at: string; channel: string }
  /** The same person sent the questionnaire again: that later lead. */
  | { kind: "repeat"; at: string; leadId: string };

export interface LeadTimeline {
  lead: {
    id: string;
    name: string;
    email: string | null;
    phone: string | null;
    status: string;
    note: string | null;
    createdAt: string;
    firstTouch: FirstTouch | null;
    links: ContactLinks;
  };
  /** The same person's other questionnaires (the later ones are on the timeline too). */
  repeats: Repeats;
  entries: TimelineEntry[];
  /** Proof of consent of this lead, their event signups and their newsletter address. */
  consents: ConsentView[];
}

/**
 * Everything known about one intake lead, oldest first: where they first came from, the
 * intake, the same person's later questionnaires (same e-mail or phone number), booked and
 * cancelled calls, event signups (same phone number, in E.164 form), newsletter status
 * (same e-mail), orders and payments (linked, or the same e-mail), and every status change
 * and note, by the trainer or the system.
 */
export async function leadTimeline(db: Db, leadId: string): Promise<LeadTimeline | null> {
  const lead = await intakeLead(db, leadId);
  if (!lead) return null;
  const email = lead.email?.trim().toLowerCase() ?? "";
  const phone = phoneKey(lead.phone);
  const tail = phoneTail(lead.phone);

  const [callRows, eventCandidates, subscriberRows, orderRows, changeRows, repeatMap] = await Promise.all([
    bookingsOfLead(db, lead.id),
    phone && tail ? eventSignupsByPhoneTail(db, tail) : Promise.resolve([]),
    email ? subscribersByEmail(db, [email]) : Promise.resolve([]),
    ordersOfLead(db, lead.id, email),
    leadHistory(db, lead.id),
    findRepeats(db, [{ id: lead.id, email: lead.email, phone: lead.phone, createdAt: lead.createdAt.toISOString() }]),
  ]);
  // "06 1234 5678" at the event and "+31 6 1234 5678" in the questionnaire are one number.
  const eventRows = eventCandidates.filter((e) => phoneKey(e.phone) === phone);
  const repeats = repeatMap.get(lead.id) ?? NO_REPEATS;
  const paymentRows = await paymentsOf(
    db,
    orderRows.map((o) => o.id),
  );

  const iso = (d: Date) => d.toISOString();
  const entries: TimelineEntry[] = [];
  if (lead.firstTouch)
    entries.push({
      kind: "first-visit",
      at: `${lead.firstTouch.firstSeen}T00:00:00.000Z`,
      firstTouch: lead.firstTouch,
    });
  entries.push({
    kind: "intake",
    at: iso(lead.createdAt),
    answers: readableAnswers(lead.answers),
    message: lead.message,
    sourceUrl: lead.sourceUrl,
  });
  for (const later of repeats.later) entries.push({ kind: "repeat", at: later.createdAt, leadId: later.id });
  for (const b of callRows) {
    entries.push({
      kind: "call-booked",
      at: iso(b.createdAt),
      startsAt: b.startsAt ? iso(b.startsAt) : null,
      provider: b.provider,
      matchedBy: b.matchedBy,
    });
    if (b.status === "cancelled")
      entries.push({
        kind: "call-cancelled",
        at: iso(b.cancelledAt ?? b.updatedAt),
        startsAt: b.startsAt ? iso(b.startsAt) : null,
        provider: b.provider,
      });
  }
  for (const e of eventRows) entries.push({ kind: "event-signup", at: iso(e.createdAt), name: e.name });
  for (const s of subscriberRows) {
    entries.push({ kind: "newsletter", at: iso(s.createdAt), status: "pending", note: `Subscribed (${s.source})` });
    if (s.confirmedAt)
      entries.push({ kind: "newsletter", at: iso(s.confirmedAt), status: "confirmed", note: "Confirmed" });
    if (s.unsubscribedAt)
      entries.push({ kind: "newsletter", at: iso(s.unsubscribedAt), status: "unsubscribed", note: "Unsubscribed" });
  }
  for (const o of orderRows) {
    entries.push({
      kind: "order",
      at: iso(o.createdAt),
      orderId: o.id,
      plan: `${o.planName} (${o.billingType})`,
      amountCents: o.amountCents,
      currency: o.currency,
      status: o.status,
    });
  }
  for (const p of paymentRows) {
    const order = orderRows.find((o) => o.id === p.orderId);
    entries.push({
      kind: "payment",
      at: iso(p.createdAt),
      orderId: p.orderId,
      instalment: p.instalment,
      of: order?.paymentsTotal ?? 1,
      amountCents: p.amountCents,
      currency: order?.currency ?? "eur",
    });
  }
  for (const c of changeRows) {
    if (c.kind === "note") entries.push({ kind: "note", at: iso(c.createdAt), note: c.note, actor: c.actor });
    else if (c.kind === "contact") entries.push({ kind: "contact", at: iso(c.createdAt), channel: c.note ?? "" });
    else
      entries.push({
        kind: "status",
        at: iso(c.createdAt),
        from: c.fromStatus,
        to: c.toStatus,
        actor: c.actor,
        reason: c.reason,
      });
  }
  const consents = await consentsOf(db, {
    signupIds: [lead.id, ...eventRows.map((e) => e.id)],
    subscriberIds: subscriberRows.map((s) => s.id),
  });
  // Stable: entries of the same moment keep the order above (a booking before the status it caused).
  entries.sort((a, b) => a.at.localeCompare(b.at));
  return {
    lead: {
      id: lead.id,
      name: [lead.firstName, lead.lastName].filter(Boolean).join(" ") || lead.name || "(no name)",
      email: lead.email,
      phone: lead.phone,
      status: lead.status,
      note: lead.note,
      createdAt: iso(lead.createdAt),
      firstTouch: lead.firstTouch ?? null,
      links: leadContactLinks(lead),
    },
    repeats,
    entries,
    consents,
  };
}
