import { data, Form, Link, useActionData, useLoaderData, useNavigation } from "react-router";
import { compactInputClass } from "~/ui/field";
import { Button } from "~/ui/button";
import type { Route } from "./+types/admin-event-signups";
import { requireServices } from "~/context";
import { assertSameOrigin, audit, forwardSessionHeaders, requireTrainer } from "~/features/back-office/guard.server";
import { listEventSignups } from "~/features/back-office/data.server";
import { pageSchema } from "~/features/back-office/filters";
import { AdminShell, adminMeta, formatDateTime, Notice, Pagination, SubmitButton } from "~/features/back-office/ui";
import { bySubject, consentsOf } from "~/features/back-office/consent.server";
import { ConsentCell } from "~/features/back-office/consent-list";
import { CsvLink, StatusBadge } from "~/features/back-office/list-table";
import { eventSignupLinks } from "~/features/back-office/contact";
import { eventStart } from "~/features/events/event-content";
import { cancelSignup, CANCELLED, deleteSignup, moveUpSignup, placesByEvent } from "~/features/events/events.server";
import { eventDateLabel } from "~/features/leads/event-dates";

export const meta: Route.MetaFunction = () => adminMeta("Event signups");
export const headers = forwardSessionHeaders;

const SIGNUP_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface EventInfo {
  key: string;
  title: string;
  /** "Sunday May 18", at the venue. */
  date: string;
  /** YYYY-MM-DD, for sorting and the list's labels. */
  day: string;
  past: boolean;
  capacity: number;
  taken: number;
  waiting: number;
}

async function eventsWithPlaces(ctx: ReturnType<typeof requireServices>): Promise<EventInfo[]> {
  const entries = await ctx.services.content.list("event");
  const places = await placesByEvent(
    ctx.services.database.db,
    entries.map((e) => e.key),
  );
  const now = Date.now();
  return entries
    .map((entry) => {
      const event = entry.draft;
      const start = eventStart(event);
      return {
        key: entry.key,
        title: event.title,
        date: eventDateLabel({ startsAt: start.toISOString(), timeZone: event.timeZone }),
        day: event.startsLocal.slice(0, 10),
        past: start.getTime() <= now,
        capacity: event.capacity,
        ...(places.get(entry.key) ?? { taken: 0, waiting: 0 }),
      };
    })
    .sort((a, b) => b.day.localeCompare(a.day));
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = await requireTrainer(request, ctx);
  const url = new URL(request.url);
  const page = pageSchema.parse(url.searchParams.get("page") ?? 1);
  const db = ctx.services.database.db;
  const events = await eventsWithPlaces(ctx);
  const event = events.find((e) => e.key === url.searchParams.get("event")) ?? null;
  const list = await listEventSignups(db, page, event?.key);
  const consents = bySubject(await consentsOf(db, { signupIds: list.rows.map((r) => r.id) }));
  const byKey = new Map(events.map((e) => [e.key, e]));
  return data(
    {
      events,
      event,
      list: {
        ...list,
        rows: list.rows.map((r) => {
          const of = byKey.get(r.eventKey ?? "");
          return {
            id: r.id,
            name: r.name,
            phone: r.phone,
            eventKey: r.eventKey,
            createdAt: r.createdAt.toISOString(),
            cancelled: r.status === CANCELLED,
            waitlisted: r.waitlisted,
            // She can move someone up while the event is still to come and a place is free.
            canMoveUp: r.waitlisted && r.status !== CANCELLED && !!of && !of.past && of.taken < of.capacity,
            links: eventSignupLinks(r, of ?? null),
            consents: consents.get(r.id) ?? [],
          };
        }),
      },
    },
    { headers: trainer.headers },
  );
}

