import { randomUUID } from "node:crypto";
import type { AppServices } from "~/infra/services.server";
import type { FirstTouch } from "~/infra/first-touch";
import { resolveCatalogueItem } from "./catalogue";
import { CHECKOUT_MESSAGES, checkoutRequestSchema } from "./checkout-schema";
import { attachSession, createPendingOrder } from "./fulfilment.server";

export type CreateCheckoutResult = { ok: true; sessionUrl: string } | { ok: false; status: number; message: string };

/**
 * The server side of 'choose a plan': rate limit, validate, look the plan up in the
 * server's own catalogue (never the client's price), store a pending order, and open a
 * checkout session for it with the order id as client reference and metadata.
 */
export async function createCheckout(
  services: AppServices,
  raw: unknown,
  clientIp: string,
  visitor: { firstTouch?: FirstTouch | null } = {},
): Promise<CreateCheckoutResult> {
  const limit = await services.rateLimit(`checkout:${clientIp}`, services.env.RATE_LIMIT_FORMS_PER_MINUTE, 60);
  if (!limit.allowed) return { ok: false, status: 429, message: CHECKOUT_MESSAGES.tooMany };

  const parsed = checkoutRequestSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, status: 400, message: CHECKOUT_MESSAGES.invalid };
  if (parsed.data.website) return { ok: false, status: 400, message: CHECKOUT_MESSAGES.invalid };
  const item = resolveCatalogueItem(parsed.data);
  if (!item) return { ok: false, status: 400, message: CHECKOUT_MESSAGES.invalid };

  const { payments: provider, database, env, logger } = services;
  try {
    const { order } = await createPendingOrder(database.db, {
      item,
      provider: provider.kind,
      idempotencyKey: parsed.data.idempotencyKey ?? randomUUID(),
      leadId: parsed.data.leadId,
      firstTouch: visitor.firstTouch,
    });
    // A key reused for a different plan is a client bug or tampering, not a retry.
    if (order.planId !== item.planId || order.billingType !== item.billingType) {
      return { ok: false, status: 400, message: CHECKOUT_MESSAGES.invalid };
    }
    const session = await provider.createCheckoutSession({
      order,
      item,
      successUrl: `${env.SITE_URL}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${env.SITE_URL}/cancel`,
    });
    await attachSession(database.db, order.id, session.id);
    logger.info({ orderId: order.id, plan: item.key, provider: provider.kind }, "checkout session created");
    return { ok: true, sessionUrl: session.url };
  } catch (error) {
    logger.error({ err: error, plan: item.key }, "checkout session could not be created");
    return { ok: false, status: 502, message: CHECKOUT_MESSAGES.failed };
  }
}
