import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "~/infra/db.server";
import { orders, payments, type OrderCode, type OrderDiscount } from "#db/schema";
import type { FirstTouch } from "~/infra/first-touch";
import { advanceLeadStatus, intakeLeadExists, leadByEmail } from "~/features/leads/lifecycle.server";
import type { CatalogueItem } from "./catalogue";
import { releaseCodeUse } from "./codes.server";

/**
 * Orders and payments, shared by the Stripe web hook and the built-in test checkout so
 * both record a purchase the same way. Every function is idempotent: running it again
 * with the same input changes nothing.
 */

/**
 * The newsletter subscriber with an address, if any (newsletter's subscriberIdByEmail). The newsletter
 * owns its subscribers and sits above checkout, so whoever records a payment passes the lookup in.
 */
export type SubscriberLookup = (db: Db, email: string) => Promise<string | null>;

/** Where orders are recorded, with the lookup that ties a paid order to its buyer's subscription. */
export interface OrderBook {
  db: Db;
  subscriberOf: SubscriberLookup;
}

export type OrderStatus = "pending" | "paid" | "active" | "completed" | "payment_failed" | "cancelled" | "expired";
export type Order = typeof orders.$inferSelect;

export async function createPendingOrder(
  db: Db,
  input: {
    /** What is charged: at the sale price when `discount` is given. */
    item: CatalogueItem;
    /** The sale it is bought in (docs/decisions/043-sales.md). */
    discount?: OrderDiscount | null;
    /** The code it is bought with (docs/decisions/076-discount-codes.md). */
    code?: OrderCode | null;
    provider: "stripe" | "test";
    idempotencyKey: string;
    /** The lead whose thank-you page the checkout started from (checked to exist). */
    leadId?: string | null;
    firstTouch?: FirstTouch | null;
    /** The words of the checkout box the buyer ticked to start within the withdrawal period. */
    startRequest?: string | null;
  },
): Promise<{ order: Order; created: boolean }> {
  const leadId = input.leadId && (await intakeLeadExists(db, input.leadId)) ? input.leadId : null;
  const [inserted] = await db
    .insert(orders)
    .values({
      planId: input.item.planId,
      planName: input.item.planName,
      billingType: input.item.billingType,
      paymentsTotal: input.item.payments,
      amountCents: input.item.amountCents,
      currency: input.item.currency,
      provider: input.provider,
      idempotencyKey: input.idempotencyKey,
      leadId,
      firstTouch: input.firstTouch ?? null,
      discount: input.discount ?? null,
      code: input.code ?? null,
      startRequestedAt: input.startRequest ? new Date() : null,
      startRequestText: input.startRequest ?? null,
    })
    .onConflictDoNothing({ target: orders.idempotencyKey })
    .returning();
  if (inserted) return { order: inserted, created: true };
  const [existing] = await db.select().from(orders).where(eq(orders.idempotencyKey, input.idempotencyKey));
  if (!existing) throw new Error("order vanished after an idempotency conflict");
  return { order: existing, created: false };
}

export async function attachSession(db: Db, orderId: string, sessionId: string): Promise<void> {
  await db.update(orders).set({ providerSessionId: sessionId }).where(eq(orders.id, orderId));
}

export async function findOrder(
  db: Db,
  by: { id?: string; sessionId?: string; subscriptionId?: string; scheduleId?: string },
) {
  const condition = by.id
    ? eq(orders.id, by.id)
    : by.sessionId
      ? eq(orders.providerSessionId, by.sessionId)
      : by.subscriptionId
        ? eq(orders.stripeSubscriptionId, by.subscriptionId)
        : by.scheduleId
          ? eq(orders.stripeScheduleId, by.scheduleId)
          : undefined;
  if (!condition) return undefined;
  const [order] = await db.select().from(orders).where(condition);
  return order;
}

/** Checkout finished: the buyer is known; a one-off payment may already be paid. */
export async function completeCheckout(
  book: OrderBook,
  input: {
    orderId: string;
    sessionId: string;
    customerEmail: string | null;
    customerId?: string | null;
    subscriptionId?: string | null;
    /** False while an asynchronous method (bank debit) is still on its way. */
    paid: boolean;
    /** The one-off payment; instalment plans record theirs from each paid invoice. */
    payment?: { providerPaymentId: string; amountCents: number };
  },
): Promise<void> {
  const { db } = book;
  const order = await findOrder(db, { id: input.orderId });
  if (!order) throw new Error(`unknown order ${input.orderId}`);
  await db
    .update(orders)
    .set({
      providerSessionId: input.sessionId,
      customerEmail: input.customerEmail ?? order.customerEmail,
      stripeCustomerId: input.customerId ?? order.stripeCustomerId,
      stripeSubscriptionId: input.subscriptionId ?? order.stripeSubscriptionId,
    })
    .where(eq(orders.id, order.id));
  if (input.payment) await recordPayment(book, { orderId: order.id, ...input.payment });
  else if (input.paid) await advanceStatus(book, order.id, order.paymentsTotal > 1 ? "active" : "paid");
  await linkOrderToPeople(book, order.id);
}

