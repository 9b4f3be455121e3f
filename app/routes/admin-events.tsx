import { data, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-events";
import { requireServices } from "~/context";
import { forwardSessionHeaders, trainerOf } from "~/features/auth/guard.server";
import { AdminShell, adminMeta, Notice } from "~/features/back-office/ui";
import { StatusBadge } from "~/features/back-office/list-table";
import { eventStart } from "~/features/events/event-content";
import { placesByEvent } from "~/features/events/events.server";
import { eventDateLabel, eventTimeLabel } from "~/features/events/event-dates";
import { eventStatusLabel } from "~/features/events/event-status";

export const meta: Route.MetaFunction = () => adminMeta("Events");
export const headers = forwardSessionHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const entries = await ctx.services.content.list("event");
  const places = await placesByEvent(
    ctx.services.database.db,
    entries.map((e) => e.key),
  );
  const now = Date.now();
  const events = entries
    .map((entry) => {
      const event = entry.draft;
      const start = eventStart(event);
      const timing = { startsAt: start.toISOString(), timeZone: event.timeZone };
      const taken = places.get(entry.key) ?? { taken: 0, waiting: 0 };
      const past = start.getTime() <= now;
      const { label, live } = eventStatusLabel(entry.status, past);
      return {
        key: entry.key,
        title: event.title,
        when: `${eventDateLabel(timing)} ${event.startsLocal.slice(0, 4)}, ${eventTimeLabel(timing)} (${event.timeZone})`,
        where: `${event.venue}, ${event.locality}`,
        start: start.getTime(),
        past,
        status: label,
        live,
        unpublishedChanges: entry.live !== null && JSON.stringify(entry.live) !== JSON.stringify(entry.draft),
        capacity: event.capacity,
        ...taken,
      };
    })
    .sort((a, b) => b.start - a.start);
  return data({ events }, { headers: trainer.headers });
}

export default function AdminEvents() {
  const { events } = useLoaderData<typeof loader>();
  const upcoming = events.filter((e) => !e.past).reverse();
  const past = events.filter((e) => e.past);
  return (
    <AdminShell
      title="Events"
      actions={
        <Link to="/admin/events/new" className="font-semibold text-teal-700 underline">
          Create the next event
        </Link>
      }
    >
      <p className="mb-4 max-w-prose text-sm">
        The event page shows the next event that is on the site; when none is planned it shows the last one as over.
        Signups are kept until a month after their event.
      </p>
      <EventList title="Coming up" events={upcoming} empty="No event planned. Create the next one." />
      <EventList title="Past events" events={past} empty="No past events." />
    </AdminShell>
  );
}

function EventList({
  title,
  events,
  empty,
}: {
  title: string;
  events: ReturnType<typeof useLoaderData<typeof loader>>["events"];
  empty: string;
}) {
  const id = `events-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="mb-8">
      <h2 id={id} className="mb-3 text-xl font-semibold text-navy">
        {title}
      </h2>
      {events.length === 0 ? (
        <Notice>{empty}</Notice>
      ) : (
        <ul className="grid gap-3">
          {events.map((e) => (
            <li key={e.key} className="rounded-2xl bg-white p-4 ring-1 ring-navy/10">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Link to={`/admin/events/${e.key}`} className="text-lg font-semibold text-teal-700 underline">
                  {e.title}
                </Link>
                <StatusBadge tone={e.live ? "good" : "off"}>{e.status}</StatusBadge>
              </div>
              <p className="mt-1 text-sm">
                {e.when} · {e.where}
                {e.unpublishedChanges ? " · changes not yet published" : ""}
              </p>
              <p className="mt-1 text-sm">
                <Link to={`/admin/event-signups?event=${encodeURIComponent(e.key)}`} className="underline">
                  {e.taken} of {e.capacity} places taken
                  {e.waiting ? `, ${e.waiting} on the waiting list` : ""}
                </Link>
                {e.taken >= e.capacity ? " · full" : ""}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
