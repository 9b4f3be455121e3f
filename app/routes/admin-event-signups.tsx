import { data, Form, Link, useActionData, useLoaderData } from "react-router";
import { compactInputClass } from "~/ui/field";
import { Button } from "~/ui/button";
import type { Route } from "./+types/admin-event-signups";
import { requireServices } from "~/context";
import { audit, forwardSessionHeaders, trainerOf } from "~/features/auth/guard.server";
import { listEventSignups } from "~/features/reports/data.server";
import { pageSchema } from "~/features/back-office/filters";
import { AdminShell, adminMeta, Notice, Pagination } from "~/features/back-office/ui";
import { bySubject, consentsOf } from "~/features/back-office/consent.server";
import { CsvLink } from "~/features/back-office/list-table";
import { eventSignupLinks } from "~/features/leads/contact";
import { EventPlaces, SignupCard } from "~/features/back-office/event-signup-card";
import { eventsWithPlaces } from "~/features/events/events-admin.server";
import { cancelSignup, CANCELLED, deleteSignup, moveUpSignup } from "~/features/events/events.server";

export const meta: Route.MetaFunction = () => adminMeta("Event signups");
export const headers = forwardSessionHeaders;

const SIGNUP_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const url = new URL(request.url);
  const page = pageSchema.parse(url.searchParams.get("page") ?? 1);
  const db = ctx.services.database.db;
  const events = await eventsWithPlaces(db, ctx.services.content);
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
            email: r.email,
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
  const trainer = trainerOf(context);
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
        : await moveUpSignup(db, id, ctx.services.followUps);
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
  const event =
    (await eventsWithPlaces(db, ctx.services.content)).find((e) => e.key === result.signup.eventKey) ?? null;
  return data<ActionResult>(
    {
      ok: true,
      message: `${name} has a place now.`,
      tell: { name, whatsapp: eventSignupLinks(result.signup, event, true).whatsapp },
    },
    { headers: trainer.headers },
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
      {event ? <EventPlaces event={event} /> : null}
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
