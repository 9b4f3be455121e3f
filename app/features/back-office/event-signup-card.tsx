import { Form, useNavigation } from "react-router";
import { Button } from "~/ui/button";
import { ConsentCell } from "./consent-list";
import type { ConsentView } from "./consent.server";
import { StatusBadge } from "./list-table";
import { ConfirmStep, formatDateTime } from "./ui";

/** The event signups page's pieces: an event's places, and one signup's card with its buttons. */

export interface EventInfo {
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

export function EventPlaces({ event }: { event: EventInfo }) {
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

/** One signup as the list shows it. */
export interface SignupRow {
  id: string;
  name: string | null;
  phone: string | null;
  /** Optional on the form: the event's e-mails go to it (docs/decisions/079). */
  email: string | null;
  /** ISO time. */
  createdAt: string;
  cancelled: boolean;
  waitlisted: boolean;
  /** On the waiting list of an event still to come with a place free. */
  canMoveUp: boolean;
  links: { whatsapp: string | null; call: string | null };
  consents: ConsentView[];
}

export function SignupCard({ row, eventLabel }: { row: SignupRow; eventLabel: string | null }) {
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
        {row.email ? (
          <p className="text-sm">
            <a
              href={`mailto:${row.email}`}
              aria-label={`E-mail ${name} at ${row.email}`}
              className="inline-flex min-h-11 items-center break-all text-teal-700 underline"
            >
              {row.email}
            </a>
          </p>
        ) : null}
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
            <ConfirmStep
              label="Cancel…"
              id={row.id}
              intent="cancel"
              confirm={`Yes, cancel ${name}`}
              busyText="Cancelling…"
            >
              Cancel {name}&apos;s {row.waitlisted ? "spot on the waiting list" : "place"}? It is freed for someone
              else; this cannot be undone here.
            </ConfirmStep>
          </div>
        ) : null}
        {/* Someone asks to be removed: everything about this signup goes (data requests find it by phone too). */}
        <ConfirmStep
          label="Delete…"
          look="link"
          className="mt-2"
          id={row.id}
          intent="delete"
          confirm={`Yes, delete ${name}`}
          busyText="Deleting…"
        >
          Delete {name}&apos;s signup, with the name, the number and the record of their consent? Use this when someone
          asks to be removed. This cannot be undone.
        </ConfirmStep>
      </article>
    </li>
  );
}
