import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Stripe from "stripe";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/infra/env.server";
import { routerContextOf, type AppServices } from "~/context";
import { createServices } from "../../server/services";
import { createLogger } from "~/infra/logger.server";
import { createMailer } from "~/infra/mail.server";
import { createCheckout } from "~/features/checkout/create-checkout.server";
import { findOrder } from "~/features/checkout/fulfilment.server";
import { action as webhookAction } from "~/routes/api-stripe-webhook";
import { messages, orders } from "#db/schema";
import { syncStripeCatalogue } from "../../scripts/stripe-sync";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in";
import { startSmtpServer, type LocalSmtp } from "../support/smtp";
import { deliverQueued } from "../support/messages";

const SECRET_KEY = "sk_test_standin_123";
const WEBHOOK_SECRET = "whsec_standin_secret";
const SITE_URL = "https://coach.example";
const TRAINER = "mila@coach.example";

/**
 * The buyer's confirmation and the trainer's notice of a paid order are messages of the engine
 * (docs/decisions/063), queued by the payment web hook: however often a payment is reported, one
 * of each, and a relay outage only delays them.
 */
describe("order messages on the engine", () => {
  let standIn: StripeStandIn;
  let smtp: LocalSmtp;
  let services: AppServices;
  let stripe: Stripe;

  beforeAll(async () => {
    standIn = await startStripeStandIn({ secretKey: SECRET_KEY });
    stripe = new Stripe(SECRET_KEY, { host: "127.0.0.1", port: new URL(standIn.url).port, protocol: "http" });
    const synced = await syncStripeCatalogue(stripe);
    smtp = await startSmtpServer();
    const env = parseEnv({
      NODE_ENV: "test",
      SITE_URL,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "order-messages-")),
      LOG_LEVEL: "silent",
      RATE_LIMIT_FORMS_PER_MINUTE: "1000",
      SMTP_URL: smtp.url,
      TRAINER_EMAIL: TRAINER,
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_PRICES: JSON.stringify(synced.prices),
      STRIPE_PORTAL_CONFIGURATION: synced.portalConfiguration,
      STRIPE_API_BASE: standIn.url,
    });
    // No worker: deliverQueued hands over what is due, as an instance's worker would.
    services = await createServices(env, { memoryDb: true, logger: createLogger("silent"), startOutbox: false });
  });
  afterAll(async () => {
    await services?.close();
    await smtp?.stop();
    await standIn?.close();
  });

  /** One delivery of a signed event to POST /api/stripe-webhook. */
  async function deliver(event: Record<string, unknown>): Promise<number> {
    const payload = JSON.stringify(event);
    const request = new Request(`${SITE_URL}/api/stripe-webhook`, {
      method: "POST",
      headers: { "stripe-signature": stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
      body: payload,
    });
    const response = (await webhookAction({
      request,
      context: routerContextOf({ services, cspNonce: "test", clientIp: "203.0.113.9" }),
      params: {},
    } as unknown as Parameters<typeof webhookAction>[0])) as Response;
    return response.status;
  }

  const eventOf = (type: string, object: Record<string, unknown>, id: string) => ({
    id,
    object: "event",
    type,
    api_version: "2026-10-28.endive",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });

  async function paidSession(eventId: string) {
    await createCheckout(
      services,
      { priceId: "essential:onetime", planName: "Essential", billingType: "onetime", frequency: "1" },
      "10.0.0.6",
    );
    const sessionId = [...standIn.sessions.keys()].at(-1) ?? "";
    const event = eventOf("checkout.session.completed", standIn.completeSession(sessionId), eventId);
    return { event, sessionId };
  }

  const mailsAbout = (orderId: string, to: string) =>
    smtp.messages.filter(
      (m) =>
        m.to.includes(to) &&
        m.raw
          .replace(/=\r?\n/g, "")
          .replaceAll("=3D", "=")
          .includes(orderId),
    );

  it("an order paid and reported again (a replayed event, its invoice) gets one confirmation and one notice", async () => {
    const { event, sessionId } = await paidSession("evt_paid_twice");
    expect(await deliver(event)).toBe(200);
    expect(await deliver(event)).toBe(200);
    const order = await findOrder(services.database.db, { sessionId });
    expect(order?.status).toBe("paid");
    // The one-off invoice Stripe sends as well, as a second report of the same payment.
    expect(
      await deliver(
        eventOf(
          "invoice.paid",
          { id: "in_twice", object: "invoice", amount_paid: order?.amountCents, parent: null },
          "evt_invoice",
        ),
      ),
    ).toBe(200);
    // Even a second instance that looks again queues nothing more.
    await services.orderConfirmations.queue();

    expect(await deliverQueued(services)).toMatchObject({ failed: 0, waiting: 0 });
    await smtp.waitForMessages(2);
    expect(mailsAbout(order!.id, "buyer@example.com")).toHaveLength(1);
    expect(mailsAbout(order!.id, "buyer@example.com")[0]?.subject).toMatch(/^Your order: /);
    expect(mailsAbout(order!.id, TRAINER)).toHaveLength(1);
    const rows = await services.database.db.select().from(messages).where(eq(messages.about, order!.id));
    expect(rows.map((r) => `${r.key} ${r.state}`).sort()).toEqual([
      `order-confirmation:${order!.id} sent`,
      `order-notice:${order!.id}:email sent`,
      `order-notice:${order!.id}:push sent`,
    ]);
  });

  it("keeps the confirmation through a relay outage and delivers it once when the relay is back", async () => {
    const { event, sessionId } = await paidSession("evt_relay_away");
    expect(await deliver(event)).toBe(200);
    const order = await findOrder(services.database.db, { sessionId });
    const down = createMailer("smtp://127.0.0.1:1?starttls=off", "site@example.com", createLogger("silent"));
    const now = new Date(Date.now() + 1_000);
    // The relay refuses connections: both e-mails wait a back-off (the push needs no relay).
    expect(await deliverQueued({ database: services.database, mailer: down }, now)).toMatchObject({
      waiting: 2,
      failed: 0,
    });
    expect(mailsAbout(order!.id, "buyer@example.com")).toHaveLength(0);
    // Not due again before the back-off is over.
    expect(await deliverQueued(services, now)).toMatchObject({ claimed: 0 });
    expect(await deliverQueued(services, new Date(now.getTime() + 60_000))).toMatchObject({ sent: 2 });
    expect(await deliverQueued(services, new Date(now.getTime() + 86_400_000))).toMatchObject({ claimed: 0 });
    await expect.poll(() => mailsAbout(order!.id, "buyer@example.com").length).toBe(1);
    expect(mailsAbout(order!.id, TRAINER)).toHaveLength(1);
  });

  it("queues the messages of a settled order that an older version's sweep had not handled (the upgrade)", async () => {
    const { event, sessionId } = await paidSession("evt_before_upgrade");
    // As the old sweep left an order it had not reached yet: paid, nothing sent, nothing claimed.
    expect((await services.payments.handleWebhook(JSON.stringify(event), sign(event))).status).toBe(200);
    const order = await findOrder(services.database.db, { sessionId });
    expect(order).toMatchObject({ status: "paid", confirmationSentAt: null, trainerNotifiedAt: null });
    // What the server does once at start.
    expect(await services.orderConfirmations.queue()).toBe(2);
    await deliverQueued(services, new Date(Date.now() + 1_000));
    await expect.poll(() => mailsAbout(order!.id, "buyer@example.com").length).toBe(1);
    const [marked] = await services.database.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(marked?.confirmationSentAt).toBeInstanceOf(Date);
  });

  const sign = (event: Record<string, unknown>) =>
    stripe.webhooks.generateTestHeaderString({ payload: JSON.stringify(event), secret: WEBHOOK_SECRET });
});
