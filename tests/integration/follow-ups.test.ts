import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq, like } from "drizzle-orm";
import pino from "pino";
import { contentEntries, followUpSettings, messages, signups } from "#db/schema";
import { event as firstEvent } from "#content/event";
import type { Mailer } from "~/infra/mail.server";
import type { Messages } from "~/features/messages/messages.server";
import { claimDue } from "~/features/messages/engine.server";
import { messagesNeedingHer, messagesOverview } from "~/features/messages/overview.server";
import { handleSchedulingWebhook, type SchedulingProvider } from "~/features/scheduling/webhook.server";
import { leadIdFor, storeLead, type LeadDeps } from "~/features/leads/signups.server";
import { erasePerson } from "~/features/reports/data-requests.server";
import { updateLead } from "~/features/reports/data.server";
import { cancelSignup, moveUpSignup } from "~/features/events/events.server";
import { handleEventSignup } from "~/features/events/event-signup.server";
import { createSiteContentStore } from "~/content-kinds.server";
import { parseEnv } from "~/infra/env.server";
import { AMSTERDAM } from "~/infra/amsterdam";
import { instantOf, localDateTimeOf } from "~/infra/zoned-time";
import {
  createFollowUps,
  type FollowUps,
  stopFollowUps,
  type FollowUpConfig,
} from "~/features/follow-ups/follow-ups.server";
import { routerContextOf, type AppServices } from "~/context";
import { action as stopAction, loader as stopLoader } from "~/routes/follow-ups-stop";
import { engines, type TestDatabase } from "../support/database";
import { deliverQueued, engineOnClock } from "../support/messages";
import type { LocalSmtp } from "../support/smtp";
import { calcomBooking, calendlyInvitee, signCalcom, signCalendly } from "../support/scheduling-fixtures";
import { followUpPeople } from "../../server/follow-up-people";

/**
 * Issue 50's follow-ups end to end on the message engine, with the clock in the test's hand and a
 * real SMTP server: what is planned, what goes out once when the clock reaches it, and what its
 * cause takes back (a cancellation, a booking, an erasure, the stop link).
 */
const logger = pino({ level: "silent" });
const SECRET = "test-signing-key-0123456789";
const HOUR = 3_600_000;
const config: FollowUpConfig = {
  siteUrl: "https://coach.example",
  secret: "a-site-secret-of-at-least-thirty-two-characters",
  bookingUrl: "https://calendly.com/mila/intake",
  whatsAppUrl: "https://wa.me/31612345678",
};

/** The decoded text of a received mail (quoted-printable soft breaks and escapes undone). */
const decoded = (raw: string) =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_w, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The text/calendar attachment of a received mail. */
function calendarOf(raw: string): string {
  const at = raw.search(/Content-Type: text\/calendar/i);
  expect(at).toBeGreaterThan(-1);
  const part = raw.slice(at);
  const headerEnd = part.indexOf("\r\n\r\n");
  const headers = part.slice(0, headerEnd);
  const body = part.slice(headerEnd + 4, part.indexOf("\r\n--", headerEnd));
  if (/Content-Transfer-Encoding: base64/i.test(headers)) return Buffer.from(body, "base64").toString("utf8");
  return decoded(body);
}

