import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import pino from "pino";
import { bothEngines, createTestDatabase, engines, type Engine, type TestDatabase } from "../support/database";
import { startSmtpServer, type LocalSmtp } from "../support/smtp";
import { deliverQueued } from "../support/messages";
import { freePort } from "../support/server";
import { createMessages } from "~/features/messages/messages.server";
import { openDatabase, type Database } from "~/infra/db.server";
import { parseEnv } from "~/infra/env.server";
import { hitRateLimit } from "~/infra/rate-limit.server";
import { createMailer } from "~/infra/mail.server";
import type { RequestContext } from "~/context";
import type { AppServices } from "~/context";
import { Outbox } from "~/features/leads/outbox.server";
import { registerOutboxHandlers } from "../../server/outbox-handlers";
import { handleIntake } from "~/features/questionnaire/intake.server";
import { handleEventSignup } from "~/features/events/event-signup.server";
import { consentRecords, signups } from "#db/schema";
import { createSiteContentStore, seedSiteContent } from "~/content-kinds.server";

const logger = pino({ level: "silent" });
const SITE = "https://coach.example";

/**
 * The lead actions with the services they use (database, outbox, mailer, rate limit):
 * the real implementations, assembled here so one test can take the database away.
 */
function makeContext(
  database: Pick<Database, "db">,
  outbox: Outbox,
  options: { mailUrl?: string; formsPerMinute?: number; ip?: string; eventStartsAt?: string } = {},
): RequestContext {
  const env = parseEnv({
    SITE_URL: SITE,
    TRAINER_EMAIL: "mila@coach.example",
    // The content's event is over; these tests sign up for one a month ahead.
    EVENT_STARTS_AT: options.eventStartsAt ?? new Date(Date.now() + 30 * 86_400_000).toISOString(),
    RATE_LIMIT_FORMS_PER_MINUTE: String(options.formsPerMinute ?? 1000),
    ...(options.mailUrl ? { SMTP_URL: options.mailUrl } : {}),
  });
  const store = createSiteContentStore(database.db);
  const mailer = createMailer(env.SMTP_URL, env.MAIL_FROM, logger);
  let seeded: Promise<void> | undefined;
  const services = {
    env,
    logger,
    database,
    outbox,
    // The first event from the seed, moved a month ahead by EVENT_STARTS_AT.
    content: {
      listLive: async (kind: "event") => {
        await (seeded ??= seedSiteContent(store));
        return store.listLive(kind);
      },
    },
    mailer,
    messages: createMessages({
      db: database.db,
      mailer,
      push: null,
      logger,
      retryBaseMs: env.MESSAGE_RETRY_BASE_MS,
      startWorker: false,
    }),
    rateLimit: async (key: string, limit: number, windowSeconds: number) => {
      try {
        return await hitRateLimit(database.db, key, limit, windowSeconds);
      } catch {
        return { allowed: true, remaining: limit, retryAfter: 0 };
      }
    },
  } as unknown as AppServices;
  return { services, cspNonce: "test", clientIp: options.ip ?? "203.0.113.7" };
}

const answers = { 1: "competition", 2: "triathlon", 3: "distance", 4: "female", 5: "31+" };
const contact = {
  firstName: "Anna",
  lastName: "de Vries",
  email: "anna@example.nl",
  phone: "+31612345678",
  message: "Half Ironman in June",
};
let keyCounter = 0;
const newKey = () => `key-${Date.now()}-${++keyCounter}-${Math.random().toString(36).slice(2)}`;

const jsonRequest = (url: string, body: unknown) =>
  new Request(`${SITE}${url}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Referer: `${SITE}/services/triathlon-coaching` },
    body: JSON.stringify(body),
  });
const formRequest = (url: string, fields: Record<string, string>) =>
  new Request(`${SITE}${url}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });

const intake = (overrides: Record<string, unknown> = {}) => ({
  answers,
  contact,
  idempotencyKey: newKey(),
  sourceUrl: `${SITE}/services/triathlon-coaching`,
  website: "",
  elapsedMs: 30_000,
  ...overrides,
});

const tempOutbox = () => new Outbox(path.join(mkdtempSync(path.join(tmpdir(), "outbox-")), "outbox.jsonl"), logger);

