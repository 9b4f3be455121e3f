import { randomUUID } from "node:crypto";
import * as schema from "#db/schema";
import type { Db } from "~/infra/db.server";

const BATCH = 500;

async function insertAll<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let start = 0; start < rows.length; start += BATCH) await insert(rows.slice(start, start + BATCH));
}

/**
 * Fills a database with made-up leads, subscribers, orders with payments, consent records, lead
 * timeline entries, audit entries and processed web-hook events, with the awkward values real
 * visitors send: accents, quotes, emoji, line breaks, JSON answers, empty and missing fields.
 */
export async function fillDatabase(db: Db, leads: number): Promise<void> {
  const created = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 61_000 + (i % 1000));
  const signups = Array.from({ length: leads }, (_, i) => ({
    id: randomUUID(),
    formName: i % 3 === 0 ? "event" : "intake",
    firstName: i % 7 === 0 ? null : `Zoë ${i}`,
    lastName: `d'Hondt "${i}"`,
    email: `lead${i}@example.test`,
    phone: i % 2 ? `+3161234${String(i).padStart(4, "0")}` : null,
    answers: { q1: "weight-loss", q2: `line one\nline two 💪 ${i}`, q3: "" },
    message: i % 5 === 0 ? "Tab\there, backslash \\ and $dollar$ quotes" : null,
    status: ["new", "contacted", "client"][i % 3] ?? "new",
    firstTouch:
      i % 4 === 0
        ? { utmSource: "newsletter", landingPath: "/", firstSeen: created(i).toISOString().slice(0, 10) }
        : null,
    idempotencyKey: randomUUID(),
    createdAt: created(i),
    updatedAt: created(i + 1),
  }));
  await insertAll(signups, (batch) => db.insert(schema.signups).values(batch));
  const subscribers = signups
    .filter((_, i) => i % 2 === 0)
    .map((lead, i) => ({
      id: randomUUID(),
      email: `reader${i}@example.test`,
      source: "footer",
      status: i % 3 ? "confirmed" : "pending",
      confirmedAt: i % 3 ? lead.createdAt : null,
      createdAt: lead.createdAt,
      updatedAt: lead.createdAt,
    }));
  await insertAll(subscribers, (batch) => db.insert(schema.newsletterSubscribers).values(batch));
  const orders = signups
    .filter((_, i) => i % 10 === 0)
    .map((lead, i) => ({
      id: randomUUID(),
      planId: "essential",
      planName: "Essential",
      billingType: i % 2 ? "onetime" : "instalments",
      paymentsTotal: i % 2 ? 1 : 3,
      paymentsMade: 1,
      amountCents: 12_345 + i,
      status: "paid",
      provider: "test",
      providerSessionId: `cs_test_${i}`,
      customerEmail: lead.email,
      leadId: lead.id,
      subscriberId: subscribers[i]?.id ?? null,
      createdAt: lead.createdAt,
      updatedAt: lead.createdAt,
    }));
  await insertAll(orders, (batch) => db.insert(schema.orders).values(batch));
  await insertAll(
    orders.map((order, i) => ({
      orderId: order.id,
      providerPaymentId: `pi_${i}`,
      instalment: 1,
      amountCents: order.amountCents,
      status: "paid",
      createdAt: order.createdAt,
    })),
    (batch) => db.insert(schema.payments).values(batch),
  );
  await insertAll(
    [
      ...signups.map((lead) => ({
        signupId: lead.id,
        action: "signup",
        form: lead.formName,
        page: "/questionnaire",
        textVersion: "privacy-v1",
        network: "203.0.113.0/24",
        userAgent: "Mozilla/5.0 (fixture)",
        createdAt: lead.createdAt,
      })),
      ...subscribers.map((reader) => ({
        subscriberId: reader.id,
        action: "signup",
        form: "newsletter-footer",
        textVersion: "newsletter-v1",
        createdAt: reader.createdAt,
      })),
    ],
    (batch) => db.insert(schema.consentRecords).values(batch),
  );
  await insertAll(
    signups
      .filter((_, i) => i % 3 === 2)
      .map((lead) => ({
        leadId: lead.id,
        kind: "status",
        fromStatus: "new",
        toStatus: "client",
        actor: "trainer",
        note: "Called back ✓",
        createdAt: lead.createdAt,
      })),
    (batch) => db.insert(schema.leadEvents).values(batch),
  );
  await db.insert(schema.auditLog).values({ action: "export", detail: { list: "leads", rows: leads } });
  await db.insert(schema.processedEvents).values({ id: "evt_fixture", type: "checkout.session.completed" });
}