describe.each(engines)("follow-ups on %s", (engine) => {
  let database: TestDatabase;
  let smtp: LocalSmtp;
  let mailer: Mailer;
  let engineMessages: Messages;
  let followUps: FollowUps;
  let clock = new Date("2026-12-01T09:00:00Z");

  const made = engineOnClock(engine, () => clock);
  beforeAll(() => {
    ({ database, smtp, mailer, messages: engineMessages } = made);
    followUps = createFollowUps(engineMessages, config, followUpPeople, () => clock);
  });

  const at = (iso: string | number) => {
    clock = new Date(iso);
    return deliverQueued({ database, mailer }, clock);
  };
  const to = (address: string) => smtp.messages.filter((m) => m.to.includes(address));
  const planned = (about: string) =>
    database.db
      .select()
      .from(messages)
      .where(and(like(messages.about, `%${about}%`), like(messages.kind, "follow-up:%")))
      .orderBy(messages.notBefore);

  const webhook = (provider: SchedulingProvider, json: unknown) => {
    const body = JSON.stringify(json);
    const headers: Record<string, string> =
      provider === "calendly"
        ? { "Calendly-Webhook-Signature": signCalendly(body, SECRET, clock) }
        : { "X-Cal-Signature-256": signCalcom(body, SECRET) };
    return handleSchedulingWebhook(
      {
        db: database.db,
        logger,
        provider,
        secret: SECRET,
        rateLimit: async () => ({ allowed: true, remaining: 100, retryAfter: 0 }),
        perMinute: 1000,
        clientIp: "198.51.100.4",
        now: clock,
        messages: engineMessages,
        siteUrl: config.siteUrl,
        followUps: { config, people: followUpPeople },
      },
      body,
      new Headers(headers),
    );
  };
  const calendly = (event: "invitee.created" | "invitee.canceled", uri: string, email: string, startsAt: Date) => {
    const json = calendlyInvitee(event, { uri, email, startsAt });
    return {
      ...json,
      created_at: clock.toISOString(),
      payload: {
        ...json.payload,
        timezone: "America/New_York",
        reschedule_url: `https://calendly.com/reschedulings/${uri}`,
        cancel_url: `https://calendly.com/cancellations/${uri}`,
        scheduled_event: {
          ...json.payload.scheduled_event,
          location: { type: "zoom", join_url: "https://zoom.us/j/42" },
        },
      },
    };
  };

  const leadDeps = (): LeadDeps => ({
    db: database.db,
    outbox: { append: async () => {} } as unknown as LeadDeps["outbox"],
    messages: engineMessages,
    logger,
    trainerEmail: "mila@coach.example",
    siteUrl: config.siteUrl,
    followUps,
  });
  async function questionnaire(email: string, createdAt: Date) {
    const key = `key-${email}`;
    const stored = await storeLead(leadDeps(), "intake", {
      id: leadIdFor(key),
      idempotencyKey: key,
      firstName: "Anna",
      lastName: "Test",
      email,
      phone: "+31 6 1234 5678",
      answers: { q1: "getting-fit" },
      message: null,
      sourceUrl: null,
      createdAt: createdAt.toISOString(),
    } as never);
    return stored.leadId;
  }

  it("plans two reminders for a call booked 25 hours ahead and sends each once when the clock reaches it", async () => {
    clock = new Date("2026-12-01T09:00:00Z");
    const start = new Date(clock.getTime() + 25 * HOUR);
    const answer = await webhook("calendly", calendly("invitee.created", "inv-25", "anna@example.com", start));
    expect(answer.status).toBe(200);
    const rows = await planned("inv-25");
    expect(rows.map((r) => [r.kind, r.notBefore.toISOString(), r.state])).toEqual([
      ["follow-up:call-24h", new Date(start.getTime() - 24 * HOUR).toISOString(), "queued"],
      ["follow-up:call-1h", new Date(start.getTime() - HOUR).toISOString(), "queued"],
    ]);

    await at(clock.getTime() + 30 * 60_000);
    expect(to("anna@example.com")).toHaveLength(0);
    await at(start.getTime() - 24 * HOUR);
    await at(start.getTime() - 23 * HOUR);
    const first = to("anna@example.com");
    expect(first).toHaveLength(1);
    const text = decoded(first[0]!.raw);
    // The visitor's own zone, how the call takes place, and the scheduler's links.
    expect(text).toContain("Wednesday, 2 December 2026, 05:00 (America/New York)");
    expect(text).toContain("https://zoom.us/j/42");
    expect(text).toContain("https://calendly.com/reschedulings/inv-25");
    expect(text).toContain("https://calendly.com/cancellations/inv-25");
    expect(text).toContain(`${config.siteUrl}/follow-ups/stop?token=`);
    expect(first[0]!.raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);

    await at(start.getTime() - HOUR);
    await at(start.getTime() + HOUR);
    expect(to("anna@example.com").map((m) => m.subject)).toEqual([
      "Tomorrow: our intake call",
      "In one hour: our intake call",
    ]);
  });

  it("loses no planned reminder and sends none twice when the process dies between planning and sending", async () => {
    clock = new Date("2026-12-01T09:00:00Z");
    const start = new Date(clock.getTime() + 25 * HOUR);
    await webhook("calendly", calendly("invitee.created", "inv-kill-a", "ava@example.com", start));
    await webhook("calendly", calendly("invitee.created", "inv-kill-b", "bo@example.com", start));
    const needingHer = await messagesNeedingHer(database.db);
    const [ava24, ava1] = await planned("inv-kill-a");
    const [bo24] = await planned("inv-kill-b");

    // A worker claims the two 24-hour reminders when they are due (and the trainer's notices of the
    // bookings, due at once), marks Ava's `sending` as its hand-over does just before the relay, and
    // is killed: both claims stay, the 1-hour reminders wait for their time.
    clock = new Date(start.getTime() - 24 * HOUR);
    const claimed = (await claimDue(database.db, "killed-worker", 20, clock)).map((row) => row.id);
    expect(claimed).toEqual(expect.arrayContaining([ava24!.id, bo24!.id]));
    expect(claimed).not.toContain(ava1!.id);
    await database.db.update(messages).set({ state: "sending", attempts: 1 }).where(eq(messages.id, ava24!.id));

    // A new process: while the dead one's lease holds it takes nothing; once it has run out, the
    // merely claimed reminder goes, and the one that may have reached the relay becomes unknown.
    await at(clock.getTime() + 60_000);
    expect(smtp.messages).toHaveLength(0);
    await at(clock.getTime() + 10 * 60_000);
    expect(to("bo@example.com").map((m) => m.subject)).toEqual(["Tomorrow: our intake call"]);
    expect(to("ava@example.com")).toHaveLength(0);
    expect((await planned("inv-kill-a"))[0]).toMatchObject({ id: ava24!.id, state: "unknown" });
    // The Messages page lists it among the problems, and the dashboard counts it.
    expect((await messagesOverview(database.db)).problems.map((line) => line.id)).toContain(ava24!.id);
    expect(await messagesNeedingHer(database.db)).toBe(needingHer + 1);

    await at(start.getTime() - HOUR);
    await at(start.getTime() + HOUR);
    expect(to("ava@example.com").map((m) => m.subject)).toEqual(["In one hour: our intake call"]);
    expect(to("bo@example.com").map((m) => m.subject)).toEqual([
      "Tomorrow: our intake call",
      "In one hour: our intake call",
    ]);
  });

  it("cancels both reminders when the call is cancelled before them", async () => {
    clock = new Date("2026-12-01T09:00:00Z");
    const start = new Date(clock.getTime() + 25 * HOUR);
    await webhook("calendly", calendly("invitee.created", "inv-cancel", "bea@example.com", start));
    clock = new Date(clock.getTime() + 10 * 60_000);
    await webhook("calendly", calendly("invitee.canceled", "inv-cancel", "bea@example.com", start));
    expect((await planned("inv-cancel")).map((r) => r.state)).toEqual(["cancelled", "cancelled"]);
    await at(start.getTime() + HOUR);
    expect(to("bea@example.com")).toHaveLength(0);
  });

  it("moves the reminders with a rescheduled call", async () => {
    clock = new Date("2026-12-01T09:00:00Z");
    const start = new Date(clock.getTime() + 25 * HOUR);
    const later = new Date(start.getTime() + 48 * HOUR);
    await webhook(
      "cal.com",
      calcomBooking("BOOKING_CREATED", { uid: "cal-a", email: "cleo@example.com", startsAt: start, createdAt: clock }),
    );
    const moved = calcomBooking("BOOKING_CREATED", {
      uid: "cal-b",
      email: "cleo@example.com",
      startsAt: later,
      createdAt: clock,
    });
    const answer = await webhook("cal.com", {
      ...moved,
      triggerEvent: "BOOKING_RESCHEDULED",
      payload: { ...moved.payload, rescheduleUid: "cal-a" },
    });
    expect(answer.status).toBe(200);
    const rows = await planned("cal-");
    expect(rows.filter((r) => r.state === "queued").map((r) => [r.kind, r.notBefore.toISOString(), r.about])).toEqual([
      ["follow-up:call-24h", new Date(later.getTime() - 24 * HOUR).toISOString(), "booking:cal.com:cal-b"],
      ["follow-up:call-1h", new Date(later.getTime() - HOUR).toISOString(), "booking:cal.com:cal-b"],
    ]);
    expect(rows).toHaveLength(2);

    await at(start.getTime() + HOUR);
    expect(to("cleo@example.com")).toHaveLength(0);
    await at(later.getTime() - 24 * HOUR);
    await at(later.getTime() - HOUR);
    const sent = to("cleo@example.com");
    expect(sent).toHaveLength(2);
    expect(decoded(sent[0]!.raw)).toContain("Friday, 4 December 2026, 11:00 (Europe/Amsterdam)");
  });

  it("sends one re-book message after a no-show the scheduler reports, and none again for a replay or her status", async () => {
    clock = new Date("2026-12-01T09:00:00Z");
    const start = new Date(clock.getTime() + 3 * HOUR);
    const leadId = await questionnaire("dana@example.com", clock);
    const created = calendlyInvitee("invitee.created", {
      uri: "inv-ns",
      email: "dana@example.com",
      startsAt: start,
      utmContent: leadId,
    });
    await webhook("calendly", { ...created, created_at: clock.toISOString() });
    clock = new Date(start.getTime() + 30 * 60_000);
    const noShow = {
      event: "invitee_no_show.created",
      created_at: clock.toISOString(),
      payload: { uri: "https://api.calendly.com/invitee_no_shows/NS1", invitee: created.payload.uri },
    };
    expect((await webhook("calendly", noShow)).status).toBe(200);
    await webhook("calendly", noShow);
    await updateLead(database.db, { id: leadId, status: "no-show", note: "" }, "trainer-1", followUps);
    await at(clock.getTime() + 60_000);
    const rebook = to("dana@example.com").filter((m) => m.subject.startsWith("We missed each other"));
    expect(rebook).toHaveLength(1);
    expect(decoded(rebook[0]!.raw)).toContain(`https://calendly.com/mila/intake?utm_content=${leadId}`);
  });

  it("nudges a lead who did not book once, 48 hours after the questionnaire", async () => {
    clock = new Date("2026-12-01T10:00:00Z");
    await questionnaire("eva@example.com", clock);
    await at(clock.getTime() + 47 * HOUR);
    expect(to("eva@example.com")).toHaveLength(0);
    await at(new Date("2026-12-03T10:00:00Z").getTime());
    await at(new Date("2026-12-05T10:00:00Z").getTime());
    const nudges = to("eva@example.com");
    expect(nudges.map((m) => m.subject)).toEqual(["Your free intake call is one click away"]);
    expect(decoded(nudges[0]!.raw)).toContain("https://wa.me/31612345678");
  });

  it("sends no nudge to a lead who booked at 47 hours, nor to one who was erased", async () => {
    clock = new Date("2026-12-01T10:00:00Z");
    const booked = await questionnaire("fay@example.com", clock);
    await questionnaire("gus@example.com", clock);
    const nudgesTo = (address: string) =>
      database.db
        .select({ state: messages.state })
        .from(messages)
        .where(and(eq(messages.recipient, address), eq(messages.kind, "follow-up:nudge")));
    expect(await nudgesTo("fay@example.com")).toEqual([{ state: "queued" }]);
    expect(await nudgesTo("gus@example.com")).toEqual([{ state: "queued" }]);
    clock = new Date(clock.getTime() + 47 * HOUR);
    const created = calendlyInvitee("invitee.created", {
      uri: "inv-47",
      email: "fay@example.com",
      startsAt: new Date(clock.getTime() + 5 * 24 * HOUR),
      utmContent: booked,
    });
    await webhook("calendly", { ...created, created_at: clock.toISOString() });
    await erasePerson(database.db, "gus@example.com");
    await at(clock.getTime() + 2 * HOUR);
    expect(to("fay@example.com").filter((m) => m.subject.includes("one click away"))).toHaveLength(0);
    expect(to("gus@example.com")).toHaveLength(0);
    expect(await nudgesTo("fay@example.com")).toEqual([{ state: "cancelled" }]);
  });

  it("moves a message due at 23:00 in Amsterdam to 08:00 the next morning", async () => {
    // The questionnaire at 23:00 CET: its nudge is due 48 hours later, at 23:00.
    clock = new Date("2026-12-01T22:00:00Z");
    await questionnaire("hana@example.com", clock);
    await at("2026-12-03T22:00:00Z");
    expect(to("hana@example.com")).toHaveLength(0);
    await at("2026-12-04T06:59:00Z");
    expect(to("hana@example.com")).toHaveLength(0);
    await at("2026-12-04T07:00:00Z");
    expect(to("hana@example.com")).toHaveLength(1);
  });

  it("stops every planned follow-up with the stop link, and plans none for that address again", async () => {
    clock = new Date("2026-12-01T10:00:00Z");
    await questionnaire("ida@example.com", clock);
    const nudge = (await database.db.select().from(messages).where(eq(messages.recipient, "ida@example.com")))[0]!;
    const token = /stop\?token=([\w-]+)/.exec((nudge.payload as { text: string }).text)![1]!;
    expect(await stopFollowUps(database.db, config.secret, token, clock)).toBe(true);
    expect(await stopFollowUps(database.db, config.secret, `${token}x`, clock)).toBe(false);
    await questionnaire("ida@example.com", new Date(clock.getTime() + HOUR));
    await at(clock.getTime() + 72 * HOUR);
    expect(to("ida@example.com")).toHaveLength(0);
  });

  it("plans nothing for an automation she switched off, and uses her own words for one she edited", async () => {
    clock = new Date("2026-12-01T10:00:00Z");
    await database.db.insert(followUpSettings).values({ automation: "nudge", enabled: false });
    await questionnaire("kai@example.com", clock);
    expect(await database.db.select().from(messages).where(eq(messages.recipient, "kai@example.com"))).toEqual([]);
    await database.db
      .update(followUpSettings)
      .set({
        enabled: true,
        subject: "Still thinking, {{firstName}}?",
        body: "Hi {{firstName}}, [book]({{bookingLink}})",
      })
      .where(eq(followUpSettings.automation, "nudge"));
    await questionnaire("lou@example.com", clock);
    await at(clock.getTime() + 48 * HOUR);
    const [mail] = to("lou@example.com");
    expect(mail?.subject).toBe("Still thinking, Anna?");
    expect(decoded(mail!.raw)).toContain("Hi Anna, book (https://calendly.com/mila/intake?utm_content=");
    await database.db.delete(followUpSettings);
  });

  it("answers the stop link's one-click POST, and only shows a button on GET", async () => {
    clock = new Date("2026-12-01T10:00:00Z");
    await questionnaire("jan@example.com", clock);
    const nudge = (await database.db.select().from(messages).where(eq(messages.recipient, "jan@example.com")))[0]!;
    const url = /(https:\/\/\S+\/follow-ups\/stop\?token=[\w-]+)/.exec((nudge.payload as { text: string }).text)![1]!;
    const context = routerContextOf({
      services: { secret: config.secret, database, logger } as unknown as AppServices,
      cspNonce: "n",
      clientIp: "198.51.100.4",
    });
    const shown = (await stopLoader({ request: new Request(url), context, params: {} } as never)) as unknown as {
      data: { masked: string | null };
    };
    expect(shown.data.masked).toMatch(/^j.*@example\.com$/);
    expect((await database.db.select().from(messages).where(eq(messages.id, nudge.id)))[0]?.state).toBe("queued");
    const oneClick = new Request(url, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    const done = (await stopAction({ request: oneClick, context, params: {} } as never)) as unknown as {
      init: { status: number };
    };
    expect(done.init.status).toBe(200);
    expect((await database.db.select().from(messages).where(eq(messages.id, nudge.id)))[0]?.state).toBe("cancelled");
    const forged = new Request(url.replace(/token=.*/, "token=forged"), { method: "POST" });
    expect(
      ((await stopAction({ request: forged, context, params: {} } as never)) as unknown as { init: { status: number } })
        .init.status,
    ).toBe(400);
  });

  describe("the event, signed up through its form", () => {
    const eventKey = "beach-follow-ups";
    // The form refuses an event that has started by the real clock, so this one is ten days ahead of it.
    const day = localDateTimeOf(new Date(Date.now() + 10 * 24 * HOUR), AMSTERDAM).slice(0, 10);
    const start = new Date(Date.parse(`${day}T10:00:00Z`));
    let ids: Record<string, string> = {};
    beforeAll(async () => {
      const local = instantOf(`${day}T10:00`, AMSTERDAM);
      if (local.ok) start.setTime(local.instant.getTime());
      const data = { ...firstEvent, startsLocal: `${day}T10:00`, timeZone: AMSTERDAM, capacity: 1 };
      await database.db.insert(contentEntries).values({
        kind: "event",
        key: eventKey,
        status: "published",
        draft: data,
        published: data,
        publishedAt: new Date("2026-11-01T00:00:00Z"),
        firstPublishedAt: new Date("2026-11-01T00:00:00Z"),
      });
    });
    const signUp = async (name: string, email: string) => {
      const services = {
        env: parseEnv({ SITE_URL: config.siteUrl, TRAINER_EMAIL: "mila@coach.example" }),
        logger,
        database,
        outbox: { append: async () => {} },
        messages: engineMessages,
        content: createSiteContentStore(database.db),
        rateLimit: async () => ({ allowed: true, remaining: 100, retryAfter: 0 }),
        followUps,
      } as unknown as AppServices;
      // The page's own form without scripts: a plain post, as event-signup-form.tsx sends it.
      const answer = await handleEventSignup(
        new Request(`${config.siteUrl}/nicaragua`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Referer: `${config.siteUrl}/nicaragua` },
          body: new URLSearchParams({ name, phone: "+31 6 0000 0000", email, website: "" }),
        }),
        { services, clientIp: "198.51.100.7" },
      );
      expect(answer.outcome).toMatchObject({ status: "ok" });
      if (answer.outcome.status === "ok") ids[email] = answer.outcome.leadId;
      return answer.outcome;
    };
    const calendarEvent = (mail: { raw: string }) =>
      new ICAL.Event(new ICAL.Component(ICAL.parse(calendarOf(mail.raw))).getFirstSubcomponent("vevent")!);

    it("confirms a place taken through the form, and reminds the day before with a valid .ics and a map link", async () => {
      clock = new Date();
      ids = {};
      expect(await signUp("Jo Beach", "jo@example.com")).not.toHaveProperty("waitlisted");
      expect(await signUp("Kim Wave", "Kim@Example.com")).toMatchObject({ waitlisted: true });
      expect(
        (
          await database.db.select({ email: signups.email }).from(signups).where(eq(signups.id, ids["jo@example.com"]!))
        )[0],
      ).toEqual({ email: "jo@example.com" });
      await at(clock.getTime());
      expect(to("jo@example.com").map((m) => m.subject)).toEqual([`Your place at ${firstEvent.title}`]);
      expect(to("kim@example.com")).toEqual([]);
      await at(start.getTime() - 24 * HOUR);
      const [confirmation, reminder] = to("jo@example.com");
      expect(reminder?.subject).toBe(`Tomorrow: ${firstEvent.title}`);
      for (const mail of [confirmation!, reminder!]) {
        const vevent = calendarEvent(mail);
        expect(vevent.startDate.toJSDate()).toEqual(start);
        expect(vevent.summary).toBe(firstEvent.title);
        expect(vevent.location).toContain(firstEvent.venue);
      }
      expect(decoded(reminder!.raw)).toContain("https://www.google.com/maps/search/?api=1&query=");
    });

    it("tells someone moved up from the form's waiting list at once, with the calendar file", async () => {
      clock = new Date(start.getTime() - 23 * HOUR);
      expect((await cancelSignup(database.db, ids["jo@example.com"]!, clock)).ok).toBe(true);
      expect((await moveUpSignup(database.db, ids["Kim@Example.com"]!, followUps)).ok).toBe(true);
      await at(clock.getTime());
      const told = to("kim@example.com");
      expect(told.map((m) => m.subject)).toEqual([`A place came free for you: ${firstEvent.title}`]);
      expect(calendarEvent(told[0]!).startDate.toJSDate()).toEqual(start);
    });
  });
});
