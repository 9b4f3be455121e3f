import { data, Form, useLoaderData } from "react-router";
import { compactInputClass } from "~/ui/field";
import { Button } from "~/ui/button";
import type { Route } from "./+types/admin-event-signups";
import { requireServices } from "~/context";
import { forwardSessionHeaders, requireTrainer } from "~/features/back-office/guard.server";
import { listEventSignups } from "~/features/back-office/data.server";
import { pageSchema } from "~/features/back-office/filters";
import { AdminShell, adminMeta, formatDateTime, Pagination } from "~/features/back-office/ui";
import { bySubject, consentsOf } from "~/features/back-office/consent.server";
import { ConsentCell } from "~/features/back-office/consent-list";
import { CsvLink, ListTable, StatusBadge } from "~/features/back-office/list-table";

export const meta: Route.MetaFunction = () => adminMeta("Event signups");
export const headers = forwardSessionHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = await requireTrainer(request, ctx);
  const url = new URL(request.url);
  const page = pageSchema.parse(url.searchParams.get("page") ?? 1);
  const db = ctx.services.database.db;
  const events = (await ctx.services.content.list("event"))
    .map((e) => ({ key: e.key, title: e.draft.title, when: e.draft.startsLocal.replace("T", " ") }))
    .sort((a, b) => b.when.localeCompare(a.when));
  const eventParam = url.searchParams.get("event");
  const event = events.find((e) => e.key === eventParam);
  const list = await listEventSignups(db, page, event?.key);
  const consents = bySubject(await consentsOf(db, { signupIds: list.rows.map((r) => r.id) }));
  return data(
    {
      email: trainer.user.email,
      events,
      event: event ?? null,
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
  const { list, events, event } = useLoaderData<typeof loader>();
  const titleOf = new Map(events.map((e) => [e.key, `${e.title} (${e.when.slice(0, 10)})`]));
  const query = event ? `event=${encodeURIComponent(event.key)}&` : "";
  return (
    <AdminShell title="Event signups" actions={<CsvLink list="event-signups" />}>
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="signups-event" className="block font-medium text-ink">
            Event
          </label>
          <select
            id="signups-event"
            name="event"
            defaultValue={event?.key ?? ""}
            className={`${compactInputClass} text-base`}
          >
            <option value="">All events</option>
            {events.map((e) => (
              <option key={e.key} value={e.key}>
                {titleOf.get(e.key)}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary" size="md">
          Show
        </Button>
      </Form>
      <ListTable
        caption={
          event ? `Signups for ${titleOf.get(event.key)}, newest first` : "Signups for every event, newest first"
        }
        columns={["Date", "Name", "Phone", "Event", "Place", "Consent"]}
        rows={list.rows.map((r) => ({
          key: r.id,
          muted: r.waitlisted,
          cells: [
            formatDateTime(r.createdAt),
            r.name ?? "",
            r.phone ?? "",
            titleOf.get(r.eventKey ?? "") ?? r.eventKey ?? "",
            r.waitlisted ? (
              <StatusBadge key="p" tone="wait">
                Waiting list
              </StatusBadge>
            ) : (
              <StatusBadge key="p" tone="good">
                Place
              </StatusBadge>
            ),
            <ConsentCell key="c" records={r.consents} />,
          ],
        }))}
        empty={event ? "No signups for this event yet." : "No event signups yet."}
      />
      <Pagination
        page={list.page}
        pageCount={list.pageCount}
        total={list.total}
        href={(p) => `/admin/event-signups?${query}page=${p}`}
      />
    </AdminShell>
  );
}
