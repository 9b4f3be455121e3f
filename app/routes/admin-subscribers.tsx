import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-subscribers";
import { requireServices } from "~/context";
import { forwardSessionHeaders, trainerOf } from "~/features/auth/guard.server";
import { listSubscribers, sourcePath } from "~/features/reports/data.server";
import { AdminShell, adminMeta, formatDateTime, listQuery, pageHref, Pagination } from "~/features/back-office/ui";
import { bySubject, consentsOf } from "~/features/back-office/consent.server";
import { ConsentCell } from "~/features/back-office/consent-list";
import { CsvLink, ListTable, StatusBadge } from "~/features/back-office/list-table";

export const meta: Route.MetaFunction = () => adminMeta("Subscribers");
export const headers = forwardSessionHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const { page } = listQuery(request.url);
  const db = ctx.services.database.db;
  const list = await listSubscribers(db, page);
  const consents = bySubject(await consentsOf(db, { subscriberIds: list.rows.map((r) => r.id) }));
  return data(
    {
      email: trainer.user.email,
      list: {
        ...list,
        rows: list.rows.map((r) => ({
          id: r.id,
          email: r.email,
          status: r.status,
          source: sourcePath(r.source),
          createdAt: r.createdAt.toISOString(),
          consents: consents.get(r.id) ?? [],
        })),
      },
    },
    { headers: trainer.headers },
  );
}

const STATUS = { pending: "Awaiting confirmation", confirmed: "Confirmed", unsubscribed: "Unsubscribed" } as Record<
  string,
  string
>;

export default function AdminSubscribers() {
  const { list } = useLoaderData<typeof loader>();
  return (
    <AdminShell title="Newsletter subscribers" actions={<CsvLink list="subscribers" />}>
      <ListTable
        caption="Newsletter subscribers, newest first"
        columns={["Date", "E-mail", "Status", "Source", "Consent"]}
        rows={list.rows.map((r) => ({
          key: r.id,
          muted: r.status === "unsubscribed",
          cells: [
            formatDateTime(r.createdAt),
            r.email,
            <StatusBadge
              key="s"
              tone={r.status === "confirmed" ? "good" : r.status === "unsubscribed" ? "off" : "wait"}
            >
              {STATUS[r.status] ?? r.status}
            </StatusBadge>,
            r.source,
            <ConsentCell key="c" records={r.consents} />,
          ],
        }))}
        empty="No subscribers yet."
      />
      <Pagination
        page={list.page}
        pageCount={list.pageCount}
        total={list.total}
        href={pageHref("/admin/subscribers")}
      />
    </AdminShell>
  );
}