describe.each(engines)("lead forms on %s", (engine: Engine) => {
  let database: TestDatabase;
  let outbox: Outbox;
  let ctx: RequestContext;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    outbox = tempOutbox();
    registerOutboxHandlers(outbox, database.db);
    ctx = makeContext(database, outbox);
  });
  afterAll(async () => {
    await database.drop();
  });

  it("stores one intake record with its answers and source", async () => {
    const body = intake();
    const result = await handleIntake(jsonRequest("/api/intake", body), ctx);
    expect(result.status).toBe(200);
    expect(result.outcome).toMatchObject({ status: "ok", name: "Anna de Vries", email: "anna@example.nl" });
    const leadId = result.outcome.status === "ok" ? result.outcome.leadId : "";
    const [row] = await database.db.select().from(signups).where(eq(signups.id, leadId));
    expect(row).toMatchObject({
      formName: "Fitness Intake Form",
      firstName: "Anna",
      lastName: "de Vries",
      email: "anna@example.nl",
      phone: "+31612345678",
      sourceUrl: `${SITE}/services/triathlon-coaching`,
      answers: { q1: "competition", q2: "triathlon", q3: "distance", q4: "female", q5: "31+" },
      message: "Half Ironman in June",
      status: "new",
      idempotencyKey: body.idempotencyKey,
    });
    expect(row?.createdAt).toBeInstanceOf(Date);
  });

  it("stores a double click or a retried request once, answering the same lead id", async () => {
    const body = intake();
    const results = await Promise.all([1, 2, 3].map(() => handleIntake(jsonRequest("/api/intake", body), ctx)));
    const again = await handleIntake(jsonRequest("/api/intake", body), ctx);
    const ids = new Set([...results, again].map((r) => (r.outcome.status === "ok" ? r.outcome.leadId : "x")));
    expect(ids.size).toBe(1);
    const rows = await database.db.select().from(signups).where(eq(signups.idempotencyKey, body.idempotencyKey));
    expect(rows).toHaveLength(1);
    expect(ids.has(rows[0]?.id ?? "")).toBe(true);
  });

  it("answers invalid submissions with the exact messages and stores nothing", async () => {
    const body = intake({
      contact: { firstName: "", lastName: "x", email: "anna@", phone: "call me" },
      answers: { 1: "competition", 4: "male", 5: "18-24" },
    });
    const result = await handleIntake(jsonRequest("/api/intake", body), ctx);
    expect(result.status).toBe(400);
    expect(result.outcome).toMatchObject({
      status: "invalid",
      errors: {
        "answers.2": "This field is required",
        "answers.3": "This field is required",
        "contact.firstName": "This field is required",
        "contact.email": "Please enter a valid email address",
        "contact.phone": "Please enter a valid phone number",
      },
    });
    expect(
      await database.db.select().from(signups).where(eq(signups.idempotencyKey, body.idempotencyKey)),
    ).toHaveLength(0);
  });

  it("answers a filled honeypot like a success and a too-fast one as held, storing no lead", async () => {
    for (const body of [intake({ website: "https://spam.example" }), intake({ elapsedMs: 300 })]) {
      const result = await handleIntake(jsonRequest("/api/intake", body), ctx);
      expect(result.outcome).toMatchObject({ status: "ok", ...(body.website ? {} : { held: true }) });
      expect(
        await database.db.select().from(signups).where(eq(signups.idempotencyKey, body.idempotencyKey)),
      ).toHaveLength(0);
    }
  });

  it("accepts the plain HTML form post with the plain form's field names, once per identical post", async () => {
    const fields = {
      "form-name": "fitness-form",
      "service-type": "weight-loss",
      "sports-event": "hardly-ever",
      gender: "male",
      "age-range": "25-30",
      "first-name": "Bram",
      "last-name": `Form-${engine}`,
      email: "bram@example.nl",
      phone: "+31 6 11112222",
      message: "",
      "source-url": "/services/weight-loss",
      website: "",
    };
    const first = await handleIntake(formRequest("/start", fields), ctx);
    const second = await handleIntake(formRequest("/start", fields), ctx);
    expect(first.outcome.status).toBe("ok");
    expect(second.outcome).toEqual(first.outcome);
    const rows = await database.db
      .select()
      .from(signups)
      .where(eq(signups.lastName, `Form-${engine}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      answers: { q1: "weight-loss", q2: "hardly-ever", q4: "male", q5: "25-30" },
      sourceUrl: `${SITE}/services/weight-loss`,
      message: null,
    });
  });

  it("echoes the plain form's values with errors by field", async () => {
    const result = await handleIntake(
      formRequest("/start", { "service-type": "getting-fit", "first-name": "Bo", email: "nope" }),
      ctx,
    );
    expect(result.status).toBe(400);
    expect(result.outcome).toMatchObject({
      status: "invalid",
      values: { "service-type": "getting-fit", "first-name": "Bo", email: "nope" },
    });
  });

  it("limits submissions per address and form with a clear 429 message", async () => {
    const limited = makeContext(database, outbox, {
      formsPerMinute: 2,
      ip: `198.51.100.${engines.indexOf(engine) + 1}`,
    });
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 3; i++) {
      last = await handleIntake(jsonRequest("/api/intake", intake()), limited);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect(last?.outcome).toEqual({
      status: "rate-limited",
      message: "Too many submissions from your connection. Please wait a minute and try again.",
    });
    expect(Number(last?.headers?.["Retry-After"])).toBeGreaterThan(0);
    // The event form has its own budget.
    const event = await handleEventSignup(
      jsonRequest("/api/event-signup", {
        name: "Eva",
        phone: "+505 8888 1111",
        idempotencyKey: newKey(),
        elapsedMs: 9000,
      }),
      limited,
    );
    expect(event.status).toBe(200);
  });

  it("stores an event signup, with its e-mail address when given, and refuses empty name and phone or a wrong address with the site's messages", async () => {
    const key = newKey();
    const ok = await handleEventSignup(
      jsonRequest("/api/event-signup", {
        name: "  Eva Lopez ",
        phone: " +505 8888 1234 ",
        idempotencyKey: key,
        elapsedMs: 9000,
        sourceUrl: `${SITE}/nicaragua`,
      }),
      ctx,
    );
    expect(ok.outcome.status).toBe("ok");
    await handleEventSignup(
      jsonRequest("/api/event-signup", {
        name: "Eva Lopez",
        phone: "+505 8888 1234",
        idempotencyKey: key,
        elapsedMs: 9000,
      }),
      ctx,
    );
    const rows = await database.db.select().from(signups).where(eq(signups.idempotencyKey, key));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      formName: "Nicaragua Signup Form",
      name: "Eva Lopez",
      phone: "+505 8888 1234",
      sourceUrl: `${SITE}/nicaragua`,
      email: null,
    });

    const bad = await handleEventSignup(formRequest("/nicaragua", { name: "   ", phone: "" }), ctx);
    expect(bad.status).toBe(400);
    expect(bad.outcome).toEqual({
      status: "invalid",
      errors: { name: "Name is required", phone: "Phone number is required" },
      values: { name: "   ", phone: "", email: "" },
    });

    // The e-mail address is optional; one that is given must be valid, and is kept as typed when it is not.
    const badEmail = await handleEventSignup(
      formRequest("/nicaragua", { name: "Eva Lopez", phone: "+505 8888 1234", email: "eva@example" }),
      ctx,
    );
    expect(badEmail.outcome).toEqual({
      status: "invalid",
      errors: { email: "Please enter a valid email address, or leave it empty" },
      values: { name: "Eva Lopez", phone: "+505 8888 1234", email: "eva@example" },
    });
    const withEmail = newKey();
    await handleEventSignup(
      jsonRequest("/api/event-signup", {
        name: "Eva Lopez",
        phone: "+505 8888 1234",
        email: " eva@example.com ",
        idempotencyKey: withEmail,
        elapsedMs: 9000,
      }),
      ctx,
    );
    expect(
      (
        await database.db.select({ email: signups.email }).from(signups).where(eq(signups.idempotencyKey, withEmail))
      )[0],
    ).toEqual({ email: "eva@example.com" });
  });

  it("stores one proof of consent with each intake and event signup, by JSON and by plain form", async () => {
    const ua = { "User-Agent": "Mozilla/5.0 (consent test)" };
    const withUa = (request: Request) =>
      new Request(request, { headers: { ...Object.fromEntries(request.headers), ...ua } });
    const consentOf = async (leadId: string) =>
      database.db.select().from(consentRecords).where(eq(consentRecords.signupId, leadId));
    const idOf = (r: { outcome: { status: string } }) => (r.outcome as { leadId?: string }).leadId ?? "";

    const json = await handleIntake(
      withUa(
        jsonRequest(
          "/api/intake",
          intake({ consentVersion: "intake-2026-11-23", sourceUrl: `${SITE}/start?utm_source=x` }),
        ),
      ),
      ctx,
    );
    const form = await handleIntake(
      withUa(
        formRequest("/start", {
          "service-type": "getting-fit",
          "sports-event": "hardly-ever",
          gender: "female",
          "age-range": "25-30",
          "first-name": "Cato",
          "last-name": `Consent-${engine}`,
          email: "cato@example.nl",
          phone: "+31 6 22223333",
          "source-url": "/start",
          "consent-version": "intake-2026-11-23",
          website: "",
        }),
      ),
      ctx,
    );
    const event = await handleEventSignup(
      withUa(
        jsonRequest("/api/event-signup", {
          name: "Luz",
          phone: "+505 8888 4321",
          idempotencyKey: newKey(),
          elapsedMs: 9000,
          sourceUrl: `${SITE}/nicaragua`,
          consentVersion: "event-2026-11-23",
        }),
      ),
      ctx,
    );
    // Without scripts the event form has no sourceUrl: the page comes from the Referer.
    const eventForm = await handleEventSignup(
      new Request(`${SITE}/nicaragua`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Referer: `${SITE}/nicaragua`, ...ua },
        body: new URLSearchParams({
          name: "Ana",
          phone: "+505 8888 9999",
          consentVersion: "event-2026-11-23",
          website: "",
        }),
      }),
      ctx,
    );
    const expected = (form: string, page: string, textVersion: string) => ({
      action: "signup",
      form,
      page,
      textVersion,
      network: "203.0.113.0/24",
      userAgent: "Mozilla/5.0 (consent test)",
      subscriberId: null,
    });
    expect(await consentOf(idOf(json))).toEqual([
      expect.objectContaining(expected("intake", "/start", "intake-2026-11-23")),
    ]);
    expect(await consentOf(idOf(form))).toEqual([
      expect.objectContaining(expected("intake", "/start", "intake-2026-11-23")),
    ]);
    expect(await consentOf(idOf(event))).toEqual([
      expect.objectContaining(expected("event", "/nicaragua", "event-2026-11-23")),
    ]);
    expect(await consentOf(idOf(eventForm))).toEqual([
      expect.objectContaining(expected("event", "/nicaragua", "event-2026-11-23")),
    ]);
    // A retried submission is the same agreement: still one record.
    await handleIntake(withUa(jsonRequest("/api/intake", intake({ idempotencyKey: "retry-consent-key-1" }))), ctx);
    const retried = await handleIntake(
      withUa(jsonRequest("/api/intake", intake({ idempotencyKey: "retry-consent-key-1" }))),
      ctx,
    );
    expect(await consentOf(idOf(retried))).toHaveLength(1);
    // A version id the site never published is not trusted: today's text is recorded.
    const forged = await handleIntake(
      withUa(jsonRequest("/api/intake", intake({ consentVersion: "i-agreed-to-nothing" }))),
      ctx,
    );
    expect((await consentOf(idOf(forged)))[0]?.textVersion).toBe("intake-2026-11-23");
    // The stored network never holds the full address.
    const all = await database.db.select().from(consentRecords);
    expect(JSON.stringify(all)).not.toContain('203.0.113.7"');
  });

  it("refuses an event signup once the event has started, storing nothing", async () => {
    // An outbox of its own: the shared one may still hold an earlier test's job when this one runs.
    const own = tempOutbox();
    const closed = makeContext(database, own, { eventStartsAt: new Date(Date.now() - 60_000).toISOString() });
    const key = newKey();
    const late = await handleEventSignup(
      jsonRequest("/api/event-signup", {
        name: "Late Larry",
        phone: "+505 8888 9999",
        idempotencyKey: key,
        elapsedMs: 9000,
      }),
      closed,
    );
    expect(late.status).toBe(410);
    expect(late.outcome).toMatchObject({ status: "closed", message: expect.stringContaining("Sign-ups are closed") });
    expect(await database.db.select().from(signups).where(eq(signups.idempotencyKey, key))).toHaveLength(0);
    expect(await own.size()).toBe(0);
  });
});

describe.each(bothEngines)("a database outage on %s", (engine: Engine) => {
  let cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const fn of cleanup.reverse()) await fn().catch(() => undefined);
    cleanup = [];
  });

  /** A database that can be taken down and brought back, as the engine allows. */
  async function outageDatabase(): Promise<{
    current: () => Database;
    down: () => Promise<void>;
    up: () => Promise<void>;
  }> {
    if (engine === "pglite") {
      const dataDir = mkdtempSync(path.join(tmpdir(), "pglite-outage-"));
      let database = await openDatabase({ dataDir });
      cleanup.push(() => database.close());
      return {
        current: () => database,
        down: () => database.close(),
        // The embedded database comes back when the process restarts and reopens its files.
        up: async () => {
          database = await openDatabase({ dataDir });
        },
      };
    }
    const test = await createTestDatabase("postgres");
    cleanup.push(() => test.drop());
    const name = new URL(test.url ?? "").pathname.slice(1);
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      await client.query(sql);
      await client.end();
    };
    return {
      current: () => test,
      down: async () => {
        await admin(`alter database ${name} allow_connections false`);
        await admin(
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
        );
      },
      up: () => admin(`alter database ${name} allow_connections true`),
    };
  }

  it("keeps the lead in the outbox and replays it once the database is back", async () => {
    const smtp: LocalSmtp = await startSmtpServer();
    cleanup.push(() => smtp.stop());
    const database = await outageDatabase();
    const outbox = tempOutbox();
    const ctx = makeContext(
      {
        get db() {
          return database.current().db;
        },
      },
      outbox,
      { mailUrl: smtp.url },
    );

    await database.down();
    const body = intake();
    const result = await handleIntake(jsonRequest("/api/intake", body), ctx);
    // The visitor sees the normal thank-you: the lead is safe on disk.
    expect(result.status).toBe(200);
    expect(result.outcome.status).toBe("ok");
    const leadId = result.outcome.status === "ok" ? result.outcome.leadId : "";
    const event = await handleEventSignup(
      jsonRequest("/api/event-signup", {
        name: "Eva",
        phone: "+505 8888 0000",
        idempotencyKey: newKey(),
        elapsedMs: 9000,
      }),
      ctx,
    );
    expect(event.outcome.status).toBe("ok");
    // A retry of the same submission while still down queues a duplicate that replay must absorb.
    await handleIntake(jsonRequest("/api/intake", body), ctx);
    expect(await outbox.size()).toBe(3);

    await database.up();
    const mailer = ctx.services.mailer;
    registerOutboxHandlers(outbox, database.current().db, {
      messages: ctx.services.messages,
      logger,
      trainerEmail: "mila@coach.example",
    });
    const replay = await outbox.replay();
    expect(replay).toEqual({ replayed: 3, remaining: 0, deadLettered: 0 });
    expect(await outbox.size()).toBe(0);

    const rows = await database.current().db.select().from(signups);
    expect(rows).toHaveLength(2);
    const lead = rows.find((r) => r.formName === "Fitness Intake Form");
    expect(lead?.id).toBe(leadId);
    expect(lead?.email).toBe("anna@example.nl");
    expect(rows.find((r) => r.formName === "Nicaragua Signup Form")?.name).toBe("Eva");
    // The proof of consent travelled with each lead: one record each, none for the duplicate.
    const consents = await database.current().db.select().from(consentRecords);
    expect(consents.map((c) => c.form).sort()).toEqual(["event", "intake"]);
    expect(consents.find((c) => c.form === "intake")?.signupId).toBe(leadId);

    // One notification per new lead, none for the absorbed duplicate (two e-mails, two pushes).
    expect(await deliverQueued({ database: database.current(), mailer })).toMatchObject({ sent: 4 });
    const mails = smtp.messages;
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.to[0])).toEqual(["mila@coach.example", "mila@coach.example"]);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      "New event signup: Eva",
      "New intake: Anna de Vries (Training for a competition)",
    ]);
    ctx.services.mailer?.close();
  });

  it("answers not saved only when the outbox cannot take the lead either", async () => {
    const database = await outageDatabase();
    // A directory where the outbox file should be: every append fails.
    const blocked = path.join(mkdtempSync(path.join(tmpdir(), "outbox-blocked-")), "outbox.jsonl");
    mkdirSync(blocked);
    const ctx = makeContext(
      {
        get db() {
          return database.current().db;
        },
      },
      new Outbox(blocked, logger),
    );
    await database.down();
    const result = await handleIntake(jsonRequest("/api/intake", intake()), ctx);
    expect(result.status).toBe(503);
    expect(result.outcome).toMatchObject({ status: "not-saved", reach: { email: expect.stringContaining("@") } });
    const event = await handleEventSignup(
      jsonRequest("/api/event-signup", { name: "Eva", phone: "123", idempotencyKey: newKey(), elapsedMs: 9000 }),
      ctx,
    );
    expect(event.outcome).toEqual({
      status: "failed",
      message: "Something went wrong. Our database is currently unavailable. You can still reserve your spot!",
    });
    await database.up();
  });
});

describe("lead notification", () => {
  let smtp: LocalSmtp;
  let database: TestDatabase;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    database = await createTestDatabase("pglite");
  });
  afterAll(async () => {
    await smtp.stop();
    await database.drop();
  });

  it("mails the trainer each new lead with readable answers, and not for a repeat", async () => {
    const outbox = tempOutbox();
    const ctx = makeContext(database, outbox, { mailUrl: smtp.url });
    const body = intake();
    await handleIntake(jsonRequest("/api/intake", body), ctx);
    await handleIntake(jsonRequest("/api/intake", body), ctx);
    expect(await deliverQueued({ database, mailer: ctx.services.mailer })).toMatchObject({ sent: 2 });
    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail?.to).toEqual(["mila@coach.example"]);
    expect(mail?.raw).toContain("Reply-To: anna@example.nl");
    expect(mail?.raw).toContain("Sport / exercise frequency: Triathlon");
    expect(mail?.raw).toContain("Competition goal: Go the distance");
    ctx.services.mailer?.close();
  });

  it("keeps the notice while the mail server is away and sends it once when it is back", async () => {
    const port = await freePort();
    const ctx = makeContext(database, tempOutbox(), { mailUrl: `smtp://127.0.0.1:${port}?starttls=off` });
    const body = intake({ contact: { ...contact, firstName: "Away" } });
    expect((await handleIntake(jsonRequest("/api/intake", body), ctx)).outcome.status).toBe("ok");
    const now = new Date();
    expect(await deliverQueued({ database, mailer: ctx.services.mailer }, now)).toMatchObject({ waiting: 1 });
    const back = await startSmtpServer(port);
    try {
      // Due again one back-off later (MESSAGE_RETRY_BASE_MS, a minute by default), not before.
      expect(await deliverQueued({ database, mailer: ctx.services.mailer }, now)).toMatchObject({ claimed: 0 });
      const later = new Date(now.getTime() + 60_000);
      expect(await deliverQueued({ database, mailer: ctx.services.mailer }, later)).toMatchObject({ sent: 1 });
      expect(await deliverQueued({ database, mailer: ctx.services.mailer }, later)).toMatchObject({ claimed: 0 });
      expect(back.messages.map((m) => m.subject)).toEqual([expect.stringContaining("Away")]);
    } finally {
      await back.stop();
      ctx.services.mailer?.close();
    }
  });

  it("never fails the visitor when the mail server is unreachable", async () => {
    const ctx = makeContext(database, tempOutbox(), { mailUrl: "smtp://127.0.0.1:9?starttls=off" });
    const result = await handleIntake(jsonRequest("/api/intake", intake()), ctx);
    expect(result.outcome.status).toBe("ok");
    ctx.services.mailer?.close();
  });
});
