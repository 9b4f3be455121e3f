import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, engines, type Engine, type TestDatabase } from "../support/database";
import { newsletterSubscribers, orders, signups } from "#db/schema";
import { leadIdFor, writeLead } from "~/features/leads/signups.server";
import { attachSession, createPendingOrder } from "~/features/checkout/fulfilment.server";
import { payTestOrder } from "~/features/checkout/test-checkout-actions.server";
import { catalogueItem } from "~/features/checkout/catalogue";
import { pricing } from "#content/pricing";
import { updateLead } from "~/features/back-office/data.server";
import { leadTimeline } from "~/features/back-office/timeline.server";
import { leadFunnel } from "~/features/back-office/funnel.server";
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
    const paid = await payTestOrder(database.db, fresh, {
      email: input.email,
      cardNumber: "4242 4242 4242 4242",
      expiry: "12 / 40",
      cvc: "123",
    });
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
      await updateLead(database.db, { id: leadId, status: "contacted", note: "Called, no answer" }, "user-1"),
    ).toBe(true);
    expect(await updateLead(database.db, { id: leadId, status: "archived", note: "Called, no answer" }, "user-1")).toBe(
      true,
    );
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
});