type ActionResult = { ok: boolean; message: string; tell?: { name: string; whatsapp: string | null } };

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServices(context);
  assertSameOrigin(request, ctx.services.env.SITE_URL);
  const trainer = await requireTrainer(request, ctx);
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const intent = form.get("intent");
  const db = ctx.services.database.db;
  if (!SIGNUP_ID.test(id) || (intent !== "cancel" && intent !== "move-up" && intent !== "delete"))
    return data<ActionResult>({ ok: false, message: "Unknown signup or action." }, { status: 400 });
  const result =
    intent === "cancel"
      ? await cancelSignup(db, id)
      : intent === "delete"
        ? await deleteSignup(db, id)
        : await moveUpSignup(db, id);
  if (!result.ok) return data<ActionResult>({ ok: false, message: result.message }, { status: 409 });
  const name = result.signup.name ?? "(no name)";
  if (intent === "delete") {
    // Logged without the person's name or number.
    await audit(db, { action: "data.erase", userId: trainer.user.id, ip: ctx.clientIp, detail: { eventSignups: 1 } });
    return data<ActionResult>(
      { ok: true, message: `${name}'s signup and its consent record are deleted.` },
      { headers: trainer.headers },
    );
  }
  if (intent === "cancel")
    return data<ActionResult>(
      { ok: true, message: `${name}'s signup is cancelled; the place is free again.` },
      { headers: trainer.headers },
    );
  const event = (await eventsWithPlaces(ctx)).find((e) => e.key === result.signup.eventKey) ?? null;
  return data<ActionResult>(
    {
      ok: true,
      message: `${name} has a place now.`,
      tell: { name, whatsapp: eventSignupLinks(result.signup, event, true).whatsapp },
    },
    { headers: trainer.headers },
  );
}

function Places({ event }: { event: EventInfo }) {
  const free = Math.max(0, event.capacity - event.taken);
  return (
    <p className="mb-4 rounded-2xl bg-white p-4 ring-1 ring-navy/10" data-testid="event-places">
      <span className="font-semibold">{event.title}</span>, {event.date}
      {event.past ? (
        <>
          {" "}
          <StatusBadge tone="off">Past</StatusBadge>
        </>
      ) : null}
      <br />
      {event.taken} of {event.capacity} places taken · {event.waiting} on the waiting list
      {!event.past && free > 0 ? ` · ${free} ${free === 1 ? "place" : "places"} free` : ""}
    </p>
  );
}

type Row = ReturnType<typeof useLoaderData<typeof loader>>["list"]["rows"][number];

function SignupCard({ row, eventLabel }: { row: Row; eventLabel: string | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === row.id;
  const name = row.name ?? "(no name)";
  const headingId = `signup-${row.id}`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className={`h-full rounded-2xl p-4 ring-1 ring-navy/10 ${row.cancelled ? "bg-slate-100 text-ink/75" : "bg-white"}`}
      >
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
          <h3 id={headingId} className="break-words text-base font-semibold text-navy">
            {name}
          </h3>
          {row.cancelled ? (
            <StatusBadge tone="off">Cancelled</StatusBadge>
          ) : row.waitlisted ? (
            <StatusBadge tone="wait">Waiting list</StatusBadge>
          ) : (
            <StatusBadge tone="good">Place</StatusBadge>
          )}
        </div>
        <p className="text-sm text-ink/80">
          {eventLabel ? `${eventLabel} · ` : ""}signed up{" "}
          <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
        </p>
        <p className="mt-1 text-sm">
          {row.links.call ? (
            <a
              href={row.links.call}
              aria-label={`Call ${name} on ${row.phone}`}
              className="inline-flex min-h-11 items-center text-teal-700 underline"
            >
              {row.phone}
            </a>
          ) : (
            (row.phone ?? "No phone number")
          )}
        </p>
        {row.links.whatsapp && !row.cancelled ? (
          <a
            href={row.links.whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`WhatsApp ${name}`}
            className="mt-1 flex min-h-11 w-full items-center justify-center rounded-full bg-emerald-700 px-3 text-sm font-semibold text-white hover:bg-emerald-800 sm:w-auto sm:justify-self-start"
          >
            WhatsApp
          </a>
        ) : null}
        <div className="mt-2 flex flex-wrap gap-x-1 text-sm">
          <span className="font-medium">Consent:</span>
          <ConsentCell records={row.consents} />
        </div>
        {!row.cancelled ? (
          <div className="mt-3 flex flex-wrap items-start gap-2">
            {row.canMoveUp ? (
              <Form method="post">
                <input type="hidden" name="id" value={row.id} />
                <Button type="submit" name="intent" value="move-up" size="sm" disabled={busy}>
                  Move up to a place
                </Button>
              </Form>
            ) : null}
            {/* A cancellation is asked twice: the first tap only opens the question. */}
            <details className="group w-full">
              <summary className="inline-flex min-h-11 cursor-pointer list-none items-center rounded-full border border-red-700/40 px-4 text-sm font-semibold text-red-800 hover:bg-red-50 [&::-webkit-details-marker]:hidden">
                Cancel…
              </summary>
              <Form method="post" className="mt-2 rounded-lg bg-red-50 p-3">
                <p className="mb-2">
                  Cancel {name}&apos;s {row.waitlisted ? "spot on the waiting list" : "place"}? It is freed for someone
                  else; this cannot be undone here.
                </p>
                <input type="hidden" name="id" value={row.id} />
                <SubmitButton name="intent" value="cancel" variant="danger" busyText="Cancelling…">
                  Yes, cancel {name}
                </SubmitButton>
              </Form>
            </details>
          </div>
        ) : null}
        {/* Someone asks to be removed: everything about this signup goes (data requests find it by phone too). */}
        <details className="group mt-2 w-full">
          <summary className="inline-flex min-h-11 cursor-pointer list-none items-center rounded-full px-4 text-sm font-semibold text-red-800 underline hover:bg-red-50 [&::-webkit-details-marker]:hidden">
            Delete…
          </summary>
          <Form method="post" className="mt-2 rounded-lg bg-red-50 p-3">
            <p className="mb-2">
              Delete {name}&apos;s signup, with the name, the number and the record of their consent? Use this when
              someone asks to be removed. This cannot be undone.
            </p>
            <input type="hidden" name="id" value={row.id} />
            <SubmitButton name="intent" value="delete" variant="danger" busyText="Deleting…">
              Yes, delete {name}
            </SubmitButton>
          </Form>
        </details>
      </article>
    </li>
  );
}

