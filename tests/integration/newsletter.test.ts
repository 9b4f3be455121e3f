import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { routerContextOf } from "~/context";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { desc, eq } from "drizzle-orm";
import { createTestDatabase, engines, type TestDatabase } from "../support/database";
import { recordSends, startSmtpServer, type LocalSmtp } from "../support/smtp";
import { deliverQueued } from "../support/messages";
import { createMessages } from "~/features/messages/messages.server";
import { parseEnv } from "~/infra/env.server";
import type { AppServices } from "~/context";
import { createServices } from "../../server/services";
import { createLogger } from "~/infra/logger.server";
import { createMailer } from "~/infra/mail.server";
import { newsletterMessages, welcomeEmail } from "#content/newsletter";
import { action as resendAction } from "~/routes/api-newsletter-resend";
import type { RequestContext } from "~/context";
import type { Database } from "~/infra/db.server";
import { consentRecords, messages as messagesTable, newsletterSubscribers } from "#db/schema";
import { action as subscribeAction } from "~/routes/api-newsletter";
import { action as confirmAction, loader as confirmLoader } from "~/routes/newsletter-confirm";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/newsletter-unsubscribe";
import { resendConfirmation, storeFromOutbox, subscribe } from "~/features/newsletter/subscribe.server";
import { signToken } from "~/features/newsletter/tokens.server";

type Args<F extends (...args: never[]) => unknown> = Parameters<F>[0];

let ipCounter = 0;
const context = (services: AppServices, clientIp = `10.0.0.${++ipCounter}`): RequestContext => ({
  services,
  cspNonce: "test",
  clientIp,
});

function post(fields: Record<string, string>, json = true): Request {
  return new Request("http://localhost/api/newsletter", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(json ? { Accept: "application/json" } : {}) },
    body: new URLSearchParams(fields),
  });
}

const valid = {
  email: "  Anna.de.Vries@Example.COM ",
  source: "/blog/optimize-running-cadence",
  variant: "in-article",
  serviceType: "running_training",
  elapsedMs: "8000",
};

async function callSubscribe(
  services: AppServices,
  fields: Record<string, string>,
  options: { json?: boolean; ip?: string } = {},
): Promise<Response> {
  return (await subscribeAction({
    request: post(fields, options.json ?? true),
    context: routerContextOf(context(services, options.ip)),
    params: {},
  } as unknown as Args<typeof subscribeAction>)) as Response;
}

/** Presses the button of the confirmation page for this address. */
async function confirm(services: AppServices, email: string): Promise<Response> {
  const url = `https://coach.example/newsletter/confirm?token=${signToken(services.secret, "confirm", email)}`;
  return (await confirmAction({
    request: new Request(url, { method: "POST" }),
    context: routerContextOf(context(services)),
    params: {},
  } as unknown as Args<typeof confirmAction>)) as Response;
}

async function callResend(services: AppServices, email: string, ip: string, json = true): Promise<Response> {
  const request = new Request("http://localhost/api/newsletter/resend", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(json ? { Accept: "application/json" } : {}) },
    body: new URLSearchParams({ email }),
  });
  return (await resendAction({
    request,
    context: routerContextOf(context(services, ip)),
    params: {},
  } as unknown as Args<typeof resendAction>)) as Response;
}

async function rows(services: AppServices) {
  return services.database.db.select().from(newsletterSubscribers);
}

/** A database whose every query fails, like PostgreSQL during an outage. */
const down = {
  db: new Proxy(
    {},
    {
      get: () => () => {
        throw new Error("connection refused");
      },
    },
  ),
} as unknown as Database;

