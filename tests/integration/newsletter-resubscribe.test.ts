import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consentRecords, newsletterSubscribers } from "#db/schema";
import { retention } from "#content/retention";
import type { AppServices } from "~/context";
import { parseEnv } from "~/infra/env.server";
import { createLogger } from "~/infra/logger.server";
import { captureConsent } from "~/infra/consent.server";
import { applyRetention } from "~/features/reports/retention.server";
import { confirmSubscription, storeFromOutbox, subscribe, unsubscribe } from "~/features/newsletter/subscribe.server";
import { createServices } from "../../server/services";
import { createTestDatabase, engines, type TestDatabase } from "../support/database";
import { startSmtpServer, type LocalSmtp } from "../support/smtp";
import { deliverQueued } from "../support/messages";

const DAY = 86_400_000;

/**
 * An unsubscription is a suppression entry with its proof: someone else typing the address into a
 * sign-up form must not lift it, and the retention job (which removes unconfirmed sign-ups) must not
 * delete it. Only the owner, pressing the button of the e-mailed link, subscribes the address again.
 */
describe.each(engines)("re-subscribing an unsubscribed address on %s", (engine) => {
  let database: TestDatabase | undefined;
  let services: AppServices;
  let smtp: LocalSmtp;

  beforeAll(async () => {
    if (engine === "postgres") database = await createTestDatabase(engine);
    smtp = await startSmtpServer();
    const env = parseEnv({
      NODE_ENV: "test",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "resubscribe-test-")),
      SITE_URL: "https://coach.example",
      LOG_LEVEL: "silent",
      SMTP_URL: smtp.url,
      ...(database?.url ? { DATABASE_URL: database.url } : {}),
    });
    services = await createServices(env, {
      logger: createLogger("silent"),
      memoryDb: engine === "pglite",
      startOutbox: false,
    });
  });
  afterAll(async () => {
    await services?.close().catch(() => undefined);
    await smtp?.stop();
    await database?.drop();
  });

  const consentAt = (at: Date, userAgent: string) =>
    captureConsent(
      new Request("https://coach.example/api/newsletter", { headers: { "User-Agent": userAgent } }),
      "203.0.113.7",
      { kind: "newsletter", form: "newsletter-footer", page: "/" },
      at,
    );

  async function state(email: string) {
    const [row] = await services.database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email));
    const records = row
      ? await services.database.db.select().from(consentRecords).where(eq(consentRecords.subscriberId, row.id))
      : [];
    return { row, records };
  }

  const input = { email: "", source: "footer", variant: "footer" } as const;

  it("survives a third party's sign-up and the retention job; the owner's click subscribes again", async () => {
    const email = "suppressed.owner@example.com";
    const start = new Date(Date.now() - 400 * DAY);
    await subscribe(services, { ...input, email }, { now: start, consent: consentAt(start, "Owner") });
    expect(await confirmSubscription(services.database.db, email, start, consentAt(start, "Owner"))).toBe("confirmed");
    const unsubscribedAt = new Date(start.getTime() + 10 * DAY);
    await unsubscribe(services.database.db, email, unsubscribedAt);

    const mailsBefore = smtp.messages.length;
    const signupAt = new Date(unsubscribedAt.getTime() + 30 * DAY);
    await subscribe(services, { ...input, email }, { now: signupAt, consent: consentAt(signupAt, "Third") });
    await deliverQueued(services);
    // The owner gets the confirmation e-mail, and nothing about the address changes yet.
    await smtp.waitForMessages(mailsBefore + 1);
    let now = await state(email);
    expect(now.row).toMatchObject({ status: "unsubscribed", unsubscribedAt });
    expect(now.records.map((r) => r.action).sort()).toEqual(["confirmation", "signup", "signup"]);

    // Past the period for unconfirmed sign-ups: the suppression entry and all its proof remain.
    await applyRetention(
      services.database.db,
      new Date(signupAt.getTime() + (retention.unconfirmedNewsletterDays + 5) * DAY),
    );
    now = await state(email);
    expect(now.row).toMatchObject({ status: "unsubscribed", unsubscribedAt });
    expect(now.records).toHaveLength(3);

    // The owner presses the e-mailed link's button.
    const clickAt = new Date(signupAt.getTime() + 2 * DAY);
    expect(await confirmSubscription(services.database.db, email, clickAt, consentAt(clickAt, "Owner"))).toBe(
      "confirmed",
    );
    now = await state(email);
    expect(now.row).toMatchObject({ status: "confirmed", unsubscribedAt: null, confirmedAt: clickAt });
  });

  it("keeps an address unsubscribed when a confirmation link from before the unsubscription is pressed", async () => {
    const email = "old.link@example.com";
    const start = new Date(Date.now() - 100 * DAY);
    await subscribe(services, { ...input, email }, { now: start, consent: consentAt(start, "Owner") });
    await unsubscribe(services.database.db, email, new Date(start.getTime() + DAY));
    const late = new Date(start.getTime() + 2 * DAY);
    expect(await confirmSubscription(services.database.db, email, late, consentAt(late, "Owner"))).toBe("unsubscribed");
    expect((await state(email)).row?.status).toBe("unsubscribed");
  });

  it("keeps the unsubscription when a sign-up replays from the outbox", async () => {
    const email = "outbox.replay@example.com";
    const start = new Date(Date.now() - 50 * DAY);
    await unsubscribe(services.database.db, email, start);
    const at = new Date(start.getTime() + DAY);
    await storeFromOutbox(services.database.db, {
      email,
      source: "footer",
      serviceType: null,
      status: "pending",
      at: at.toISOString(),
      firstTouch: null,
      consent: consentAt(at, "Third"),
    });
    expect((await state(email)).row).toMatchObject({ status: "unsubscribed", unsubscribedAt: start });
  });
});
