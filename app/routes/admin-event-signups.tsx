import { data, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-event-signups";
import { requireServices } from "~/context";
import { forwardSessionHeaders, requireTrainer } from "~/features/back-office/guard.server";
import { listEventSignups } from "~/features/back-office/data.server";
import { pageSchema } from "~/features/back-office/filters";
import { AdminShell, adminMeta, formatDateTime, Pagination } from "~/features/back-office/ui";
import { bySubject, consentsOf } from "~/features/back-office/consent.server";
import { ConsentCell } from "~/features/back-office/consent-list";
import { CsvLink, ListTable } from "~/features/back-office/list-table";

export const meta: Route.MetaFunction = () => adminMeta("Event signups");
export const headers = forwardSessionHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = await requireTrainer(request, ctx);
  const page = pageSchema.parse(new URL(request.url).searchParams.get("page") ?? 1);
  const db = ctx.services.database.db;
  const list = await listEventSignups(db, page);
  const consents = bySubject(await consentsOf(db, { signupIds: list.rows.map((r) => r.id) }));
  return data(
    {
      email: trainer.user.email,
      list: {
        ...list,
        rows: list.rows.map((r) => ({
          ...r,
          createdAt: r.createdAt.toISOString(),
          consents: consents.get(r.id) ?? [],
        })),
      },
    },
    { headers: trainer.headers },
  );
}

export default function AdminEventSignups() {
  const { list } = useLoaderData<typeof loader>();
  return (
    <AdminShell title="Event signups" actions={<CsvLink list="event-signups" />}>
      <ListTable
        caption="Signups for the beach workout, newest first"
        columns={["Date", "Name", "Phone", "Consent"]}
        rows={list.rows.map((r) => ({
          key: r.id,
          cells: [
            formatDateTime(r.createdAt),
            r.name ?? "",
            r.phone ?? "",
            <ConsentCell key="c" records={r.consents} />,
          ],
        }))}
        empty="No event signups yet."
      />
      <Pagination
        page={list.page}
        pageCount={list.pageCount}
        total={list.total}
        href={(p) => `/admin/event-signups?page=${p}`}
      />
    </AdminShell>
  );
}
