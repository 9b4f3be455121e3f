import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-orders";
import { requireServices } from "~/context";
import { forwardSessionHeaders, trainerOf } from "~/features/auth/guard.server";
import { listOrders, revenue, type Revenue } from "~/features/reports/data.server";
import { orderTerms } from "~/features/back-office/labels";
import { formatEuro, paymentSummary } from "~/features/checkout/catalogue";
import { saleLine } from "~/features/checkout/sale-rules";
import { codeLine } from "~/features/checkout/code-rules";
import {
  AdminShell,
  adminMeta,
  formatDateTime,
  formatMoney,
  listQuery,
  pageHref,
  Pagination,
} from "~/features/back-office/ui";
import { CsvLink, ListTable, StatusBadge } from "~/features/back-office/list-table";

export const meta: Route.MetaFunction = () => adminMeta("Orders");
export const headers = forwardSessionHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const { page } = listQuery(request.url);
  const db = ctx.services.database.db;
  const [list, money] = await Promise.all([listOrders(db, page), revenue(db)]);
  return data(
    {
      email: trainer.user.email,
      money,
      list: {
        ...list,
        rows: list.rows.map((r) => ({
          ...r,
          createdAt: r.createdAt.toISOString(),
          payments: r.payments.map((p) => ({ ...p, createdAt: p.createdAt.toISOString() })),
        })),
      },
    },
    { headers: trainer.headers },
  );
}

const GOOD = new Set(["paid", "active", "completed", "succeeded"]);
const BAD = new Set(["payment_failed", "failed", "cancelled", "expired"]);
const tone = (status: string) => (GOOD.has(status) ? "good" : BAD.has(status) ? "off" : "wait");

export default function AdminOrders() {
  const { list, money } = useLoaderData<typeof loader>();
  return (
    <AdminShell title="Orders and payments" actions={<CsvLink list="orders" />}>
      <RevenueTable money={money} />
      <ListTable
        caption="Orders, newest first, with their payments"
        columns={["Date", "Plan", "Customer", "Amount (incl. btw)", "Status", "Payments"]}
        rows={list.rows.map((r) => ({
          key: r.id,
          cells: [
            formatDateTime(r.createdAt),
            <span key="plan">
              <span className="font-medium">{r.planName}</span>
              <br />
              {orderTerms(r.paymentsTotal)}
            </span>,
            r.customerEmail ?? "",
            // Wide enough for a sale's line on a phone, where the table scrolls sideways.
            <span key="amount" className="block min-w-48">
              {r.currency === "eur"
                ? paymentSummary({
                    payments: r.paymentsTotal,
                    amountCents: r.amountCents,
                    totalCents: r.amountCents * r.paymentsTotal,
                  })
                : `${formatMoney(r.amountCents, r.currency)}${r.paymentsTotal > 1 ? ` × ${r.paymentsTotal}` : ""}`}
              {r.discount && (
                <>
                  <br />
                  <span className="text-ink/80">Sale {saleLine(r.discount, r.paymentsTotal)}</span>
                </>
              )}
              {r.code && (
                <>
                  <br />
                  <span className="text-ink/80">Code {codeLine(r.code, r.paymentsTotal)}</span>
                </>
              )}
            </span>,
            <StatusBadge key="s" tone={tone(r.status)}>
              {r.status.replace(/_/g, " ")}
            </StatusBadge>,
            <ul key="p" className="space-y-0.5">
              <li>
                {r.paymentsMade} of {r.paymentsTotal} paid
              </li>
              {r.payments.map((p) => (
                <li key={p.instalment} className="text-ink/80">
                  #{p.instalment}: {formatMoney(p.amountCents, r.currency)} {p.status.replace(/_/g, " ")}
                </li>
              ))}
            </ul>,
          ],
        }))}
        empty="No orders yet."
      />
      <Pagination page={list.page} pageCount={list.pageCount} total={list.total} href={pageHref("/admin/orders")} />
    </AdminShell>
  );
}

/** Money received this month and last month (Amsterdam calendar months), per plan and in total. */
function RevenueTable({ money }: { money: Revenue }) {
  return (
    <section aria-labelledby="revenue-heading" className="mb-6 rounded-2xl bg-white p-5 ring-1 ring-navy/10">
      <h2 id="revenue-heading" className="mb-3 text-lg font-semibold text-navy">
        Revenue received
      </h2>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Payments received per plan, incl. btw</caption>
        <thead>
          <tr>
            <th scope="col" className="py-1 pr-2 font-semibold">
              Plan
            </th>
            <th scope="col" className="py-1 pr-2 text-right font-semibold">
              {money.thisMonth}
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              {money.lastMonth}
            </th>
          </tr>
        </thead>
        <tbody>
          {money.plans.map((p) => (
            <tr key={p.plan} className="border-t border-navy/10">
              <th scope="row" className="py-1 pr-2 font-normal">
                {p.plan}
              </th>
              <td className="py-1 pr-2 text-right">{formatEuro(p.thisMonth)}</td>
              <td className="py-1 text-right">{formatEuro(p.lastMonth)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-navy/20 font-semibold">
            <th scope="row" className="py-1 pr-2">
              Total
            </th>
            <td className="py-1 pr-2 text-right">{formatEuro(money.total.thisMonth)}</td>
            <td className="py-1 text-right">{formatEuro(money.total.lastMonth)}</td>
          </tr>
        </tfoot>
      </table>
    </section>
  );
}
