import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { Writable } from "node:stream";
import pino from "pino";
import { createTestDatabase, engines, type Engine, type TestDatabase } from "../support/database";
import { bookings, leadEvents, messages, signups } from "#db/schema";
import { createMessages } from "~/features/messages/messages.server";
import { hitRateLimit } from "~/infra/rate-limit.server";
import { handleSchedulingWebhook, type SchedulingProvider } from "~/features/scheduling/webhook.server";
import { leadIdFor, writeLead } from "~/features/leads/signups.server";
import { calcomBooking, calendlyInvitee, signCalcom, signCalendly } from "../support/scheduling-fixtures";

const logger = pino({ level: "silent" });
const SECRET = "test-signing-key-0123456789";

/**
 * The scheduling web hook against a real database with deliveries signed the way Calendly and
 * Cal.com sign them: stored against the right lead, and nothing changes for unsigned, wrongly
 * signed, stale or replayed ones.
 */
describe.each(engines)("scheduling web hook on %s", (engine: Engine) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    await database.drop();
  });

  const deliver = (provider: SchedulingProvider, body: string, headers: Record<string, string>, now = new Date()) =>
    handleSchedulingWebhook(
      {
        db: database.db,
        logger,
        provider,
        secret: SECRET,
        rateLimit: (key, limit, window) => hitRateLimit(database.db, key, limit, window),
        perMinute: 1000,
        clientIp: "198.51.100.4",
        now,
        messages: createMessages({
          db: database.db,
          mailer: null,
          push: null,
          logger,
          retryBaseMs: 60_000,
          startWorker: false,
        }),
        siteUrl: "https://coach.example",
      },
      body,
      new Headers(headers),
    );

  async function lead(email: string, key = `k-${email}`) {
    const id = leadIdFor(key);
    await writeLead(database.db, "intake", {
      id,
      idempotencyKey: key,
      firstName: "Anna",
      lastName: "Test",
      email,
      phone: "+31 6 1234 5678",
      answers: { q1: "getting-fit" },
      message: null,
      sourceUrl: null,
      createdAt: new Date().toISOString(),
    });
    return id;
  }

  const stateOf = async (leadId: string) => ({
    status: (await database.db.select().from(signups).where(eq(signups.id, leadId)))[0]?.status,
    bookings: await database.db.select().from(bookings).where(eq(bookings.leadId, leadId)),
    events: await database.db.select().from(leadEvents).where(eq(leadEvents.leadId, leadId)),
  });

  it("stores a signed Calendly booking against the lead named in utm_content, and its cancellation", async () => {
    const leadId = await lead("calendly-lead@example.com");
    // A different e-mail on the booking: the lead id wins.
    const body = JSON.stringify(
      calendlyInvitee("invitee.created", { uri: "inv-1", email: "other@example.com", utmContent: leadId }),
    );
    const answer = await deliver("calendly", body, {
      "Calendly-Webhook-Signature": signCalendly(body, SECRET, new Date()),
    });
    expect(answer).toMatchObject({ status: 200, body: { received: true } });
    let state = await stateOf(leadId);
    expect(state.status).toBe("call-booked");
    expect(state.bookings).toMatchObject([{ provider: "calendly", status: "booked", matchedBy: "lead id" }]);
    expect(state.events).toMatchObject([
      { kind: "status", fromStatus: "new", toStatus: "call-booked", actor: "system" },
    ]);

    const cancel = JSON.stringify(
      calendlyInvitee("invitee.canceled", { uri: "inv-1", email: "other@example.com", utmContent: leadId }),
    );
    const cancelled = await deliver("calendly", cancel, {
      "Calendly-Webhook-Signature": signCalendly(cancel, SECRET, new Date()),
    });
    expect(cancelled.status).toBe(200);
    state = await stateOf(leadId);
    expect(state.bookings).toMatchObject([{ status: "cancelled" }]);
    expect(state.bookings[0]?.cancelledAt).toBeInstanceOf(Date);
    // Back to where it was before the booking moved it.
    expect(state.status).toBe("new");
    expect(state.events.map((e) => `${e.fromStatus}->${e.toStatus}:${e.reason}`).sort()).toEqual([
      "call-booked->new:cancellation",
      "new->call-booked:booking",
    ]);
  });

  it("stores a signed Cal.com booking against the lead with the same e-mail", async () => {
    const leadId = await lead("cal-lead@example.com");
    const body = JSON.stringify(calcomBooking("BOOKING_CREATED", { uid: "cal-1", email: "Cal-Lead@Example.com" }));
    const answer = await deliver("cal.com", body, { "X-Cal-Signature-256": signCalcom(body, SECRET) });
    expect(answer).toMatchObject({ status: 200, body: { received: true } });
    const state = await stateOf(leadId);
    expect(state.status).toBe("call-booked");
    expect(state.bookings).toMatchObject([{ provider: "cal.com", externalId: "cal-1", matchedBy: "e-mail" }]);
  });

  it("changes nothing for unsigned, wrongly signed, stale and replayed deliveries", async () => {
    const leadId = await lead("guarded@example.com");
    const body = JSON.stringify(calendlyInvitee("invitee.created", { uri: "inv-guarded", utmContent: leadId }));
    const now = new Date();
    const unsigned = await deliver("calendly", body, {});
    const wrong = await deliver("calendly", body, {
      "Calendly-Webhook-Signature": signCalendly(body, "another-secret-0123456789", now),
    });
    const tampered = await deliver("calendly", body.replace("inv-guarded", "inv-other"), {
      "Calendly-Webhook-Signature": signCalendly(body, SECRET, now),
    });
    const stale = await deliver("calendly", body, {
      "Calendly-Webhook-Signature": signCalendly(body, SECRET, new Date(now.getTime() - 10 * 60_000)),
    });
    const calBody = JSON.stringify(
      calcomBooking("BOOKING_CREATED", {
        uid: "cal-stale",
        email: "guarded@example.com",
        createdAt: new Date(now.getTime() - 10 * 60_000),
      }),
    );
    const calStale = await deliver("cal.com", calBody, { "X-Cal-Signature-256": signCalcom(calBody, SECRET) });
    const calWrong = await deliver("cal.com", calBody, { "X-Cal-Signature-256": "00".repeat(32) });
    expect([unsigned.status, wrong.status, tampered.status, stale.status, calStale.status, calWrong.status]).toEqual([
      401, 400, 400, 400, 400, 400,
    ]);
    expect(stale.body.error).toBe("Stale delivery");
    let state = await stateOf(leadId);
    expect(state).toMatchObject({ status: "new", bookings: [], events: [] });

    // The real delivery once, then the same signed request replayed: stored once.
    const headers = { "Calendly-Webhook-Signature": signCalendly(body, SECRET, now) };
    expect((await deliver("calendly", body, headers)).body).toEqual({ received: true });
    expect((await deliver("calendly", body, headers)).body).toEqual({ received: true, duplicate: true });
    state = await stateOf(leadId);
    expect(state.bookings).toHaveLength(1);
    expect(state.events).toHaveLength(1);
    // Her push about the booking is queued with it, once.
    const notices = await database.db.select().from(messages).where(eq(messages.about, leadId));
    expect(notices.map((m) => [m.kind, m.channel])).toEqual([["booking-notice", "push"]]);
  });

  it("keeps a booking nobody can be matched to, and never moves a client back", async () => {
    const body = JSON.stringify(
      calendlyInvitee("invitee.created", { uri: "inv-stranger", email: "nobody@example.com" }),
    );
    const answer = await deliver("calendly", body, {
      "Calendly-Webhook-Signature": signCalendly(body, SECRET, new Date()),
    });
    expect(answer.status).toBe(200);
    const [row] = await database.db
      .select()
      .from(bookings)
      .where(eq(bookings.externalId, "https://api.calendly.com/scheduled_events/EV1/invitees/inv-stranger"));
    expect(row).toMatchObject({ leadId: null, email: "nobody@example.com", status: "booked" });

    const leadId = await lead("client@example.com");
    await database.db.update(signups).set({ status: "client" }).where(eq(signups.id, leadId));
    const booked = JSON.stringify(calendlyInvitee("invitee.created", { uri: "inv-client", utmContent: leadId }));
    await deliver("calendly", booked, { "Calendly-Webhook-Signature": signCalendly(booked, SECRET, new Date()) });
    expect((await stateOf(leadId)).status).toBe("client");
  });

  /** A logger whose every line is kept, to search for personal data. */
  function capturingLogger() {
    let lines = "";
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines += chunk.toString();
        done();
      },
    });
    return { logger: pino({ level: "debug" }, stream), lines: () => lines };
  }

  it("stores a booking whose invitee name and e-mail hold control characters, and logs neither", async () => {
    const captured = capturingLogger();
    const name = "Nul\u0000Byte Invitee\u0007";
    const email = "nul.byte.invitee@example.com\u0000";
    const body = JSON.stringify(calendlyInvitee("invitee.created", { uri: "inv-nul", email, name }));
    const answer = await handleSchedulingWebhook(
      {
        db: database.db,
        logger: captured.logger,
        provider: "calendly",
        secret: SECRET,
        rateLimit: async () => ({ allowed: true, remaining: 1, retryAfter: 0 }),
        perMinute: 1000,
        clientIp: "198.51.100.9",
      },
      body,
      new Headers({ "Calendly-Webhook-Signature": signCalendly(body, SECRET, new Date()) }),
    );
    expect(answer).toMatchObject({ status: 200, body: { received: true } });
    const [stored] = await database.db
      .select()
      .from(bookings)
      .where(eq(bookings.externalId, JSON.parse(body).payload.uri));
    expect(stored).toMatchObject({ name: "NulByte Invitee", email: "nul.byte.invitee@example.com", status: "booked" });
    expect(captured.lines()).not.toMatch(/Nul|Byte|Invitee|nul\.byte|example\.com/i);
  });

  it("logs no personal field when storing fails", async () => {
    const captured = capturingLogger();
    const body = JSON.stringify(
      calendlyInvitee("invitee.created", {
        uri: "inv-fail",
        email: "failing.store@example.com",
        name: "Failing Store",
      }),
    );
    const failing = {
      transaction: () => {
        throw new Error('Failed query: insert into "bookings" params: Failing Store,failing.store@example.com');
      },
    } as unknown as typeof database.db;
    const answer = await handleSchedulingWebhook(
      {
        db: failing,
        logger: captured.logger,
        provider: "calendly",
        secret: SECRET,
        rateLimit: async () => ({ allowed: true, remaining: 1, retryAfter: 0 }),
        perMinute: 1000,
        clientIp: "198.51.100.10",
      },
      body,
      new Headers({ "Calendly-Webhook-Signature": signCalendly(body, SECRET, new Date()) }),
    );
    // A 5xx: the service delivers it again later, when the database is back.
    expect(answer.status).toBe(500);
    expect(captured.lines()).toContain("scheduling web hook failed");
    expect(captured.lines()).not.toMatch(/Failing|failing\.store|example\.com/i);
  });

  it("acknowledges other event types and refuses when no provider is configured", async () => {
    const body = JSON.stringify({ event: "routing_form_submission.created", payload: { uri: "x" } });
    const ignored = await deliver("calendly", body, {
      "Calendly-Webhook-Signature": signCalendly(body, SECRET, new Date()),
    });
    expect(ignored.body).toEqual({ received: true, ignored: "routing_form_submission.created" });
    const off = await handleSchedulingWebhook(
      {
        db: database.db,
        logger,
        provider: undefined,
        secret: undefined,
        rateLimit: async () => ({ allowed: true, remaining: 1, retryAfter: 0 }),
        perMinute: 1,
        clientIp: "x",
      },
      body,
      new Headers(),
    );
    expect(off.status).toBe(404);
  });
});
