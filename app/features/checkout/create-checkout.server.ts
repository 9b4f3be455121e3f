import { randomUUID } from "node:crypto";
import type { Database } from "~/infra/db.server";
import type { Env } from "~/infra/env.server";
import { guardInput, type FormGuardContext } from "~/infra/form-guard.server";
import type { Logger } from "~/infra/logger.server";
import type { FirstTouch } from "~/infra/first-touch";
import { resolveCatalogueItem } from "./catalogue";
import { currentPricing, type OffersReader } from "./offers.server";
import { currentSale, type SaleReader } from "./sales.server";
import { saleAtCheckout, saleEndedMessage } from "./sale-rules";
import { CHECKOUT_MESSAGES, SALE_ENDED_STATUS, checkoutRequestSchema } from "./checkout-schema";
import { attachSession, createPendingOrder } from "./fulfilment.server";
import { startNowText } from "./withdrawal";
import type { PaymentProvider } from "./provider.server";

/** What creating a checkout needs from the server's services. */
export type CheckoutServices = FormGuardContext["services"] &
  OffersReader &
  SaleReader & {
    env: Pick<Env, "SITE_URL" | "RATE_LIMIT_FORMS_PER_MINUTE">;
    database: Pick<Database, "db">;
    payments: PaymentProvider;
    logger: Logger;
  };

export type CreateCheckoutResult =
  { ok: true; sessionUrl: string } | { ok: false; status: number; message: string; saleEnded?: boolean };

/**
 * The server side of 'choose a plan': the form guard (rate limit, honeypot), validate, look the plan up in the
 * server's own catalogue (never the client's price) at the sale price if a sale runs now, store a
 * pending order, and open a checkout session for it with the order id as client reference and
 * metadata. When the page showed a sale that has ended since, nothing is charged yet: the visitor
 * is told the price now and chooses again.
 */
export async function createCheckout(
  services: CheckoutServices,
  raw: unknown,
  clientIp: string,
  visitor: { firstTouch?: FirstTouch | null } = {},
): Promise<CreateCheckoutResult> {
  // Both routes read the body their own way (JSON, or a no-JavaScript form mapped to this shape).
  const guard = await guardInput({ services, clientIp }, "checkout", raw);
  if (!guard.ok && guard.problem === "rate-limited")
    return { ok: false, status: 429, message: CHECKOUT_MESSAGES.tooMany };
  // A filled honeypot gets the same answer as a tampered plan.
  if (!guard.ok) return { ok: false, status: 400, message: CHECKOUT_MESSAGES.invalid };

  const parsed = checkoutRequestSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, status: 400, message: CHECKOUT_MESSAGES.invalid };
  // The published prices and the sale at this moment: what the visitor was shown is what is charged.
  const [pricing, sale] = await Promise.all([currentPricing(services), currentSale(services)]);
  const listed = resolveCatalogueItem(parsed.data, pricing);
  if (!listed) return { ok: false, status: 400, message: CHECKOUT_MESSAGES.invalid };
  const priced = saleAtCheckout(sale, parsed.data.saleId, listed, new Date());
  if (!priced.ok)
    return { ok: false, status: SALE_ENDED_STATUS, saleEnded: true, message: saleEndedMessage(priced.item) };
  const { item, discount } = priced;

  const { payments: provider, database, env, logger } = services;
  try {
    const { order } = await createPendingOrder(database.db, {
      item,
      discount,
      provider: provider.kind,
      idempotencyKey: parsed.data.idempotencyKey ?? randomUUID(),
      leadId: parsed.data.leadId,
      firstTouch: visitor.firstTouch,
      startRequest: parsed.data.startNow ? startNowText() : null,
    });
    // A key reused for a different plan is a client bug or tampering, not a retry.
    if (order.planId !== item.planId || order.billingType !== item.billingType) {
      return { ok: false, status: 400, message: CHECKOUT_MESSAGES.invalid };
    }
    const session = await provider.createCheckoutSession({
      order,
      item: listed,
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
