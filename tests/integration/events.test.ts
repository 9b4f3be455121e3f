import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, engines, type Engine, type TestDatabase } from "../support/database";
import { createSiteContentStore, seedSiteContent, type SiteContentStore } from "~/content-kinds.server";
import { formValuesOf, saveEvent, type EventFormValues } from "~/features/events/events-admin.server";
import { currentEvent, placesOf } from "~/features/events/events.server";
import { instantOf, localDateTimeOf } from "~/infra/zoned-time";
import { writeLead, type EventLead } from "~/features/leads/signups.server";
import { auditLog, signups } from "#db/schema";
import { applyRetention } from "~/features/reports/retention.server";
import { event as firstEvent } from "#content/event";

const trainer = { userId: null, ip: "203.0.113.9" };

describe("wall-clock times at the venue", () => {
  it("follows the zone's summer and winter time", () => {
    expect(instantOf("2026-07-01T18:00", "Europe/Amsterdam")).toEqual({
      ok: true,
      instant: new Date("2026-07-01T16:00:00Z"),
    });
    expect(instantOf("2026-01-15T18:00", "Europe/Amsterdam")).toEqual({
      ok: true,
      instant: new Date("2026-01-15T17:00:00Z"),
    });
    expect(instantOf("2026-07-01T17:30", "America/Managua")).toEqual({
      ok: true,
      instant: new Date("2026-07-01T23:30:00Z"),
    });
  });

  it("refuses a time the clocks skip and takes the first of a time that happens twice", () => {
    expect(instantOf("2026-03-29T02:30", "Europe/Amsterdam")).toEqual({ ok: false, problem: "skipped" });
    const twice = instantOf("2026-10-25T02:30", "Europe/Amsterdam");
    expect(twice).toEqual({ ok: true, instant: new Date("2026-10-25T00:30:00Z") });
    if (twice.ok) expect(localDateTimeOf(twice.instant, "Europe/Amsterdam")).toBe("2026-10-25T02:30");
    expect(instantOf("2026-02-30T10:00", "Europe/Amsterdam")).toEqual({ ok: false, problem: "invalid" });
    expect(instantOf("2026-02-10T10:00", "Mars/Olympus")).toEqual({ ok: false, problem: "invalid" });
  });
});

/** The form as the trainer fills it for an event `days` ahead, with changes. */
function form(days: number, changes: Partial<EventFormValues> = {}): EventFormValues {
  const start = new Date(Date.now() + days * 86_400_000);
  const local = localDateTimeOf(start, "Europe/Amsterdam");
  return {
    ...formValuesOf(firstEvent),
    title: "Sunrise run and stretch",
    date: local.slice(0, 10),
    time: "07:30",
    timeZone: "Europe/Amsterdam",
    venue: "Vondelpark",
    streetAddress: "Vondelpark 1",
    locality: "Amsterdam",
    region: "Noord-Holland",
    country: "Netherlands",
    countryCode: "NL",
    priceAmount: "15",
    currency: "EUR",
    capacity: "12",
    ...changes,
  };
}

const lead = (eventKey: string, n: number): EventLead => ({
  id: crypto.randomUUID(),
  idempotencyKey: `race-${eventKey}-${n}-${Math.random()}`,
  sourceUrl: null,
  createdAt: new Date().toISOString(),
  name: `Runner ${n}`,
  phone: "+31 6 1234 5678",
  eventKey,
});