const PAID: ReadonlySet<string> = new Set(["paid", "active", "completed"]);

/**
 * Ties an order to the people it belongs to once the buyer's e-mail is known: the lead it
 * started from (or else the newest intake lead with that e-mail) and the newsletter subscriber
 * with that e-mail. A paid order makes its lead a client. Safe to run again.
 */
export async function linkOrderToPeople({ db, subscriberOf }: OrderBook, orderId: string): Promise<void> {
  const order = await findOrder(db, { id: orderId });
  if (!order) return;
  const email = order.customerEmail?.trim().toLowerCase();
  const leadId = order.leadId ?? (await leadByEmail(db, email));
  let subscriberId = order.subscriberId;
  if (!subscriberId && email) subscriberId = await subscriberOf(db, email);
  if (leadId !== order.leadId || subscriberId !== order.subscriberId)
    await db.update(orders).set({ leadId, subscriberId }).where(eq(orders.id, order.id));
  if (leadId && PAID.has(order.status)) await advanceLeadStatus(db, leadId, "client", "payment");
}

/**
 * One successful payment: a one-off payment or instalment n of N. The provider's payment
 * id is unique, so a replayed invoice is ignored; the instalment number is the count of
 * payments so far, taken under a row lock so two invoices arriving together count right.
 */
export async function recordPayment(
  book: OrderBook,
  input: { orderId: string; providerPaymentId: string; amountCents: number },
): Promise<{ instalment: number; recorded: boolean }> {
  const result = await book.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for("update");
    if (!order) throw new Error(`unknown order ${input.orderId}`);
    const [existing] = await tx.select().from(payments).where(eq(payments.providerPaymentId, input.providerPaymentId));
    if (existing) return { instalment: existing.instalment, recorded: false };
    const instalment = order.paymentsMade + 1;
    await tx.insert(payments).values({
      orderId: order.id,
      providerPaymentId: input.providerPaymentId,
      instalment,
      amountCents: input.amountCents,
      status: "succeeded",
    });
    const status: OrderStatus =
      order.paymentsTotal === 1 ? "paid" : order.status === "completed" ? "completed" : "active";
    await tx.update(orders).set({ paymentsMade: instalment, status }).where(eq(orders.id, order.id));
    return { instalment, recorded: true };
  });
  if (result.recorded) await linkOrderToPeople(book, input.orderId);
  return result;
}

export async function attachSchedule(db: Db, orderId: string, scheduleId: string): Promise<void> {
  await db.update(orders).set({ stripeScheduleId: scheduleId }).where(eq(orders.id, orderId));
}

/**
 * Moves an order to a new status unless that would move it backwards: a finished plan
 * stays finished when a late 'payment failed' or 'expired' event arrives.
 */
export async function advanceStatus(book: OrderBook, orderId: string, status: OrderStatus): Promise<void> {
  const { db } = book;
  const allowedFrom: Record<OrderStatus, OrderStatus[]> = {
    pending: [],
    paid: ["pending", "payment_failed"],
    active: ["pending", "payment_failed"],
    payment_failed: ["pending", "active", "paid"],
    completed: ["pending", "paid", "active", "payment_failed"],
    cancelled: ["pending", "active", "payment_failed", "paid"],
    expired: ["pending"],
  };
  await db
    .update(orders)
    .set({ status })
    .where(and(eq(orders.id, orderId), inArray(orders.status, allowedFrom[status])));
  if (PAID.has(status)) await linkOrderToPeople(book, orderId);
}

/** A still-pending order becomes `status`; false when it was no longer pending (paid meanwhile, or closed). */
export async function closePendingOrder(db: Db, orderId: string, status: "expired" | "cancelled"): Promise<boolean> {
  const closed = await db
    .update(orders)
    .set({ status })
    .where(and(eq(orders.id, orderId), eq(orders.status, "pending")))
    .returning({ id: orders.id });
  return closed.length > 0;
}

/**
 * A checkout that can no longer be paid: Stripe's expiry, Cancel on the test checkout, or closed
 * for the same visitor's newer checkout. An unpaid order gets `status` and gives back the code's
 * use it still holds (none when the use has moved on); a paid order is left as it is.
 */
export async function checkoutClosed(db: Db, orderId: string, status: "expired" | "cancelled"): Promise<void> {
  await closePendingOrder(db, orderId, status);
  const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (order?.status === status) await releaseCodeUse(db, orderId);
}
