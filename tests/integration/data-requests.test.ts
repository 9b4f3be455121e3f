import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestDatabase, engines, type Engine, type TestDatabase } from "../support/database";
import {
  auditLog,
  bookings,
  consentRecords,
  messages,
  newsletterDeliveries,
  newsletterIssues,
  leadEvents,
  newsletterSubscribers,
  orders,
  payments,
  signups,
} from "#db/schema";
import { FORM_NAMES } from "~/features/leads/vocabulary";
import { retention } from "#content/retention";
import { applyRetention, applyRetentionExclusive } from "~/features/reports/retention.server";
import { leadIdFor, writeLead } from "~/features/leads/signups.server";
import { recordConsent, type ConsentCapture } from "~/infra/consent.server";
import {
  countsOf,
  erasePerson,
  findPersonData,
  lookUpPerson,
  parsePersonKey,
} from "~/features/reports/data-requests.server";
import { deleteSignup } from "~/features/events/events.server";
import { enqueue } from "~/features/messages/engine.server";

const person = {
  email: "Saskia.Vermeer@Example.nl",
  first: "Saskia",
  last: "Vermeer-Zuidhoek",
  phone: "+31 6 4747 1122",
  ua: "Fixture browser 7f3a",
  network: "198.51.100.0/24",
};
const other = { email: "otto@example.nl", phone: "+31 6 9999 0000", ua: "Other browser 1b2c" };

const consent = (over: Partial<ConsentCapture>): ConsentCapture => ({
  form: "intake",
  page: "/start",
  textVersion: "intake-2026-11-23",
  network: person.network,
  userAgent: person.ua,
  at: new Date().toISOString(),
  ...over,
});