/** Records what the spreadsheet web hook receives; answers the first `failFirst` requests with 500. */
async function startWebhook(
  failFirst = 0,
): Promise<{ url: string; bodies: URLSearchParams[]; types: string[]; close(): Promise<void> }> {
  const bodies: URLSearchParams[] = [];
  const types: string[] = [];
  let calls = 0;
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      calls++;
      types.push(req.headers["content-type"] ?? "");
      bodies.push(new URLSearchParams(body));
      res.statusCode = calls <= failFirst ? 500 : 200;
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    bodies,
    types,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe.each(engines)("newsletter subscriptions on %s", (engine) => {
  let database: TestDatabase;
  const opened: AppServices[] = [];

  let shared: AppServices | undefined;
  /** One database per engine (migrations are slow); variants differ only in settings. */
  async function makeServices(extra: Record<string, string> = {}): Promise<AppServices> {
    if (!shared) shared = await openServices();
    const env = parseEnv({ ...baseEnv(), ...extra });
    const logger = createLogger("silent");
    const mailer = createMailer(env.SMTP_URL, env.MAIL_FROM, logger);
    const messages = createMessages({
      db: shared.database.db,
      mailer,
      push: null,
      logger,
      retryBaseMs: env.MESSAGE_RETRY_BASE_MS,
      startWorker: false,
    });
    return { ...shared, env, mailer, messages };
  }
  /** A real local SMTP server and services that send through it, welcome e-mails included. */
  async function servicesWithSmtp(): Promise<{ smtp: LocalSmtp; services: AppServices }> {
    const smtp = await startSmtpServer();
    const services = await makeServices({ SMTP_URL: smtp.url });
    return { smtp, services };
  }
  function baseEnv(): Record<string, string> {
    return {
      NODE_ENV: "test",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "newsletter-test-")),
      SITE_URL: "https://coach.example",
      LOG_LEVEL: "silent",
      ...(engine === "postgres" && database.url ? { DATABASE_URL: database.url } : {}),
    };
  }
  async function openServices(): Promise<AppServices> {
    const services = await createServices(parseEnv(baseEnv()), {
      logger: createLogger("silent"),
      memoryDb: engine === "pglite",
      startOutbox: false,
    });
    opened.push(services);
    return services;
  }

  beforeAll(async () => {
    if (engine === "postgres") database = await createTestDatabase(engine);
  });
  afterAll(async () => {
    for (const services of opened) await services.close().catch(() => undefined);
    if (engine === "postgres") await database.drop();
  });

  describe("without SMTP", () => {
    let services: AppServices;
    beforeAll(async () => {
      services = await makeServices();
      await services.database.db.delete(newsletterSubscribers);
    });

    it("stores a new address normalised, confirmed by the form, with its source and service type", async () => {
      const res = await callSubscribe(services, valid);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true, message: "Thanks for subscribing! 🎉", confirmByEmail: false });
      const [row] = await rows(services);
      expect(row).toMatchObject({
        email: "anna.de.vries@example.com",
        source: "/blog/optimize-running-cadence",
        serviceType: "running_training",
        status: "confirmed",
      });
      expect(row?.confirmedAt).toBeInstanceOf(Date);
    });

    it("answers a known address exactly like a new one and keeps one row", async () => {
      const res = await callSubscribe(services, {
        ...valid,
        email: "ANNA.DE.VRIES@example.com",
        source: "footer",
        variant: "footer",
        serviceType: "",
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ok: true, message: "Thanks for subscribing! 🎉", confirmByEmail: false });
      expect(await rows(services)).toHaveLength(1);
    });

    it("rejects an invalid or empty address under the field and stores nothing", async () => {
      const invalid = await callSubscribe(services, { ...valid, email: "not-an-address" });
      expect(invalid.status).toBe(400);
      expect(await invalid.json()).toEqual({
        ok: false,
        message: "Please enter a valid email address",
        field: "email",
      });
      const empty = await callSubscribe(services, { ...valid, email: "  " });
      expect(empty.status).toBe(400);
      expect(((await empty.json()) as { message: string }).message).toBe(
        "Oops! Something went wrong. Please try again.",
      );
      const badSource = await callSubscribe(services, {
        ...valid,
        email: "x@example.com",
        source: "https://evil.example",
      });
      expect(badSource.status).toBe(400);
      expect(await rows(services)).toHaveLength(1);
    });

    it("answers a filled honeypot with success, holds an instant submission, and subscribes neither", async () => {
      const bot = await callSubscribe(services, {
        ...valid,
        email: "bot@example.com",
        website: "https://spam.example",
      });
      expect(bot.status).toBe(200);
      expect(((await bot.json()) as { ok: boolean }).ok).toBe(true);
      const fast = await callSubscribe(services, { ...valid, email: "fast@example.com", elapsedMs: "150" });
      expect(fast.status).toBe(202);
      expect(await fast.json()).toMatchObject({ ok: true, held: true });
      expect((await rows(services)).map((r) => r.email)).toEqual(["anna.de.vries@example.com"]);
    });

    it("redirects a form sent without JavaScript to the /newsletter page with the outcome", async () => {
      const ok = await callSubscribe(
        services,
        { ...valid, email: "nojs@example.com", variant: "footer", source: "footer" },
        { json: false },
      );
      expect(ok.status).toBe(303);
      expect(ok.headers.get("location")).toBe("/newsletter?status=subscribed");
      const bad = await callSubscribe(services, { ...valid, email: "nope" }, { json: false });
      expect(bad.headers.get("location")).toBe("/newsletter?status=invalid");
    });

    it("limits submissions per address with a clear 429", async () => {
      const limited = await makeServices({ RATE_LIMIT_FORMS_PER_MINUTE: "2" });
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push(
          (await callSubscribe(limited, { ...valid, email: `r${i}@example.com` }, { ip: "192.0.2.9" })).status,
        );
      expect(statuses).toEqual([200, 200, 429]);
      const res = await callSubscribe(limited, valid, { ip: "192.0.2.9" });
      expect(((await res.json()) as { message: string }).message).toMatch(/Too many submissions/);
      expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    });

    it("keeps the address in the outbox while the database is down and stores it once it is back", async () => {
      const broken: AppServices = { ...services, database: down as Database };
      const result = await subscribe(broken, {
        email: "Outage@Example.com",
        source: "blog-overview",
        variant: "blog-overview",
      });
      expect(result.stored).toBe("outbox");
      expect(await services.outbox.size()).toBe(1);
      const replay = await services.outbox.replay();
      expect(replay).toEqual({ replayed: 1, remaining: 0, deadLettered: 0 });
      const stored = await services.database.db
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, "outage@example.com"));
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ source: "blog-overview", status: "confirmed" });
    });

    it("answers 500 with the general message when neither the database nor the outbox can take it", async () => {
      const broken = {
        ...services,
        database: down as Database,
        outbox: { append: () => Promise.reject(new Error("disk full")) },
      } as unknown as AppServices;
      const res = await callSubscribe(broken, { ...valid, email: "lost@example.com" });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ ok: false, message: "Oops! Something went wrong. Please try again." });
    });
  });

  describe("webhook forwarding", () => {
    it("forwards a new subscription form-urlencoded, retrying a failing hook, and never a known address", async () => {
      const hook = await startWebhook(1);
      const services = await makeServices({ NEWSLETTER_WEBHOOK_URL: hook.url });
      await services.database.db.delete(newsletterSubscribers);
      await subscribe(services, {
        email: "hook@example.com",
        source: "/blog/best-triathlon-gear",
        variant: "in-article",
        serviceType: "triathlon_training",
      });
      const now = new Date();
      // The hook answers 500 once: the call waits one back-off and is made again.
      expect(await deliverQueued(services, now)).toMatchObject({ waiting: 1 });
      expect(await deliverQueued(services, new Date(now.getTime() + 60_000))).toMatchObject({ sent: 1 });
      expect(hook.bodies).toHaveLength(2);
      expect(hook.types[1]).toBe("application/x-www-form-urlencoded");
      expect(Object.fromEntries(hook.bodies[1] ?? [])).toEqual({
        email: "hook@example.com",
        BLOG_SOURCE: "/blog/best-triathlon-gear",
        phone: "",
        availability: "",
      });

      await subscribe(services, { email: "footer@example.com", source: "footer", variant: "footer" });
      await deliverQueued(services);
      expect(Object.fromEntries(hook.bodies[2] ?? [])).toEqual({ email: "footer@example.com", BLOG_SOURCE: "footer" });

      await subscribe(services, { email: "HOOK@example.com", source: "footer", variant: "footer" });
      expect(await deliverQueued(services)).toMatchObject({ claimed: 0 });
      expect(hook.bodies).toHaveLength(3);
      await hook.close();
    });

    it("answers the visitor without waiting for the hook, even one that never answers", async () => {
      // A hook that takes the request and keeps it open: an answer that waited for it would come
      // only after the forward gave up (its connection then closed), or never.
      const held: ServerResponse[] = [];
      let closedUnanswered = 0;
      const hook = createServer((req, res) => {
        held.push(res);
        res.on("close", () => !res.writableEnded && closedUnanswered++);
      });
      await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve));
      const services = await makeServices({
        NEWSLETTER_WEBHOOK_URL: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`,
      });
      const res = await callSubscribe(services, { ...valid, email: "slow-hook@example.com" });
      expect(res.status).toBe(200);
      expect(closedUnanswered).toBe(0);
      // The forward was made all the same.
      const delivering = deliverQueued(services);
      await expect.poll(() => held.length).toBeGreaterThan(0);
      for (const pending of held) pending.end("ok");
      await delivering;
      await new Promise<void>((resolve) => hook.close(() => resolve()));
    });
  });

  /**
   * Each test here has its own address and builds the state it needs through the public actions
   * (subscribe, confirm, unsubscribe), so any one of them can run alone or in any order.
   */
  describe("double opt-in with SMTP", () => {
    let smtp: LocalSmtp;
    let services: AppServices;
    /** Every message handed to the mailer (by deliverQueued, as an instance's worker would). */
    let sent: Promise<void>[];
    beforeAll(async () => {
      ({ smtp, services } = await servicesWithSmtp());
      sent = recordSends(services.mailer);
    });
    afterAll(async () => {
      await smtp.stop();
    });

    const mailsTo = (address: string) => smtp.messages.filter((m) => m.to.includes(address));
    /** Hands over what is queued now; the number of messages the mailer was given so far. */
    const handedOver = async () => {
      await deliverQueued(services);
      await Promise.all(sent);
      return sent.length;
    };
    const waitForMailsTo = async (address: string, count: number) => {
      await handedOver();
      await expect.poll(() => mailsTo(address).length, { timeout: 10_000 }).toBe(count);
      return mailsTo(address);
    };
    const rowOf = async (address: string) => (await rows(services)).find((row) => row.email === address.toLowerCase());
    const linkIn = (raw: string | undefined, path: string) =>
      new RegExp(`https://coach\\.example${path}\\?token=[\\w.-]+`).exec(
        (raw ?? "").replace(/=\r?\n/g, "").replace(/=3D/g, "="),
      )?.[0] ?? "";
    async function pendingAddress(address: string) {
      await callSubscribe(services, { ...valid, email: address });
      return (await waitForMailsTo(address, 1))[0];
    }
    async function confirmedAddress(address: string) {
      await pendingAddress(address);
      await confirm(services, address);
      await waitForMailsTo(address, 2);
    }
    const unsubscribeUrl = (address: string) =>
      `https://coach.example/newsletter/unsubscribe?token=${signToken(services.secret, "unsubscribe", address)}`;
    const oneClickUnsubscribe = (address: string) =>
      unsubscribeAction({
        request: new Request(unsubscribeUrl(address), {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "List-Unsubscribe=One-Click",
        }),
        context: routerContextOf(context(services)),
        params: {},
      } as unknown as Args<typeof unsubscribeAction>);

    it("stores the address as pending and mails a confirmation with one-click unsubscribe headers", async () => {
      const res = await callSubscribe(services, { ...valid, email: "Optin@Example.com" });
      expect(res.status).toBe(200);
      // The form says a confirmation e-mail is on its way and offers to resend it.
      expect(await res.json()).toEqual({ ok: true, message: "Thanks for subscribing! 🎉", confirmByEmail: true });
      expect((await rowOf("optin@example.com"))?.status).toBe("pending");
      const [mail] = await waitForMailsTo("optin@example.com", 1);
      const headers = (mail?.raw ?? "").replace(/\r?\n[ \t]+/g, " ");
      expect(headers).toMatch(/^List-Unsubscribe: <https:\/\/coach\.example\/newsletter\/unsubscribe\?token=[^>]+>/m);
      expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
      expect(linkIn(mail?.raw, "/newsletter/confirm")).not.toBe("");
    });

    it("does not send a second e-mail right away for a pending address", async () => {
      await pendingAddress("twice@example.com");
      const before = await handedOver();
      const res = await callSubscribe(services, { ...valid, email: "twice@example.com" });
      // The same answer as for a new address: the form reveals nothing.
      expect(await res.json()).toEqual({ ok: true, message: "Thanks for subscribing! 🎉", confirmByEmail: true });
      expect(await handedOver()).toBe(before);
      expect(await waitForMailsTo("twice@example.com", 1)).toHaveLength(1);
    });

    it("a GET of the confirmation link (a link scanner) changes nothing; the page's POST confirms", async () => {
      const link = linkIn((await pendingAddress("scanned@example.com"))?.raw, "/newsletter/confirm");
      expect(link).not.toBe("");
      // A scanner fetches the link, maybe several times, and never presses the button.
      for (let i = 0; i < 3; i++) {
        const page = (await confirmLoader({
          request: new Request(link),
          context: routerContextOf(context(services)),
          params: {},
        } as unknown as Args<typeof confirmLoader>)) as unknown as { data: { masked: string | null } };
        expect(page.data.masked).toBe("sc*****@example.com");
      }
      expect(await rowOf("scanned@example.com")).toMatchObject({ status: "pending", confirmedAt: null });

      const ok = (await confirmAction({
        request: new Request(link, { method: "POST" }),
        context: routerContextOf(context(services)),
        params: {},
      } as unknown as Args<typeof confirmAction>)) as Response;
      expect(ok.status).toBe(302);
      expect(ok.headers.get("location")).toBe("/newsletter?status=confirmed");
      expect(ok.headers.get("cache-control")).toBe("no-store");
      expect((await rowOf("scanned@example.com"))?.status).toBe("confirmed");

      const forgedUrl =
        "https://coach.example/newsletter/confirm?token=" + signToken("wrong-secret", "confirm", "scanned@example.com");
      const forgedPage = (await confirmLoader({
        request: new Request(forgedUrl),
        context: routerContextOf(context(services)),
        params: {},
      } as unknown as Args<typeof confirmLoader>)) as unknown as { data: { masked: string | null } };
      expect(forgedPage.data.masked).toBeNull();
      const forged = (await confirmAction({
        request: new Request(forgedUrl, { method: "POST" }),
        context: routerContextOf(context(services)),
        params: {},
      } as unknown as Args<typeof confirmAction>)) as Response;
      expect(forged.headers.get("location")).toBe("/newsletter?status=invalid-link");
    });

    it("sends the welcome e-mail once after the confirmation, with both parts, unsubscribe headers and the plan offer", async () => {
      await pendingAddress("welcome@example.com");
      await confirm(services, "welcome@example.com");
      const welcome = (await waitForMailsTo("welcome@example.com", 2))[1];
      expect(welcome?.subject).toBe(welcomeEmail.subject);
      const raw = (welcome?.raw ?? "").replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      expect(raw).toMatch(/Content-Type: text\/plain/);
      expect(raw).toMatch(/Content-Type: text\/html/);
      expect(raw).toContain(`https://coach.example${welcomeEmail.offer.path}`);
      const headers = raw.replace(/\r?\n[ \t]+/g, " ");
      expect(headers).toMatch(/^List-Unsubscribe: <https:\/\/coach\.example\/newsletter\/unsubscribe\?token=[^>]+>/m);
      expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
      // Pressing the button again (or the page re-submitting on Back) queues nothing more.
      const before = await handedOver();
      await confirm(services, "welcome@example.com");
      expect(await handedOver()).toBe(before);
      expect(mailsTo("welcome@example.com")).toHaveLength(2);
    });

    it("unsubscribes with a one-click POST and shows a confirmation step on GET", async () => {
      await confirmedAddress("leaving@example.com");
      const page = (await unsubscribeLoader({
        request: new Request(unsubscribeUrl("leaving@example.com")),
        context: routerContextOf(context(services)),
        params: {},
      } as unknown as Args<typeof unsubscribeLoader>)) as unknown as { data: { masked: string | null } };
      expect(page.data.masked).toBe("le*****@example.com");
      expect((await rowOf("leaving@example.com"))?.status).toBe("confirmed");

      expect(await oneClickUnsubscribe("leaving@example.com")).toEqual({ done: true });
      const row = await rowOf("leaving@example.com");
      expect(row?.status).toBe("unsubscribed");
      expect(row?.unsubscribedAt).toBeInstanceOf(Date);

      const forged = await unsubscribeAction({
        request: new Request(
          `https://coach.example/newsletter/unsubscribe?token=${signToken(services.secret, "confirm", "leaving@example.com")}`,
          { method: "POST" },
        ),
        context: routerContextOf(context(services)),
        params: {},
      } as unknown as Args<typeof unsubscribeAction>);
      expect((forged as unknown as { init: { status: number } }).init.status).toBe(400);
    });

    it("subscribing again after unsubscribing asks for confirmation again", async () => {
      await confirmedAddress("returning@example.com");
      await oneClickUnsubscribe("returning@example.com");
      await callSubscribe(services, { ...valid, email: "returning@example.com" });
      // The first confirmation and the welcome e-mail, then this one.
      const mails = await waitForMailsTo("returning@example.com", 3);
      expect(linkIn(mails[2]?.raw, "/newsletter/confirm")).not.toBe("");
      // Until the owner presses the button the address stays unsubscribed (anyone can type it).
      expect((await rowOf("returning@example.com"))?.status).toBe("unsubscribed");
    });

    it("keeps the welcome e-mail through a relay outage and delivers it once when the relay is back", async () => {
      await pendingAddress("outage-welcome@example.com");
      await confirm(services, "outage-welcome@example.com");
      const [row] = await services.database.db
        .select({ id: newsletterSubscribers.id })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, "outage-welcome@example.com"));
      const down = createMailer("smtp://127.0.0.1:1?starttls=off", "coach@example.com", createLogger("silent"));
      const now = new Date(Date.now() + 1_000);
      // The relay refuses connections: the welcome waits a back-off instead of being lost or sent twice.
      expect(await deliverQueued({ database: services.database, mailer: down }, now)).toMatchObject({
        waiting: 1,
        failed: 0,
      });
      expect(await deliverQueued(services, now)).toMatchObject({ claimed: 0 });
      expect(await deliverQueued(services, new Date(now.getTime() + 60_000))).toMatchObject({ sent: 1 });
      expect(await deliverQueued(services, new Date(now.getTime() + 86_400_000))).toMatchObject({ claimed: 0 });
      await Promise.all(sent);
      await expect.poll(() => mailsTo("outage-welcome@example.com").length, { timeout: 10_000 }).toBe(2);
      expect(mailsTo("outage-welcome@example.com").filter((m) => m.subject === welcomeEmail.subject)).toHaveLength(1);
      const [welcome] = await services.database.db
        .select()
        .from(messagesTable)
        .where(eq(messagesTable.key, `welcome:${row!.id}`));
      expect(welcome).toMatchObject({ state: "sent", attempts: 2, about: row!.id });
    });

    it("never sends a welcome e-mail still waiting for the relay once the address has unsubscribed", async () => {
      await pendingAddress("gone-before-welcome@example.com");
      await confirm(services, "gone-before-welcome@example.com");
      const down = createMailer("smtp://127.0.0.1:1?starttls=off", "coach@example.com", createLogger("silent"));
      const now = new Date(Date.now() + 1_000);
      expect(await deliverQueued({ database: services.database, mailer: down }, now)).toMatchObject({ waiting: 1 });
      await oneClickUnsubscribe("gone-before-welcome@example.com");
      expect(await deliverQueued(services, new Date(now.getTime() + 86_400_000))).toMatchObject({ claimed: 0 });
      expect(mailsTo("gone-before-welcome@example.com")).toHaveLength(1);
      const [welcome] = await services.database.db
        .select({ state: messagesTable.state })
        .from(messagesTable)
        .where(eq(messagesTable.recipient, "gone-before-welcome@example.com"))
        .orderBy(desc(messagesTable.createdAt))
        .limit(1);
      expect(welcome?.state).toBe("cancelled");
    });

    it("resends the confirmation once per window, with the same answer for known and unknown addresses", async () => {
      await pendingAddress("resend@example.com");
      await confirmedAddress("resend-confirmed@example.com");
      const known = await callResend(services, "Resend@Example.com", "198.51.100.7");
      const unknown = await callResend(services, "nobody-here@example.com", "198.51.100.7");
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      const answer = await known.json();
      expect(answer).toEqual({ ok: true, message: newsletterMessages.resent });
      expect(await unknown.json()).toEqual(answer);
      const mails = await waitForMailsTo("resend@example.com", 2);
      expect(linkIn(mails[1]?.raw, "/newsletter/confirm")).not.toBe("");
      expect(mailsTo("nobody-here@example.com")).toHaveLength(0);

      // Within the window the address gets nothing more, and the answer does not change.
      const before = await handedOver();
      const again = await callResend(services, "resend@example.com", "198.51.100.8");
      expect(await again.json()).toEqual(answer);
      await resendConfirmation(services, "resend@example.com");
      // A confirmed address gets no confirmation link at all.
      await resendConfirmation(services, "resend-confirmed@example.com");
      expect(await handedOver()).toBe(before);

      const noJs = await callResend(services, "resend@example.com", "198.51.100.9", false);
      expect(noJs.status).toBe(303);
      expect(noJs.headers.get("location")).toBe("/newsletter?status=resent");
    });

    it("limits resend requests per connection with a 429", async () => {
      const limited = await makeServices({ SMTP_URL: smtp.url, RATE_LIMIT_FORMS_PER_MINUTE: "2" });
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await callResend(limited, `x${i}@example.com`, "203.0.113.4")).status);
      expect(statuses).toEqual([200, 200, 429]);
    });
  });
  describe("proof of consent", () => {
    let smtp: LocalSmtp;
    let services: AppServices;
    beforeAll(async () => {
      ({ smtp, services } = await servicesWithSmtp());
    });
    afterAll(async () => {
      await smtp.stop();
    });

    const signUp = (fields: Record<string, string>, json: boolean, ip: string, ua: string) =>
      subscribeAction({
        request: new Request("http://localhost/api/newsletter", {
          method: "POST",
          headers: {
            "Content-Type": "application/x-www-form-urlencoded",
            "User-Agent": ua,
            ...(json ? { Accept: "application/json" } : {}),
          },
          body: new URLSearchParams({ elapsedMs: "8000", consentVersion: "newsletter-2026-11-23", ...fields }),
        }),
        context: routerContextOf(context(services, ip)),
        params: {},
      } as unknown as Args<typeof subscribeAction>) as Promise<Response>;

    async function consentsOf(email: string) {
      const [row] = await services.database.db
        .select({ id: newsletterSubscribers.id })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, email));
      if (!row) return [];
      return services.database.db
        .select()
        .from(consentRecords)
        .where(eq(consentRecords.subscriberId, row.id))
        .orderBy(consentRecords.createdAt);
    }

    it("records each form's sign-up with its page, text version, network and browser (JSON and plain form)", async () => {
      const forms = [
        { variant: "footer", source: "footer", page: "/pricing" },
        { variant: "blog-overview", source: "blog-overview", page: "/blog" },
        { variant: "in-article", source: "/blog/optimize-running-cadence", page: "/blog/optimize-running-cadence" },
        { variant: "sticky", source: "/blog/optimize-running-cadence", page: "/blog/optimize-running-cadence" },
        { variant: "blog-overview", source: "event", page: "/nicaragua" },
      ];
      for (const [i, f] of forms.entries()) {
        for (const json of [true, false]) {
          const email = `consent-${i}-${json ? "js" : "form"}@example.com`;
          const res = await signUp(
            { email, source: f.source, variant: f.variant, page: `${f.page}?utm_source=mail` },
            json,
            "198.51.100.23",
            `Browser ${i}`,
          );
          expect(res.status).toBe(json ? 200 : 303);
          expect(await consentsOf(email)).toEqual([
            expect.objectContaining({
              action: "signup",
              form: `newsletter-${f.variant}`,
              page: f.page,
              textVersion: "newsletter-2026-11-23",
              network: "198.51.100.0/24",
              userAgent: `Browser ${i}`,
              signupId: null,
            }),
          ]);
        }
      }
    });

    it("records the confirmation with the network and browser that pressed the button", async () => {
      const email = "consent-confirm@example.com";
      const res = await signUp(
        { email, source: "footer", variant: "footer", page: "/" },
        true,
        "198.51.100.99",
        "Phone",
      );
      expect(res.status).toBe(200);
      const url = `https://coach.example/newsletter/confirm?token=${signToken(services.secret, "confirm", email)}`;
      // A scanner's GET records nothing.
      await confirmLoader({
        request: new Request(url, { headers: { "User-Agent": "Scanner" } }),
        context: routerContextOf(context(services, "192.0.2.200")),
        params: {},
      } as unknown as Args<typeof confirmLoader>);
      expect(await consentsOf(email)).toHaveLength(1);
      for (let i = 0; i < 2; i++)
        await confirmAction({
          request: new Request(url, { method: "POST", headers: { "User-Agent": "Laptop browser" } }),
          context: routerContextOf(context(services, "2001:db8:77:1::5")),
          params: {},
        } as unknown as Args<typeof confirmAction>);
      const records = await consentsOf(email);
      // Pressed twice, confirmed once.
      expect(records.map((r) => r.action)).toEqual(["signup", "confirmation"]);
      expect(records[1]).toMatchObject({
        form: "newsletter-confirmation",
        page: "/newsletter/confirm",
        textVersion: "newsletter-2026-11-23",
        network: "2001:db8:77::/48",
        userAgent: "Laptop browser",
      });
    });

    it("keeps the proof of consent with an address queued while the database is down, once per replay", async () => {
      const offline = { ...services, database: down };
      const consent = {
        form: "newsletter-footer",
        page: "/services",
        textVersion: "newsletter-2026-11-23",
        network: "203.0.113.0/24",
        userAgent: "Offline browser",
        at: new Date().toISOString(),
      };
      const email = "consent-outbox@example.com";
      const result = await subscribe(offline, { email, source: "footer", variant: "footer" }, { consent });
      expect(result.stored).toBe("outbox");
      const [entry] = (await services.outbox.entries()).filter(
        (e) => (e.payload as { email?: string }).email === email,
      );
      expect(entry).toBeDefined();
      await storeFromOutbox(services.database.db, entry?.payload);
      await storeFromOutbox(services.database.db, entry?.payload);
      expect(await consentsOf(email)).toEqual([
        expect.objectContaining({ action: "signup", userAgent: "Offline browser" }),
      ]);
    });
  });
});
