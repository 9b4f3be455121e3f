import Stripe from "stripe";
import type { Db } from "~/infra/db.server";
import type { Env } from "~/infra/env.server";
import type { Logger } from "~/infra/logger.server";
import type { BillingType } from "#content/types";
import { checkoutSessionParams, orderCouponParams } from "./billing-rules";
import type { PaymentProvider } from "./provider.server";
import { ensureCoupon, stripePriceFor, syncStripePrices } from "./stripe-catalogue.server";
import { handleStripeWebhook } from "./webhook.server";
import type { SubscriberLookup } from "./fulfilment.server";

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

export function createStripeProvider(
  stripe: Stripe,
  env: Pick<Env, "STRIPE_PRICES" | "STRIPE_PORTAL_CONFIGURATION" | "STRIPE_WEBHOOK_SECRET">,
  deps: { db: Db; logger: Logger; subscriberOf: SubscriberLookup },
): PaymentProvider {
  /** The Checkout Session, or null when Stripe does not know the id (a visitor's typo or an old link). */
  async function retrieveSession(sessionId: string): Promise<Stripe.Checkout.Session | null> {
    try {
      return await stripe.checkout.sessions.retrieve(sessionId);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
      throw error;
    }
  }
  return {
    kind: "stripe",
    async handleWebhook(payload, signature) {
      if (!env.STRIPE_WEBHOOK_SECRET)
        return { status: 404, body: { received: false, error: "Web hook secret is not configured" } };
      return handleStripeWebhook({ stripe, webhookSecret: env.STRIPE_WEBHOOK_SECRET, ...deps }, payload, signature);
    },
    async createCheckoutSession({ order, item, customerEmail, successUrl, cancelUrl }) {
      const priceId = await stripePriceFor(stripe, item, env.STRIPE_PRICES);
      if (!priceId) throw new Error(`Stripe has no active price of ${item.amountCents} cents for ${item.key}`);
      // A sale's or a code's amount off, as a coupon on the session (and so on every instalment).
      const coupon = orderCouponParams(order, item);
      const couponId = coupon ? await ensureCoupon(stripe, coupon) : null;
      const session = await stripe.checkout.sessions.create(
        checkoutSessionParams({ order, item, priceId, couponId, customerEmail, successUrl, cancelUrl }),
        // Same order, same key: a retried request gets the same session, never a second one.
        { idempotencyKey: `checkout-session-${order.id}` },
      );
      if (!session.url) throw new Error(`checkout session ${session.id} has no url`);
      return { id: session.id, url: session.url };
    },
    async expireCheckoutSession(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return "expired";
      } catch (error) {
        // Stripe expires only an open session; for any other it answers 400 and the session says which it is.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        const session = await stripe.checkout.sessions.retrieve(sessionId);
        if (session.status === "complete") return "complete";
        if (session.status === "expired") return "expired";
        throw error;
      }
    },
    async publishPrices(content) {
      const { created, archived } = await syncStripePrices(stripe, content);
      return { created, archived };
    },
    async retrieveCompletedCheckout(sessionId) {
      const session = await retrieveSession(sessionId);
      if (!session) return null;
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
      const session = await retrieveSession(sessionId);
      if (!session) return null;
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