/** Every value of every text, varchar and jsonb column of every table, as text. */
async function everyTextValue(db: TestDatabase["db"]): Promise<string[]> {
  const result = await db.execute(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')`);
  const columns = (result as unknown as { rows: { table_name: string; column_name: string }[] }).rows;
  expect(columns.length).toBeGreaterThan(40);
  const values: string[] = [];
  for (const { table_name, column_name } of columns) {
    const rows = await db.execute(
      sql`select ${sql.identifier(column_name)}::text as v from ${sql.identifier(table_name)} where ${sql.identifier(column_name)} is not null`,
    );
    for (const row of (rows as unknown as { rows: { v: string }[] }).rows) values.push(row.v.toLowerCase());
  }
  return values;
}

describe.each(engines)("data requests on %s", (engine: Engine) => {
  let database: TestDatabase;
  let orderId = "";

  async function lead(key: string, who: { first: string; last: string; email: string; phone: string; ua: string }) {
    const id = leadIdFor(key);
    await writeLead(database.db, "intake", {
      id,
      idempotencyKey: key,
      firstName: who.first,
      lastName: who.last,
      email: who.email,
      phone: who.phone,
      answers: { q1: "weight-loss" },
      message: `Message from ${who.first}`,
      sourceUrl: "https://coach.example/start",
      firstTouch: { utmSource: "newsletter", landingPath: "/blog/x", firstSeen: "2026-11-01" },
      createdAt: new Date().toISOString(),
      consent: consent({ userAgent: who.ua, network: who === person ? person.network : "192.0.2.0/24" }),
    });
    return id;
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const db = database.db;
    const leadId = await lead("dr-person", { ...person });
    await lead("dr-other", { first: "Otto", last: "Other", email: other.email, phone: other.phone, ua: other.ua });
    await writeLead(db, "event", {
      id: leadIdFor("dr-person-event"),
      idempotencyKey: "dr-person-event",
      name: `${person.first} ${person.last}`,
      // Written the national way at the event, the international way in the questionnaire.
      phone: "06 4747 1122",
      sourceUrl: "https://coach.example/nicaragua",
      createdAt: new Date().toISOString(),
      consent: consent({ form: "event", page: "/nicaragua", textVersion: "event-2026-11-23" }),
    });
    await db.insert(leadEvents).values({ leadId, kind: "note", note: `Called ${person.first}`, actor: "trainer" });
    await db.insert(bookings).values({
      provider: "calendly",
      externalId: "invitee-dr-1",
      leadId,
      matchedBy: "email",
      email: person.email.toLowerCase(),
      name: `${person.first} ${person.last}`,
    });
    const [subscriber] = await db
      .insert(newsletterSubscribers)
      .values({ email: person.email.toLowerCase(), source: "footer", status: "confirmed", confirmedAt: new Date() })
      .returning();
    await recordConsent(db, { subscriberId: subscriber!.id }, "signup", consent({ form: "newsletter-footer" }));
    await db.insert(newsletterSubscribers).values({ email: other.email, source: "footer", status: "confirmed" });
    const [issue] = await db
      .insert(newsletterIssues)
      .values({ slug: "dr-issue", subject: "March", body: "Hello", status: "sent" })
      .returning();
    await db.insert(newsletterDeliveries).values([
      { issueId: issue!.id, subscriberId: subscriber!.id, email: person.email.toLowerCase(), state: "sent" },
      { issueId: issue!.id, email: other.email, state: "sent" },
    ]);
    const [order] = await db
      .insert(orders)
      .values({
        planId: "essential",
        planName: "Essential",
        billingType: "onetime",
        paymentsTotal: 1,
        paymentsMade: 1,
        amountCents: 8000,
        status: "paid",
        provider: "test",
        providerSessionId: "cs_test_dr_1",
        customerEmail: person.email,
        stripeCustomerId: "cus_dr_fixture",
        leadId,
        subscriberId: subscriber!.id,
        firstTouch: { utmSource: "newsletter", landingPath: "/pricing", firstSeen: "2026-11-02" },
      })
      .returning();
    orderId = order!.id;
    await db
      .insert(payments)
      .values({ orderId, providerPaymentId: "pay_dr_1", instalment: 1, amountCents: 8000, status: "paid" });
    // Messages: her lead's notice to the trainer, her welcome, her order's confirmation; and another person's.
    const mail = (to: string, subject: string) => ({
      channel: "email" as const,
      payload: { to, subject, text: subject },
    });
    await enqueue(db, {
      key: "lead-notice:dr",
      kind: "lead-notice",
      about: leadId,
      ...mail("trainer@coach.example", `New lead: ${person.first} ${person.last}`),
    });
    await enqueue(db, {
      key: "welcome:dr",
      kind: "newsletter-welcome",
      about: subscriber!.id,
      ...mail(person.email.toLowerCase(), `Welcome, ${person.first}`),
    });
    await enqueue(db, {
      key: "order-confirmation:dr",
      kind: "order-confirmation",
      about: orderId,
      ...mail(person.email, `Your order, ${person.first}`),
    });
    await enqueue(db, { key: "welcome:dr-other", kind: "newsletter-welcome", ...mail(other.email, "Welcome, Otto") });
  });
  afterAll(async () => {
    await database.drop();
  });

  it("finds every record of the person by e-mail, in any letter case, and nothing of anyone else", async () => {
    const { data: found, possible } = await lookUpPerson(database.db, parsePersonKey("  saskia.vermeer@EXAMPLE.nl ")!);
    expect(countsOf(found)).toEqual({
      leads: 1,
      eventSignups: 0,
      leadEvents: 1,
      bookings: 1,
      subscribers: 1,
      orders: 1,
      payments: 1,
      consentRecords: 2,
      newsletterDeliveries: 1,
      messages: 3,
    });
    expect(JSON.stringify(found)).not.toContain(other.email);
    // Her event signup shares only the phone number: offered with the evidence, counted once she ticks it.
    expect(possible).toEqual([
      expect.objectContaining({
        kind: "eventSignup",
        included: false,
        evidence: expect.stringContaining("+31647471122"),
      }),
    ]);
    const chosen = await findPersonData(database.db, parsePersonKey(person.email)!, [possible[0]!.id]);
    expect(countsOf(chosen)).toMatchObject({ eventSignups: 1, consentRecords: 3 });
    // One file: everything serialises.
    expect(JSON.parse(JSON.stringify(found)).orders[0].amountCents).toBe(8000);
  });

  it("finds and erases someone who only signed up for the event, by phone number written any way", async () => {
    await writeLead(database.db, "event", {
      id: leadIdFor("dr-event-only"),
      idempotencyKey: "dr-event-only",
      name: "Evert Eventonly",
      phone: "+505 8812 3456",
      sourceUrl: "https://coach.example/nicaragua",
      createdAt: new Date().toISOString(),
    });
    expect(parsePersonKey("00505 8812-3456")).toBe("+50588123456");
    expect(parsePersonKey("Evert")).toBeNull();
    const found = await findPersonData(database.db, parsePersonKey("00505 8812-3456")!);
    expect(countsOf(found)).toMatchObject({ leads: 0, eventSignups: 1, subscribers: 0, orders: 0 });
    expect(found.eventSignups[0]?.name).toBe("Evert Eventonly");
    // By the intake's number, in its national form: the event signup written the other way is hers; the
    // questionnaire that gave the number is only offered, and its address brings in nothing.
    const viaNumber = await lookUpPerson(database.db, parsePersonKey("06 4747 1122")!);
    expect(countsOf(viaNumber.data)).toMatchObject({ leads: 0, eventSignups: 1, subscribers: 0, orders: 0 });
    expect(viaNumber.possible).toEqual([expect.objectContaining({ kind: "lead", included: false })]);

    expect(await erasePerson(database.db, parsePersonKey("+505 8812 3456")!)).toMatchObject({ eventSignups: 1 });
    const names = (await database.db.select({ name: signups.name }).from(signups)).map((r) => r.name);
    expect(names).not.toContain("Evert Eventonly");
  });

  it("never reaches another person's data through a phone number someone typed", async () => {
    const victim = { name: "Vera Slachtoffer", phone: "+31 6 1357 2468" };
    const victimId = leadIdFor("dr-victim-event");
    await writeLead(database.db, "event", {
      id: victimId,
      idempotencyKey: "dr-victim-event",
      name: victim.name,
      phone: victim.phone,
      sourceUrl: "https://coach.example/nicaragua",
      createdAt: new Date().toISOString(),
      consent: consent({
        form: "event",
        page: "/nicaragua",
        textVersion: "event-2026-11-23",
        userAgent: "Victim ua",
        network: "203.0.113.0/24",
      }),
    });
    // Someone who knows her number gives it in a questionnaire with their own address, and subscribes.
    const prober = { first: "Pim", last: "Prober", email: "pim.prober@example.net", phone: "06 1357 2468", ua: "P" };
    const proberLead = await lead("dr-prober", prober);
    await database.db
      .insert(newsletterSubscribers)
      .values({ email: prober.email, source: "footer", status: "confirmed" });

    const asked = await findPersonData(database.db, parsePersonKey(prober.email)!);
    expect(asked.eventSignups).toEqual([]);
    expect(JSON.stringify(asked)).not.toContain(victim.name);
    expect(JSON.stringify(asked)).not.toContain("Victim ua");
    await erasePerson(database.db, parsePersonKey(prober.email)!);
    expect(await database.db.select().from(signups).where(eq(signups.id, victimId))).toHaveLength(1);
    expect(await database.db.select().from(signups).where(eq(signups.id, proberLead))).toHaveLength(0);

    // By her number: her own signup, and nothing reached through whoever else typed it.
    await lead("dr-prober-2", prober);
    await database.db
      .insert(newsletterSubscribers)
      .values({ email: prober.email, source: "footer", status: "confirmed" });
    const byNumber = await findPersonData(database.db, parsePersonKey(victim.phone)!);
    expect(countsOf(byNumber)).toMatchObject({ leads: 0, eventSignups: 1, subscribers: 0, orders: 0 });
    expect(JSON.stringify(byNumber)).not.toContain(prober.email);
    // A tampered form naming someone else's record as "chosen" brings in nothing.
    const tampered = await findPersonData(database.db, parsePersonKey(victim.phone)!, [leadIdFor("dr-other")]);
    expect(JSON.stringify(tampered)).not.toContain(other.email);
  });

  it("deletes one event signup from Event signups, with its proof of consent", async () => {
    const id = leadIdFor("dr-delete-me");
    await writeLead(database.db, "event", {
      id,
      idempotencyKey: "dr-delete-me",
      name: "Delia Deleteme",
      phone: "+31 6 5555 4444",
      sourceUrl: "https://coach.example/nicaragua",
      createdAt: new Date().toISOString(),
      consent: consent({ form: "event", page: "/nicaragua", textVersion: "event-2026-11-23" }),
    });
    const row = (await database.db.select().from(signups).where(eq(signups.name, "Delia Deleteme")))[0]!;
    expect(await database.db.select().from(consentRecords).where(eq(consentRecords.signupId, row.id))).toHaveLength(1);
    expect(await deleteSignup(database.db, row.id)).toMatchObject({ ok: true, signup: { name: "Delia Deleteme" } });
    expect(await database.db.select().from(signups).where(eq(signups.id, row.id))).toHaveLength(0);
    expect(await database.db.select().from(consentRecords).where(eq(consentRecords.signupId, row.id))).toHaveLength(0);
    expect(await deleteSignup(database.db, row.id)).toMatchObject({ ok: false });
  });

  it("erases every personal field in every table and keeps the order's amounts and dates", async () => {
    const before = await database.db.select().from(orders).where(eq(orders.id, orderId));
    const { possible } = await lookUpPerson(database.db, parsePersonKey(person.email)!);
    const counts = await erasePerson(
      database.db,
      parsePersonKey(person.email)!,
      possible.map((p) => p.id),
    );
    expect(counts.leads + counts.eventSignups + counts.subscribers).toBe(3);

    const values = await everyTextValue(database.db);
    const traces = [
      person.email.toLowerCase(),
      person.first.toLowerCase(),
      person.last.toLowerCase(),
      "4747",
      person.ua.toLowerCase(),
      person.network,
      "cus_dr_fixture",
    ];
    for (const trace of traces)
      expect(
        values.filter((v) => v.includes(trace)),
        trace,
      ).toEqual([]);

    const [after] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(after).toMatchObject({
      amountCents: 8000,
      currency: "eur",
      planName: "Essential",
      status: "paid",
      createdAt: before[0]?.createdAt,
      customerEmail: null,
      leadId: null,
      subscriberId: null,
      firstTouch: null,
    });
    expect(await database.db.select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(1);
    // Her order's confirmation keeps only that it went; her other messages are gone.
    const left = await database.db.select().from(messages);
    expect(left.map((m) => [m.key, m.recipient]).sort()).toEqual([
      ["order-confirmation:dr", "erased"],
      ["welcome:dr-other", other.email],
    ]);
    // The other person is untouched.
    expect(countsOf(await findPersonData(database.db, parsePersonKey(other.email)!))).toMatchObject({
      leads: 1,
      subscribers: 1,
      consentRecords: 1,
    });
    expect(values.some((v) => v.includes(other.ua.toLowerCase()))).toBe(true);
  });
});

describe.each(engines)("retention on %s", (engine: Engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.drop();
  });

  it("removes what passed its period, keeps clients, recent rows, suppression entries and orders inside the bookkeeping period", async () => {
    const db = database.db;
    const now = new Date("2026-11-23T12:00:00Z");
    const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
    const [oldLead, oldClient, freshLead] = await db
      .insert(signups)
      .values([
        { formName: FORM_NAMES.intake, email: "old@example.nl", status: "contacted", createdAt: daysAgo(400) },
        { formName: FORM_NAMES.intake, email: "client@example.nl", status: "client", createdAt: daysAgo(400) },
        { formName: FORM_NAMES.intake, email: "fresh@example.nl", status: "new", createdAt: daysAgo(300) },
        { formName: FORM_NAMES.event, name: "Event Guest", phone: "+505 1", createdAt: daysAgo(60) },
      ])
      .returning();
    await recordConsent(db, { signupId: oldLead!.id }, "signup", consent({ at: daysAgo(400).toISOString() }));
    await db
      .insert(bookings)
      .values({ provider: "calendly", externalId: "ret-1", leadId: oldLead!.id, email: "old@example.nl" });
    const [, , gone] = await db
      .insert(newsletterSubscribers)
      .values([
        { email: "pending-old@example.nl", source: "footer", status: "pending", createdAt: daysAgo(31) },
        { email: "pending-new@example.nl", source: "footer", status: "pending", createdAt: daysAgo(5) },
        {
          email: "gone@example.nl",
          source: "footer",
          status: "unsubscribed",
          serviceType: "running_training",
          unsubscribedAt: daysAgo(800),
        },
      ])
      .returning();
    await recordConsent(db, { subscriberId: gone!.id }, "signup", consent({ form: "newsletter-footer" }));
    const [issue] = await db
      .insert(newsletterIssues)
      .values({ slug: "ret-issue", subject: "Old issue", body: "Hello", status: "sent" })
      .returning();
    await db.insert(newsletterDeliveries).values([
      { issueId: issue!.id, email: "reader-old@example.nl", state: "sent", updatedAt: daysAgo(400) },
      { issueId: issue!.id, email: "reader-new@example.nl", state: "sent", updatedAt: daysAgo(10) },
    ]);
    const base = {
      planId: "essential",
      planName: "Essential",
      billingType: "onetime",
      paymentsTotal: 1,
      amountCents: 8000,
      provider: "test",
    };
    await db.insert(orders).values([
      { ...base, createdAt: daysAgo(8 * 365) },
      { ...base, createdAt: daysAgo(6 * 365) },
    ]);

    // The event is three weeks away: its signups stay.
    const before = await applyRetentionExclusive(db, now, { eventStartsAt: daysAgo(-21) });
    expect(before).toEqual({
      leads: 1,
      bookings: 1,
      eventSignups: 0,
      unconfirmedSubscribers: 1,
      unsubscribedTrimmed: 1,
      orders: 1,
      auditLog: 0,
      webVitals: 0,
      heldSubmissions: 0,
      newsletterDeliveries: 1,
      messages: 0,
    });
    // The old delivery keeps its place in the issue's counts, without the address.
    const deliveries = (await db.select().from(newsletterDeliveries)).map((d) => d.email).sort();
    expect(deliveries).toHaveLength(2);
    expect(deliveries).toContain("reader-new@example.nl");
    expect(deliveries.filter((email) => email.startsWith("removed-"))).toHaveLength(1);
    expect(deliveries).not.toContain("reader-old@example.nl");
    expect((await db.select({ id: signups.id }).from(signups)).map((r) => r.id)).not.toContain(oldLead!.id);
    expect((await db.select({ id: signups.id }).from(signups)).map((r) => r.id)).toEqual(
      expect.arrayContaining([oldClient!.id, freshLead!.id]),
    );
    // The unsubscribed address stays as a suppression entry, with nothing else.
    const subscribers = await db.select().from(newsletterSubscribers);
    expect(subscribers.map((s) => s.email).sort()).toEqual(["gone@example.nl", "pending-new@example.nl"]);
    expect(subscribers.find((s) => s.email === "gone@example.nl")?.serviceType).toBeNull();
    expect(await db.select().from(consentRecords)).toHaveLength(0);
    expect(await db.select().from(orders)).toHaveLength(1);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "retention.applied"));
    expect(entry?.detail).toMatchObject({ leads: 1, orders: 1 });

    // A month and a bit after the event, its signups go; then nothing is left to do.
    const after = await applyRetention(db, now, { eventStartsAt: daysAgo(35) });
    expect(after.eventSignups).toBe(1);
    expect(Object.values(await applyRetention(db, now, { eventStartsAt: daysAgo(35) })).every((n) => n === 0)).toBe(
      true,
    );
  });

  it("removes the copies of sent, failed and cancelled messages after their period, an order's confirmation later", async () => {
    const db = database.db;
    const now = new Date("2026-11-23T12:00:00Z");
    const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
    const row = (key: string, state: string, age: number, kind = "lead-notice") => ({
      key,
      kind,
      channel: "email",
      recipient: "someone@example.nl",
      payload: { to: "someone@example.nl", subject: "s", text: "t" },
      state,
      createdAt: daysAgo(age),
      updatedAt: daysAgo(age),
    });
    const period = retention.sentMessageDays;
    await db.insert(messages).values([
      row("old-sent", "sent", period + 1),
      row("old-failed", "failed", period + 1),
      row("old-cancelled", "cancelled", period + 1),
      row("recent-sent", "sent", period - 1),
      // Waiting, or waiting for her decision: never removed, however old.
      row("old-queued", "queued", period + 1),
      row("old-unknown", "unknown", period + 1),
      // The proof that the withdrawal information went out stays longer.
      row("confirmation-kept", "sent", period + 1, "order-confirmation"),
      row("confirmation-gone", "sent", (retention.orderConfirmationMonths + 1) * 31, "order-confirmation"),
    ]);
    const counts = await applyRetention(db, now);
    expect(counts.messages).toBe(4);
    const left = (await db.select({ key: messages.key }).from(messages)).map((m) => m.key).sort();
    expect(left).toEqual(["confirmation-kept", "old-queued", "old-unknown", "recent-sent"]);
  });
});
