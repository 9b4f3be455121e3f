import { mkdtempSync } from "node:fs";
import { callRoute, SIGNED_IN } from "../support/route-call";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { orders, pushKeys, pushSubscriptions } from "#db/schema";
import { parseEnv } from "~/infra/env.server";
import type { AppServices, RequestContext } from "~/context";
import { createServices } from "../../server/services";
import { leadIdFor, storeLead } from "~/features/leads/signups.server";
import { leadDeps } from "~/features/leads/submission.server";
import { createPendingOrder } from "~/features/checkout/fulfilment.server";
import { catalogueItem } from "~/features/checkout/catalogue";
import { pricing } from "#content/pricing";
import { action as pushAction } from "~/routes/admin-push";
import { enrolledTrainer } from "../support/trainer";
import { deliverQueued } from "../support/messages";
import { startPushService, type LocalPushService } from "../support/push-service";

const SITE = "http://127.0.0.1:4998";

/** Web Push to the trainer's devices, through a local push service that checks what a real one checks. */
describe("push notifications to the trainer", () => {
  let services: AppServices;
  let ctx: RequestContext;
  let pushService: LocalPushService;
  let trainer: Awaited<ReturnType<typeof enrolledTrainer>>;

  beforeAll(async () => {
    const env = parseEnv({
      NODE_ENV: "test",
      SITE_URL: SITE,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "push-int-")),
      LOG_LEVEL: "silent",
      AUTH_SECRET: "integration-test-secret-of-at-least-32-characters",
    });
    services = await createServices(env, { memoryDb: true, startOutbox: false });
    ctx = { services, cspNonce: "test", clientIp: "203.0.113.9" };
    pushService = await startPushService();
    trainer = await enrolledTrainer(ctx, SITE, "push-trainer@example.com");
  });
  afterAll(async () => {
    await services.close();
    await pushService.close();
  });

  /** What the security page's script posts after `pushManager.subscribe`. */
  async function post(body: Record<string, unknown>, jar = trainer.jar) {
    const request = jar.request("/admin/push", {
      body: JSON.stringify(body),
      headers: { "content-type": "application/json" },
    });
    const answer = (await callRoute(pushAction, ctx, request, SIGNED_IN)) as unknown as {
      data: { ok: boolean; message?: string };
      init: { status?: number } | null;
    };
    return { status: answer.init?.status ?? 200, ...answer.data };
  }

  it("keeps one VAPID key pair in the database from the first start", async () => {
    const rows = await services.database.db.select().from(pushKeys);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.publicKey).toBe(services.push.publicKey);
    expect(Buffer.from(services.push.publicKey, "base64url")).toHaveLength(65);
  });

  it("delivers a new lead to a subscribed device: signed with the site's key, encrypted for that device", async () => {
    expect(await post({ intent: "subscribe", subscription: pushService.subscribe() })).toMatchObject({ ok: true });
    const seen = pushService.deliveries.length;
    const key = `push-lead-${Date.now()}`;
    const lead = {
      id: leadIdFor(key),
      idempotencyKey: key,
      firstName: "Noor",
      lastName: "Pushed",
      email: "noor@example.com",
      phone: "+31 6 1234 5678",
      answers: { q1: "competition" },
      message: null,
      sourceUrl: `${SITE}/start`,
      createdAt: new Date().toISOString(),
    };
    expect((await storeLead(leadDeps(ctx), "intake", lead)).status).toBe("stored");
    expect(await deliverQueued(services)).toMatchObject({ sent: 1 });

    const delivery = await pushService.next(seen);
    expect(delivery.vapidKey).toBe(services.push.publicKey);
    expect(delivery.claims.aud).toBe(new URL(pushService.subscribe().endpoint).origin);
    expect(delivery.claims.sub).toBe(`mailto:${services.env.TRAINER_EMAIL}`);
    expect(delivery.headers.urgency).toBe("high");
    expect(delivery.message).toMatchObject({
      title: "New lead",
      url: `${SITE}/admin/leads/${lead.id}`,
      body: expect.stringContaining("Noor Pushed"),
    });
    expect(pushService.refusals).toEqual([]);
  });

  it("announces a paid order once, whatever path the payment took", async () => {
    const plan = pricing.plans.find((p) => p.id === "essential");
    const item = plan ? catalogueItem(plan, "onetime") : null;
    if (!item) throw new Error("no essential plan");
    const { order } = await createPendingOrder(services.database.db, {
      item,
      provider: "test",
      idempotencyKey: "6b1f2c3d-2222-4aaa-8bbb-000000000009",
    });
    await services.database.db.update(orders).set({ status: "paid" }).where(eq(orders.id, order.id));
    const seen = pushService.deliveries.length;
    // As the payment web hook does after each report of the payment.
    await services.orderConfirmations.queue();
    await services.orderConfirmations.queue();
    await deliverQueued(services);
    const delivery = await pushService.next(seen);
    expect(delivery.message).toMatchObject({ title: "Paid order", url: `${SITE}/admin/clients` });
    await services.orderConfirmations.queue();
    await deliverQueued(services);
    await expect(pushService.next(seen + 1, 1_500)).rejects.toThrow(/no push delivery/);
  });

  it("refuses a subscription to an address that is not a push service, and drops one the service says is gone", async () => {
    const forged = { endpoint: "https://intranet.example/hook", keys: pushService.subscribe().keys };
    expect(await post({ intent: "subscribe", subscription: forged })).toMatchObject({ ok: false, status: 400 });
    expect(await post({ intent: "subscribe", subscription: { endpoint: 42 } })).toMatchObject({ status: 400 });

    const gone = pushService.subscribe({ gone: true });
    expect(await post({ intent: "subscribe", subscription: gone })).toMatchObject({ ok: true });
    const outcome = await services.push.send({ title: "t", body: "b", url: `${SITE}/admin`, tag: "t" });
    expect(outcome.removed).toBe(1);
    const left = await services.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, gone.endpoint));
    expect(left).toHaveLength(0);
  });

  it("answers the trainer's test button, and takes a device off again", async () => {
    const device = pushService.subscribe();
    await post({ intent: "subscribe", subscription: device });
    const test = await post({ intent: "test" });
    expect(test).toMatchObject({ ok: true, message: expect.stringMatching(/^Sent to \d+ devices?\.$/) });
    await post({ intent: "unsubscribe", endpoint: device.endpoint });
    const devices = await services.push.devices(
      (await services.database.db.select().from(pushSubscriptions))[0]!.userId,
    );
    expect(devices.map((d) => d.endpoint)).not.toContain(device.endpoint);
  });
});
