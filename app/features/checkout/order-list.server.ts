import { count, desc, inArray, sql } from "drizzle-orm";
import { orders, payments } from "#db/schema";
import type { Db } from "~/infra/db.server";

/** The back office's list of orders and the money received, as the reports (reports/data.server.ts) show them. */

/** One page of orders, newest first, with each order's payments by instalment, and how many orders there are. */
export async function ordersPage(db: Db, page: { size: number; offset: number }) {
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        planName: orders.planName,
        billingType: orders.billingType,
        amountCents: orders.amountCents,
        currency: orders.currency,
        paymentsMade: orders.paymentsMade,
        paymentsTotal: orders.paymentsTotal,
        status: orders.status,
        provider: orders.provider,
        customerEmail: orders.customerEmail,
        discount: orders.discount,
        code: orders.code,
      })
      .from(orders)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page.size)
      .offset(page.offset),
    db.select({ n: count() }).from(orders),
  ]);
  const ids = rows.map((r) => r.id);
  const paymentRows = ids.length
    ? await db
        .select({
          orderId: payments.orderId,
          instalment: payments.instalment,
          amountCents: payments.amountCents,
          status: payments.status,
          createdAt: payments.createdAt,
        })
        .from(payments)
        .where(inArray(payments.orderId, ids))
        .orderBy(payments.instalment)
    : [];
  return {
    rows: rows.map((r) => ({ ...r, payments: paymentRows.filter((p) => p.orderId === r.id) })),
    total: totalRow?.n ?? 0,
  };
}

/** Succeeded payments since `lastStart` per plan, split at `thisStart`, in cents. */
export async function revenueByPlan(
  db: Db,
  thisStart: Date,
  lastStart: Date,
): Promise<{ plan: string; this_month: number; last_month: number }[]> {
  const result = await db.execute(sql`
    select o.plan_name as plan,
      coalesce(sum(p.amount_cents) filter (where p.created_at >= ${thisStart.toISOString()}::timestamptz), 0)::int as this_month,
      coalesce(sum(p.amount_cents) filter (where p.created_at < ${thisStart.toISOString()}::timestamptz), 0)::int as last_month
    from ${payments} p join ${orders} o on o.id = p.order_id
    where p.status = 'succeeded' and p.created_at >= ${lastStart.toISOString()}::timestamptz
    group by 1 order by 2 desc, 3 desc, 1`);
  return (result as unknown as { rows: { plan: string; this_month: number; last_month: number }[] }).rows;
}
