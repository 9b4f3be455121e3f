import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-orders";
import { requireServices } from "~/context";
import { forwardSessionHeaders, requireTrainer } from "~/features/back-office/guard.server";
import { listOrders } from "~/features/back-office/data.server";
import { pageSchema } from "~/features/back-office/filters";
import { AdminShell, adminMeta, formatDateTime, formatMoney, Pagination } from "~/features/back-office/ui";
import { CsvLink, ListTable, StatusBadge } from "~/features/back-office/list-table";

export const meta: Route.MetaFunction = () => adminMeta("Orders");
export const headers = forwardSessionHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = await requireTrainer(request, ctx);
  const page = pageSchema.parse(new URL(request.url).searchParams.get("page") ?? 1);
  const list = await listOrders(ctx.services.database.db, page);
  return data(
    {
      email: trainer.user.email,
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
  const { list } = useLoaderData<typeof loader>();
  return (
    <AdminShell title="Orders and payments" actions={<CsvLink list="orders" />}>
      <ListTable
        caption="Orders, newest first, with their payments"
        columns={["Date", "Plan", "Customer", "Amount", "Status", "Payments"]}
        rows={list.rows.map((r) => ({
          key: r.id,
          cells: [
            formatDateTime(r.createdAt),
            `${r.planName} (${r.billingType})`,
            r.customerEmail ?? "",
            `${formatMoney(r.amountCents, r.currency)}${r.paymentsTotal > 1 ? ` × ${r.paymentsTotal}` : ""}`,
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
      <Pagination
        page={list.page}
        pageCount={list.pageCount}
        total={list.total}
        href={(p) => `/admin/orders?page=${p}`}
      />
    </AdminShell>
  );
}
