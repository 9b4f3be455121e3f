import Stripe from "stripe";
import type { Db } from "~/infra/db.server";
import type { Env } from "~/infra/env.server";
import type { Logger } from "~/infra/logger.server";
import type { BillingType } from "#content/types";
import { allCatalogueItems, type CatalogueItem } from "./catalogue";
import type { Order } from "./fulfilment.server";
import type { PaymentProvider } from "./provider.server";
import { handleStripeWebhook } from "./webhook.server";

export function createStripeClient(env: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_API_BASE">): Stripe {
  if (!env.STRIPE_SECRET_KEY) throw new Error("STRIPE_SECRET_KEY is not set");
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
  return new Stripe(env.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: "mila-jansen-coaching" },
    ...(base
      ? {
          protocol: base.protocol === "http:" ? ("http" as const) : ("https" as const),
          host: base.hostname,
          port: base.port || (base.protocol === "https:" ? 443 : 80),
        }
      : {}),
  });
}

/** The "planId:billingType" keys STRIPE_PRICES must cover, for a start-up check. */
export function missingPriceKeys(prices: Record<string, string> | undefined): string[] {
  return allCatalogueItems()
    .map((item) => item.key)
    .filter((key) => !prices?.[key]);
}

/** Metadata on the session, its payment or subscription, and so on every invoice. */
export function orderMetadata(order: Order, item: CatalogueItem): Record<string, string> {
  return {
    order_id: order.id,
    plan_id: item.planId,
    plan_name: item.planName,
    billing_type: item.billingType,
    payments_total: String(item.payments),
  };
}

/**
 * Checkout Session parameters per billing type. onetime is a single payment of the
 * 1-month price; monthly3x / monthly6x are monthly subscriptions of the 3- or 6-month
 * price that a subscription schedule ends after 3 or 6 payments (see webhook.server.ts).
 * payment_method_types is left out on purpose: Stripe then offers every method enabled
 * in the Dashboard (card, iDEAL; iDEAL in subscription mode sets up SEPA debit).
 */
export function checkoutSessionParams(input: {
  order: Order;
  item: CatalogueItem;
  priceId: string;
  successUrl: string;
  cancelUrl: string;
}): Stripe.Checkout.SessionCreateParams {
  const { order, item } = input;
  const metadata = orderMetadata(order, item);
  const description = `${item.planName} coaching, ${item.duration === "1" ? "1 month" : `${item.duration} months`}`;
  const common = {
    line_items: [{ price: input.priceId, quantity: 1 }],
    success_url: input.successUrl,
    cancel_url: input.cancelUrl,
    client_reference_id: order.id,
    metadata,
    locale: "en" as const,
  };
  if (item.billingType === "onetime") {
    return {
      ...common,
      mode: "payment",
      // A customer record lets the buyer see the receipt later in the customer portal.
      customer_creation: "always",
      invoice_creation: { enabled: true, invoice_data: { description, metadata } },
      payment_intent_data: { description, metadata },
    };
  }
  return {
    ...common,
    mode: "subscription",
    subscription_data: { description, metadata },
  };
}

/** Parameters that turn a fresh subscription into an instalment plan of exactly n payments. */
export function instalmentScheduleUpdate(
  schedule: Stripe.SubscriptionSchedule,
  payments: number,
  metadata: Record<string, string>,
): Stripe.SubscriptionScheduleUpdateParams {
  const phase = schedule.phases[0];
  if (!phase) throw new Error(`subscription schedule ${schedule.id} has no phase`);
  return {
    end_behavior: "cancel",
    metadata,
    phases: [
      {
        start_date: phase.start_date,
        items: phase.items.map((i) => ({
          price: typeof i.price === "string" ? i.price : i.price.id,
          quantity: i.quantity ?? 1,
        })),
        duration: { interval: "month", interval_count: payments },
        metadata,
      },
    ],
    proration_behavior: "none",
  };
}

export function createStripeProvider(
  stripe: Stripe,
  env: Pick<Env, "STRIPE_PRICES" | "STRIPE_PORTAL_CONFIGURATION" | "STRIPE_WEBHOOK_SECRET">,
  deps: { db: Db; logger: Logger },
): PaymentProvider {
  return {
    kind: "stripe",
    async handleWebhook(payload, signature) {
      if (!env.STRIPE_WEBHOOK_SECRET)
        return { status: 404, body: { received: false, error: "Web hook secret is not configured" } };
      return handleStripeWebhook({ stripe, webhookSecret: env.STRIPE_WEBHOOK_SECRET, ...deps }, payload, signature);
    },
    async createCheckoutSession({ order, item, successUrl, cancelUrl }) {
      const priceId = env.STRIPE_PRICES?.[item.key];
      if (!priceId) throw new Error(`STRIPE_PRICES has no price for ${item.key}`);
      const session = await stripe.checkout.sessions.create(
        checkoutSessionParams({ order, item, priceId, successUrl, cancelUrl }),
        // Same order, same key: a retried request gets the same session, never a second one.
        { idempotencyKey: `checkout-session-${order.id}` },
      );
      if (!session.url) throw new Error(`checkout session ${session.id} has no url`);
      return { id: session.id, url: session.url };
    },
    async retrieveCompletedCheckout(sessionId) {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(sessionId);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
        throw error;
      }
      const meta = session.metadata ?? {};
      if (session.status !== "complete" || !meta.order_id || !meta.plan_name || !meta.billing_type) return null;
      return {
        sessionId: session.id,
        orderRef: meta.order_id,
        planName: meta.plan_name,
        billingType: meta.billing_type as BillingType,
        paymentsTotal: Number(meta.payments_total ?? 1),
        amountPaidCents: session.amount_total ?? 0,
        currency: session.currency ?? "eur",
        paid: session.payment_status !== "unpaid",
        canManage: Boolean(session.customer),
      };
    },
    async createPortalSession(sessionId, returnUrl) {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(sessionId);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
        throw error;
      }
      if (session.status !== "complete" || !session.metadata?.order_id || !session.customer) return null;
      const customer = typeof session.customer === "string" ? session.customer : session.customer.id;
      const portal = await stripe.billingPortal.sessions.create({
        customer,
        return_url: returnUrl,
        ...(env.STRIPE_PORTAL_CONFIGURATION ? { configuration: env.STRIPE_PORTAL_CONFIGURATION } : {}),
      });
      return portal.url;
    },
  };
}