describe.each(engines)("events on %s", (engine: Engine) => {
  let database: TestDatabase;
  let content: SiteContentStore;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    content = createSiteContentStore(database.db, { revisionCacheMs: 0 });
    await seedSiteContent(content);
  });
  afterAll(async () => {
    await database.drop();
  });

  it("refuses an event that is not complete or not possible, saying why under the field", async () => {
    const cases: [Partial<EventFormValues>, keyof EventFormValues, RegExp][] = [
      [{ title: " " }, "title", /name/i],
      [{ time: "" }, "time", /date and the start time/i],
      [{ date: "2027-03-28", time: "02:30" }, "time", /clocks jump forward/i],
      [{ timeZone: "Amsterdam" }, "timeZone", /time zone/i],
      [{ capacity: "0" }, "capacity", /at least 1 place/i],
      [{ capacity: "ten" }, "capacity", /whole number/i],
      [{ priceAmount: "-5" }, "priceAmount", /below 0/i],
      [{ countryCode: "Holland" }, "countryCode", /two-letter/i],
      [{ currency: "euro" }, "currency", /three-letter/i],
      [{ streetAddress: "" }, "streetAddress", /street address/i],
      [{ description: "" }, "description", /at least one paragraph/i],
    ];
    for (const [changes, field, message] of cases) {
      const result = await saveEvent(content, undefined, form(30, changes), trainer, { publish: true });
      expect(result, field).toMatchObject({ ok: false, message: expect.stringMatching(/^Not saved/) });
      if (!result.ok) expect(result.errors[field], field).toMatch(message);
    }
    const past = await saveEvent(content, undefined, form(-2), trainer, { publish: true });
    expect(past).toMatchObject({ ok: false, errors: { date: expect.stringMatching(/already passed/) } });
    // Nothing of it was stored.
    expect((await content.list("event")).map((e) => e.key)).toEqual([
      expect.stringMatching(/^\d{4}-\d{2}-\d{2}-playa-maderas$/),
    ]);
  });

  it("shows the next published event, keeps the past one listed, and restores an earlier version", async () => {
    const later = await saveEvent(content, undefined, form(60, { title: "Later" }), trainer, { publish: true });
    const sooner = await saveEvent(content, undefined, form(20, { title: "Sooner" }), trainer, { publish: true });
    const draft = await saveEvent(content, undefined, form(10, { title: "Only a draft" }), trainer, {
      publish: false,
    });
    expect([later.ok, sooner.ok, draft.ok]).toEqual([true, true, true]);
    if (!later.ok || !sooner.ok) return;
    expect((await currentEvent(content))?.data.title).toBe("Sooner");
    // The wall-clock time is kept as typed, in the venue's zone.
    const current = await currentEvent(content);
    expect(localDateTimeOf(current!.start, "Europe/Amsterdam").slice(11)).toBe("07:30");
    // Once the sooner one has passed, the later one is next.
    expect((await currentEvent(content, { now: new Date(Date.now() + 25 * 86_400_000) }))?.data.title).toBe("Later");
    // With nothing ahead, the page shows the last one as over.
    expect((await currentEvent(content, { now: new Date(Date.now() + 90 * 86_400_000) }))?.data.title).toBe("Later");

    await saveEvent(content, sooner.key, form(20, { title: "Sooner, renamed" }), trainer, { publish: true });
    expect((await currentEvent(content))?.data.title).toBe("Sooner, renamed");
    await content.restore("event", sooner.key, 1, trainer, { publish: true });
    expect((await currentEvent(content))?.data.title).toBe("Sooner");
    const actions = await database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.action, "content.restored"));
    expect(actions.length).toBeGreaterThan(0);

    await content.unpublish("event", sooner.key, trainer);
    expect((await currentEvent(content))?.data.title).toBe("Later");
  });

  it("gives each place once when signups race for the last ones; the rest join the waiting list", async () => {
    const saved = await saveEvent(content, undefined, form(40, { title: "Small group", capacity: "2" }), trainer, {
      publish: true,
    });
    if (!saved.ok) throw new Error(saved.message);
    // Open the pool's connections first, so the five signups really run at the same time.
    await Promise.all(Array.from({ length: 8 }, () => database.db.execute(sql`select pg_sleep(0.05)`)));
    const results = await Promise.all([1, 2, 3, 4, 5].map((n) => writeLead(database.db, "event", lead(saved.key, n))));
    expect(results.filter((r) => !r.waitlisted)).toHaveLength(2);
    expect(results.filter((r) => r.waitlisted)).toHaveLength(3);
    expect(await placesOf(database.db, saved.key)).toEqual({ taken: 2, waiting: 3 });
    // A retried signup keeps what it had.
    const rows = await database.db
      .select()
      .from(signups)
      .where(and(eq(signups.eventKey, saved.key), eq(signups.waitlisted, true)));
    const retried = await writeLead(database.db, "event", {
      ...lead(saved.key, 9),
      idempotencyKey: rows[0]!.idempotencyKey!,
    });
    expect(retried).toMatchObject({ inserted: false, waitlisted: true });
    // More places: the next signup gets one again.
    await saveEvent(content, saved.key, form(40, { title: "Small group", capacity: "3" }), trainer, { publish: true });
    expect(await writeLead(database.db, "event", lead(saved.key, 6))).toMatchObject({ waitlisted: false });
    expect(await writeLead(database.db, "event", lead(saved.key, 7))).toMatchObject({ waitlisted: true });
  });

  it("removes an event's signups a month after that event, and keeps the next event's", async () => {
    const over = lead("over-event", 1);
    const next = lead("next-event", 1);
    await writeLead(database.db, "event", over);
    await writeLead(database.db, "event", next);
    const now = new Date();
    const eventStarts = new Map([
      ["over-event", new Date(now.getTime() - 40 * 86_400_000)],
      ["next-event", new Date(now.getTime() + 10 * 86_400_000)],
    ]);
    const counts = await applyRetention(database.db, now, { eventStarts });
    expect(counts.eventSignups).toBeGreaterThanOrEqual(1);
    const left = (await database.db.select({ key: signups.eventKey }).from(signups)).map((r) => r.key);
    expect(left).not.toContain("over-event");
    expect(left).toContain("next-event");
  });
});