export default function AdminEventSignups() {
  const { list, events, event } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const titleOf = new Map(events.map((e) => [e.key, `${e.title} (${e.day}${e.past ? ", past" : ""})`]));
  const query = event ? `event=${encodeURIComponent(event.key)}&` : "";
  return (
    <AdminShell title="Event signups" actions={<CsvLink list="event-signups" />}>
      {result ? (
        <Notice tone={result.ok ? "success" : "error"}>
          {result.message}
          {result.tell?.whatsapp ? (
            <>
              {" "}
              <a
                href={result.tell.whatsapp}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex min-h-11 items-center font-semibold underline"
              >
                Tell {result.tell.name} on WhatsApp
              </a>
            </>
          ) : null}
        </Notice>
      ) : null}
      <Form method="get" className="mb-4 flex flex-wrap items-end gap-3">
        <div className="min-w-0 max-w-full">
          <label htmlFor="signups-event" className="block font-medium text-ink">
            Event
          </label>
          <select
            id="signups-event"
            name="event"
            defaultValue={event?.key ?? ""}
            className={`${compactInputClass} max-w-full text-base`}
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
      {event ? <Places event={event} /> : null}
      <section aria-labelledby="signups-heading">
        <h2 id="signups-heading" className="sr-only">
          {event ? `Signups for ${titleOf.get(event.key)}` : "Signups for every event, newest first"}
        </h2>
        {list.rows.length === 0 ? (
          <p className="rounded-2xl bg-white p-6 ring-1 ring-navy/10">
            {event ? "No signups for this event yet." : "No event signups yet."}
          </p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {list.rows.map((r) => (
              <SignupCard
                key={r.id}
                row={r}
                eventLabel={event ? null : (titleOf.get(r.eventKey ?? "") ?? r.eventKey)}
              />
            ))}
          </ul>
        )}
      </section>
      {!event ? (
        <p className="mt-4 text-sm">
          Pick an event above to see its places and waiting list, or open{" "}
          <Link to="/admin/events" className="underline">
            Events
          </Link>
          .
        </p>
      ) : null}
      <Pagination
        page={list.page}
        pageCount={list.pageCount}
        total={list.total}
        href={(p) => `/admin/event-signups?${query}page=${p}`}
      />
    </AdminShell>
  );
}
