import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, engines, type Engine, type TestDatabase } from "../support/database";
import { newsletterSubscribers, orders, payments, signups } from "#db/schema";
import { leadIdFor, writeLead } from "~/features/leads/signups.server";
import { attachSession, createPendingOrder } from "~/features/checkout/fulfilment.server";
import { payTestOrder } from "~/features/checkout/test-checkout-actions.server";
import { subscriberIdByEmail } from "~/features/newsletter/person.server";
import { catalogueItem } from "~/features/checkout/catalogue";
import { pricing } from "#content/pricing";
import { revenue, updateLead, weeklyStats } from "~/features/reports/data.server";
import { amsterdamMonthStart } from "~/infra/amsterdam";
import { leadTimeline } from "~/features/reports/timeline.server";
import { leadFunnel } from "~/features/reports/funnel.server";
import { bookings } from "#db/schema";

/** Orders tied to people, and the lead's timeline that shows them. */
describe.each(engines)("lead timeline on %s", (engine: Engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.drop();
  });

  async function lead(email: string) {
    const key = `timeline-${email}`;
    const id = leadIdFor(key);
    await writeLead(database.db, "intake", {
      id,
      idempotencyKey: key,
      firstName: "Tess",
      lastName: "Timeline",
      email,
      phone: "+31 6 5555 0000",
      answers: { q1: "weight-loss" },
      message: null,
      sourceUrl: "https://coach.example/start",
      firstTouch: { utmSource: "instagram", landingPath: "/blog/x", firstSeen: "2026-11-01" },
      createdAt: new Date(Date.now() - 60_000).toISOString(),
    });
    return id;
  }

  async function paidOrder(input: { leadId?: string; email: string; key: string }) {
    const plan = pricing.plans.find((p) => p.id === "essential");
    const item = plan ? catalogueItem(plan, "onetime") : null;
    if (!item) throw new Error("no essential plan");
    const { order } = await createPendingOrder(database.db, {
      item,
      provider: "test",
      idempotencyKey: input.key,
      leadId: input.leadId,
    });
    await attachSession(database.db, order.id, `cs_test_${input.key}`);
    const fresh = { ...order, providerSessionId: `cs_test_${input.key}` };
    const paid = await payTestOrder(
      database.db,
      fresh,
      {
        email: input.email,
        cardNumber: "4242 4242 4242 4242",
        expiry: "12 / 40",
        cvc: "123",
      },
      subscriberIdByEmail,
    );
    expect(paid).toEqual({ ok: true });
    return order.id;
  }

  it("shows a paid test order started from the lead's thank-you page on its timeline, and makes it a client", async () => {
    const leadId = await lead("tess@example.com");
    // A different e-mail at the checkout: the lead id from the thank-you page ties it.
    const orderId = await paidOrder({
      leadId,
      email: "tess.work@example.com",
      key: "4c5a7f7e-1111-4aaa-8bbb-000000000001",
    });
    const timeline = await leadTimeline(database.db, leadId);
    expect(timeline?.lead.status).toBe("client");
    const kinds = timeline?.entries.map((e) => e.kind);
    expect(kinds).toEqual(["first-visit", "intake", "order", "payment", "status"]);
    expect(timeline?.entries.find((e) => e.kind === "order")).toMatchObject({ orderId, status: "paid" });
    expect(timeline?.entries.at(-1)).toMatchObject({
      kind: "status",
      from: "new",
      to: "client",
      actor: "system",
      reason: "payment",
    });
  });

  it("links an order to the lead and the subscriber with the same e-mail", async () => {
    const leadId = await lead("sam@example.com");
    const [subscriber] = await database.db
      .insert(newsletterSubscribers)
      .values({ email: "sam@example.com", source: "footer", status: "confirmed" })
      .returning();
    const orderId = await paidOrder({ email: "Sam@Example.com", key: "4c5a7f7e-1111-4aaa-8bbb-000000000002" });
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ leadId, subscriberId: subscriber?.id });
    const timeline = await leadTimeline(database.db, leadId);
    expect(timeline?.entries.map((e) => e.kind)).toEqual(
      expect.arrayContaining(["newsletter", "order", "payment", "status"]),
    );
  });

  it("keeps the trainer's status and note changes in time order, and the trainer can override", async () => {
    const leadId = await lead("olga@example.com");
    expect(
      await updateLead(database.db, { id: leadId, status: "contacted", note: "Called, no answer" }, "user-1", null),
    ).toBe(true);
    expect(
      await updateLead(database.db, { id: leadId, status: "archived", note: "Called, no answer" }, "user-1", null),
    ).toBe(true);
    const [row] = await database.db.select().from(signups).where(eq(signups.id, leadId));
    expect(row?.status).toBe("archived");
    const timeline = await leadTimeline(database.db, leadId);
    const changes = timeline?.entries.filter((e) => e.kind === "status" || e.kind === "note");
    expect(changes).toMatchObject([
      { kind: "status", from: "new", to: "contacted", actor: "trainer" },
      { kind: "note", note: "Called, no answer" },
      { kind: "status", from: "contacted", to: "archived", actor: "trainer" },
    ]);
    const times = timeline?.entries.map((e) => e.at) ?? [];
    expect([...times].sort()).toEqual(times);
  });

  it("counts the funnel per week and source from the database", async () => {
    // The three leads above (all from instagram): two paid, none booked yet. One more, direct, with a call.
    const leadId = await lead("dina@example.com");
    await database.db
      .update(signups)
      .set({ firstTouch: { landingPath: "/", firstSeen: "2026-11-20" } })
      .where(eq(signups.id, leadId));
    await database.db
      .insert(bookings)
      .values({ provider: "calendly", externalId: "funnel-1", leadId, status: "booked" });
    await database.db
      .insert(bookings)
      .values({ provider: "calendly", externalId: "funnel-2", leadId: null, status: "booked" });
    const funnel = await leadFunnel(database.db);
    expect(funnel.total).toEqual({ key: "total", leads: 4, booked: 1, clients: 2 });
    expect(funnel.sources).toEqual([
      { key: "instagram", leads: 3, booked: 0, clients: 2 },
      { key: "direct", leads: 1, booked: 1, clients: 0 },
    ]);
    expect(funnel.weeks.reduce((n, w) => n + w.leads, 0)).toBe(4);
    expect(funnel.weeks).toHaveLength(12);
  });

  it("counts a call she marked herself as booked, once, also with a web-hook booking and after the lead paid", async () => {
    const before = await leadFunnel(database.db);
    const marked = await lead("marked@example.com");
    const both = await lead("both@example.com");
    expect(await updateLead(database.db, { id: marked, status: "call-booked", note: "" }, "user-1", null)).toBe(true);
    await database.db
      .insert(bookings)
      .values({ provider: "calendly", externalId: "funnel-both", leadId: both, status: "booked" });
    expect(await updateLead(database.db, { id: both, status: "call-booked", note: "" }, "user-1", null)).toBe(true);
    const after = await leadFunnel(database.db);
    expect(after.total.booked - before.total.booked).toBe(2);
    // The lead she marked becomes a client: still one booked call, now also one client.
    await paidOrder({ leadId: marked, email: "marked@example.com", key: "4c5a7f7e-1111-4aaa-8bbb-000000000030" });
    const paid = await leadFunnel(database.db);
    expect(paid.total.booked - before.total.booked).toBe(2);
    expect(paid.total.clients - before.total.clients).toBe(1);
  });

  it("counts a buyer who never filled in the questionnaire as a lead and a client, once per e-mail", async () => {
    const before = await leadFunnel(database.db);
    const first = await paidOrder({ email: "walk-in@example.com", key: "4c5a7f7e-1111-4aaa-8bbb-000000000010" });
    await paidOrder({ email: "Walk-In@example.com", key: "4c5a7f7e-1111-4aaa-8bbb-000000000011" });
    await database.db
      .update(orders)
      .set({ firstTouch: { utmSource: "Facebook", landingPath: "/pricing", firstSeen: "2026-11-20" } })
      .where(eq(orders.id, first));
    const after = await leadFunnel(database.db);
    expect(after.total).toEqual({
      key: "total",
      leads: before.total.leads + 1,
      booked: before.total.booked,
      clients: before.total.clients + 1,
    });
    expect(after.sources).toContainEqual({ key: "facebook", leads: 1, booked: 0, clients: 1 });
  });

  it("credits the dashboard's sources to the first touch, with the form page inside it", async () => {
    const { sources } = await weeklyStats(database.db);
    // Every lead above came from an Instagram link and sent the form on /start.
    const instagram = sources.find((s) => s.source === "instagram");
    expect(instagram?.leads).toBeGreaterThan(0);
    expect(instagram?.pages).toContainEqual({ page: "/start", leads: instagram?.leads, subscribers: 0 });
    expect(sources.map((s) => s.source)).not.toContain("/start");
  });

  it("adds up the money received this month and last month (Amsterdam months), per plan", async () => {
    const now = new Date();
    const before = await revenue(database.db, now);
    const orderId = await paidOrder({ email: "rev@example.com", key: "4c5a7f7e-1111-4aaa-8bbb-000000000020" });
    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    if (!order) throw new Error("no order");
    // One more payment of the same order, in the last days of the month before.
    await database.db.insert(payments).values({
      orderId,
      providerPaymentId: "test-last-month",
      instalment: 2,
      amountCents: 1234,
      status: "succeeded",
      createdAt: new Date(amsterdamMonthStart(now).getTime() - 60_000),
    });
    await database.db.insert(payments).values({
      orderId,
      providerPaymentId: "test-failed",
      instalment: 3,
      amountCents: 999,
      status: "failed",
    });
    const after = await revenue(database.db, now);
    expect(after.total.thisMonth - before.total.thisMonth).toBe(order.amountCents);
    expect(after.total.lastMonth - before.total.lastMonth).toBe(1234);
    const plan = (r: typeof after) => r.plans.find((p) => p.plan === order.planName) ?? { thisMonth: 0, lastMonth: 0 };
    expect(plan(after).thisMonth - plan(before).thisMonth).toBe(order.amountCents);
    expect(after.plans.reduce((n, p) => n + p.thisMonth, 0)).toBe(after.total.thisMonth);
  });
});
