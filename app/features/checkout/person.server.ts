import { asc, count, desc, eq, gt, inArray, lt, or, sql } from "drizzle-orm";
import { orders, payments } from "#db/schema";
import type { Db } from "~/infra/db.server";
import { newestIntakeLeadWithEmail } from "~/features/leads/person.server";

/** One person's orders and payments, as a data request (reports/data-requests.server.ts) finds and erases them. */

/** Orders with one of these addresses (in lower case), or of one of these leads or subscriptions. */
export async function ordersOfPerson(
  db: Db,
  by: { emails: string[]; leadIds: string[]; subscriberIds: string[] },
): Promise<(typeof orders.$inferSelect)[]> {
  const matches = [
    ...(by.emails.length ? [inArray(sql`lower(${orders.customerEmail})`, by.emails)] : []),
    ...(by.leadIds.length ? [inArray(orders.leadId, by.leadIds)] : []),
    ...(by.subscriberIds.length ? [inArray(orders.subscriberId, by.subscriberIds)] : []),
  ];
  return matches.length
    ? db
        .select()
        .from(orders)
        .where(or(...matches))
    : [];
}

/** The payments of these orders, newest first. */
export async function paymentsOf(db: Db, orderIds: string[]): Promise<(typeof payments.$inferSelect)[]> {
  return orderIds.length
    ? db.select().from(payments).where(inArray(payments.orderId, orderIds)).orderBy(desc(payments.createdAt))
    : [];
}

/**
 * Orders stay for the bookkeeping period with plan, amounts, currency, status, dates and the
 * provider's references; every personal field is emptied.
 */
export async function anonymiseOrders(db: Db, ids: string[]): Promise<void> {
  if (ids.length)
    await db
      .update(orders)
      .set({ customerEmail: null, stripeCustomerId: null, firstTouch: null, leadId: null, subscriberId: null })
      .where(inArray(orders.id, ids));
}

/** Retention: orders created before `before` go, their payments with them; how many went. */
export async function pruneOrders(db: Db, before: Date): Promise<number> {
  return (await db.delete(orders).where(lt(orders.createdAt, before)).returning({ id: orders.id })).length;
}

/** A lead's orders, linked to it or (with an address) bought with its address, oldest first. */
export async function ordersOfLead(db: Db, leadId: string, email: string): Promise<(typeof orders.$inferSelect)[]> {
  return db
    .select()
    .from(orders)
    .where(
      email ? or(eq(orders.leadId, leadId), sql`lower(${orders.customerEmail}) = ${email}`) : eq(orders.leadId, leadId),
    )
    .orderBy(asc(orders.createdAt));
}

/** Someone paid for it: settled now, or at least one payment went through before it stopped. */
const PAID_ONCE = or(inArray(orders.status, ["paid", "active", "completed"]), gt(orders.paymentsMade, 0));

/**
 * One page of the paid orders, newest first, each with its lead (linked, else the newest intake
 * lead with the order's address, in the same statement), and how many there are.
 */
export async function paidOrdersPage(
  db: Db,
  page: { size: number; offset: number },
): Promise<{ rows: { order: typeof orders.$inferSelect; leadId: string | null }[]; total: number }> {
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        order: orders,
        leadId: sql<string | null>`coalesce(${orders.leadId}, ${newestIntakeLeadWithEmail(orders.customerEmail)})`,
      })
      .from(orders)
      .where(PAID_ONCE)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page.size)
      .offset(page.offset),
    db.select({ n: count() }).from(orders).where(PAID_ONCE),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

/** One batch of orders, newest first (the CSV export pages through them). */
export async function ordersBatch(db: Db, limit: number, offset: number): Promise<(typeof orders.$inferSelect)[]> {
  return db.select().from(orders).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit).offset(offset);
}
