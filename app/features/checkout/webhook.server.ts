import type Stripe from "stripe";
import type { Db } from "~/infra/db.server";
import type { Logger } from "~/infra/logger.server";
import {
  advanceStatus,
  attachSchedule,
  checkoutClosed,
  completeCheckout,
  findOrder,
  recordPayment,
  type Order,
  type OrderBook,
  type SubscriberLookup,
} from "./fulfilment.server";
import type { WebhookResult } from "./provider.server";
import { instalmentScheduleUpdate, orderCouponId } from "./billing-rules";
import { webhookFailures } from "~/infra/metrics.server";
import { isEventProcessed, markEventProcessed } from "~/infra/processed-events.server";

export interface WebhookDeps {
  stripe: Stripe;
  db: Db;
  /** Ties a paid order to its buyer's newsletter subscription (fulfilment.server.ts). */
  subscriberOf: SubscriberLookup;
  logger: Logger;
  webhookSecret: string;
}

/**
 * Verifies and handles one Stripe webhook delivery. The signature is checked on the raw
 * body; an event id already processed is acknowledged without touching anything, so
 * Stripe's retries and replays are harmless. A failure answers 500 so Stripe retries.
 */
export async function handleStripeWebhook(
  deps: WebhookDeps,
  payload: string,
  signature: string | null,
): Promise<WebhookResult> {
  if (!signature) return { status: 400, body: { received: false, error: "Missing Stripe-Signature header" } };
  let event: Stripe.Event;
  try {
    event = await deps.stripe.webhooks.constructEventAsync(payload, signature, deps.webhookSecret);
  } catch {
    return { status: 400, body: { received: false, error: "Invalid signature" } };
  }
  if (await isEventProcessed(deps.db, event.id)) return { status: 200, body: { received: true, duplicate: true } };
  try {
    await dispatch(deps, event);
  } catch (error) {
    webhookFailures.inc({ webhook: "stripe" });
    deps.logger.error({ err: error, eventId: event.id, type: event.type }, "stripe web hook failed");
    return { status: 500, body: { received: false, error: "Handler failed" } };
  }
  const first = await markEventProcessed(deps.db, event.id, event.type);
  return { status: 200, body: first ? { received: true } : { received: true, duplicate: true } };
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === "string" ? value : value.id;

async function orderForSession(db: Db, session: Stripe.Checkout.Session): Promise<Order | undefined> {
  const orderId = session.metadata?.order_id ?? session.client_reference_id;
  return orderId ? findOrder(db, { id: orderId }) : undefined;
}

async function orderForSubscription(
  db: Db,
  subscriptionId: string | null,
  metadata: Stripe.Metadata | null | undefined,
) {
  if (metadata?.order_id) {
    const order = await findOrder(db, { id: metadata.order_id });
    if (order) return order;
  }
  return subscriptionId ? findOrder(db, { subscriptionId }) : undefined;
}

async function dispatch(deps: WebhookDeps, event: Stripe.Event): Promise<void> {
  const { db, logger } = deps;
  const book: OrderBook = { db, subscriberOf: deps.subscriberOf };
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const order = await orderForSession(db, session);
      if (!order) return logger.warn({ sessionId: session.id }, "checkout completed for an unknown order");
      const paid = session.payment_status === "paid" || session.payment_status === "no_payment_required";
      const subscriptionId = idOf(session.subscription);
      const paymentIntent = idOf(session.payment_intent);
      await completeCheckout(book, {
        orderId: order.id,
        sessionId: session.id,
        customerEmail: session.customer_details?.email ?? null,
        customerId: idOf(session.customer),
        subscriptionId,
        paid,
        payment:
          session.mode === "payment" && paid && paymentIntent
            ? { providerPaymentId: paymentIntent, amountCents: session.amount_total ?? order.amountCents }
            : undefined,
      });
      if (session.mode === "subscription" && subscriptionId)
        await ensureInstalmentSchedule(deps, order, subscriptionId);
      return;
    }
    case "checkout.session.async_payment_succeeded": {
      const session = event.data.object;
      const order = await orderForSession(db, session);
      if (!order) return;
      const paymentIntent = idOf(session.payment_intent);
      if (session.mode === "payment" && paymentIntent) {
        await recordPayment(book, {
          orderId: order.id,
          providerPaymentId: paymentIntent,
          amountCents: session.amount_total ?? order.amountCents,
        });
      } else {
        await advanceStatus(book, order.id, "active");
      }
      return;
    }
    case "checkout.session.async_payment_failed": {
      const order = await orderForSession(db, event.data.object);
      if (order) await advanceStatus(book, order.id, "payment_failed");
      return;
    }
    case "checkout.session.expired": {
      const order = await orderForSession(db, event.data.object);
      // An unpaid checkout gives back the code's use it held, for someone else (or this visitor again).
      if (order) await checkoutClosed(db, order.id, "expired");
      return;
    }
    case "invoice.paid": {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details;
      // One-off payments also get an invoice (for the portal); they are counted from the session.
      if (!details || !invoice.id) return;
      const order = await orderForSubscription(db, idOf(details.subscription), details.metadata);
      if (!order) return logger.warn({ invoiceId: invoice.id }, "paid invoice for an unknown order");
      if (invoice.amount_paid <= 0) return;
      const { instalment } = await recordPayment(book, {
        orderId: order.id,
        providerPaymentId: invoice.id,
        amountCents: invoice.amount_paid,
      });
      logger.info({ orderId: order.id, instalment, of: order.paymentsTotal }, "instalment paid");
      return;
    }
    case "invoice.payment_failed": {
      const details = event.data.object.parent?.subscription_details;
      if (!details) return;
      const order = await orderForSubscription(db, idOf(details.subscription), details.metadata);
      if (order) await advanceStatus(book, order.id, "payment_failed");
      return;
    }
    case "subscription_schedule.completed": {
      const schedule = event.data.object;
      const order =
        (await findOrder(db, { scheduleId: schedule.id })) ??
        (await orderForSubscription(db, idOf(schedule.subscription), schedule.metadata));
      if (order) await advanceStatus(book, order.id, "completed");
      return;
    }
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      const order = await orderForSubscription(db, subscription.id, subscription.metadata);
      if (!order) return;
      const fresh = (await findOrder(db, { id: order.id })) ?? order;
      await advanceStatus(book, order.id, fresh.paymentsMade >= fresh.paymentsTotal ? "completed" : "cancelled");
      return;
    }
    default:
      return;
  }
}

/**
 * Stripe's instalment-plan pattern: a schedule created from the new subscription, then
 * one phase of exactly n monthly periods with end_behavior cancel, so Stripe itself stops
 * billing after the last payment. Idempotency keys make a retried delivery reuse both calls.
 */
async function ensureInstalmentSchedule(deps: WebhookDeps, order: Order, subscriptionId: string): Promise<void> {
  const current = await findOrder(deps.db, { id: order.id });
  if (current?.stripeScheduleId) return;
  const created = await deps.stripe.subscriptionSchedules.create(
    { from_subscription: subscriptionId },
    { idempotencyKey: `instalment-schedule-${subscriptionId}` },
  );
  const metadata = {
    order_id: order.id,
    plan_id: order.planId,
    plan_name: order.planName,
    billing_type: order.billingType,
    payments_total: String(order.paymentsTotal),
  };
  await deps.stripe.subscriptionSchedules.update(
    created.id,
    instalmentScheduleUpdate(created, order.paymentsTotal, metadata, orderCouponId(order)),
    {
      idempotencyKey: `instalment-schedule-update-${created.id}`,
    },
  );
  await attachSchedule(deps.db, order.id, created.id);
}
