import { randomUUID } from "node:crypto";
import type { Env } from "~/infra/env.server";
import { currentEvent, placesOf, type Places, type PublishedEvent } from "./events.server";
import { guardForm, idempotencyKeyFor } from "~/infra/form-guard.server";
import { ELAPSED_FIELD } from "~/infra/form-fields";
import { elapsedOf } from "~/features/leads/held.server";
import { eventDateLabel, eventState, eventTimeLabel, type EventState, type EventTiming } from "./event-dates";
import {
  closedMessage,
  NO_EVENT_MESSAGE,
  EVENT_MESSAGES,
  eventSignupSchema,
  isEventField,
  type EventField,
  type EventOutcome,
} from "./event-schema";
import { leadIdFor, storeLead, type EventLead, type LeadDeps } from "~/features/leads/signups.server";
import { holdForReview, leadDeps, submissionFacts, type LeadContext } from "~/features/leads/submission.server";
import type { EventStore } from "./event-content";

/** A lead's context, with the published events to sign up for. */
type EventSignupContext = LeadContext & { services: { content: Pick<EventStore, "listLive"> } };

export interface EventResponse {
  outcome: EventOutcome;
  status: number;
  headers?: Record<string, string>;
}

export interface EventSchedule {
  event: PublishedEvent;
  timing: EventTiming;
  state: EventState;
  dateLabel: string;
  timeLabel: string;
}

/** The timing, labels and open or closed state of a published event at `now`. */
export function scheduleOf(event: PublishedEvent, now = new Date()): EventSchedule {
  const timing = { startsAt: event.start.toISOString(), timeZone: event.data.timeZone };
  return {
    event,
    timing,
    state: eventState(timing, now),
    dateLabel: eventDateLabel(timing),
    timeLabel: eventTimeLabel(timing),
  };
}

/**
 * The event visitors see now (the next one, else the last one; EVENT_STARTS_AT moves its start
 * for staging) with its schedule, or undefined when no event has ever been published.
 */
export async function eventSchedule(
  services: { env: Pick<Env, "EVENT_STARTS_AT">; content: Pick<EventStore, "listLive"> },
  now = new Date(),
): Promise<EventSchedule | undefined> {
  const event = await currentEvent(services.content, { now, startsAt: services.env.EVENT_STARTS_AT });
  return event ? scheduleOf(event, now) : undefined;
}

/** The page's view of the current event: its schedule and its places (full when all are taken). */
export async function eventPage(
  services: Parameters<typeof eventSchedule>[0] & { database: { db: LeadDeps["db"] } },
  now = new Date(),
): Promise<(EventSchedule & { places: Places; full: boolean }) | undefined> {
  const schedule = await eventSchedule(services, now);
  if (!schedule) return undefined;
  const { key } = schedule.event;
  const read = lastPlaces.get(services.database) ?? new Map<string, Places>();
  lastPlaces.set(services.database, read);
  const places = await placesOf(services.database.db, key).then(
    (counted) => {
      read.set(key, counted);
      return counted;
    },
    // The database is away: the count this instance read last (none: the form stays open, and a
    // signup waits in the outbox, which puts it on the waiting list if the event filled up).
    () => read.get(key) ?? { taken: 0, waiting: 0 },
  );
  return { ...schedule, places, full: places.taken >= schedule.event.data.capacity };
}

/**
 * The places of each event as last read from a database, for the event page while it is away (per
 * database, like `lastKnown` per content store: a test process serves several sites).
 */
const lastPlaces = new WeakMap<object, Map<string, Places>>();

/** The last event each content store answered with, for a signup that arrives while the database is away. */
const lastKnown = new WeakMap<object, PublishedEvent>();

/**
 * The current event for a signup. When the database cannot be read, the event this instance last
 * read stands in (or none): the signup is still taken into the outbox and nothing is lost.
 */
async function scheduleForSignup(
  services: EventSignupContext["services"],
): Promise<EventSchedule | undefined | "unknown"> {
  try {
    const schedule = await eventSchedule(services);
    if (schedule) lastKnown.set(services.content, schedule.event);
    return schedule;
  } catch (error) {
    services.logger.warn({ err: error }, "reading the current event failed; taking the signup anyway");
    const known = lastKnown.get(services.content);
    return known ? scheduleOf(known) : "unknown";
  }
}

export async function handleEventSignup(request: Request, ctx: EventSignupContext): Promise<EventResponse> {
  const { services } = ctx;
  const found = await scheduleForSignup(services);
  if (!found) return { outcome: { status: "closed", message: NO_EVENT_MESSAGE }, status: 410 };
  const schedule = found === "unknown" ? undefined : found;
  // A page opened before the start, sent after it: refuse before reading anything, store nothing.
  if (schedule?.state.status === "passed")
    return { outcome: { status: "closed", message: closedMessage(schedule.dateLabel) }, status: 410 };
  const guard = await guardForm(request, ctx, { form: "event", accept: ["json", "form"], holdTooFast: true });
  if (!guard.ok) {
    if (guard.problem === "rate-limited")
      return { outcome: { status: "rate-limited", message: guard.message }, status: 429, headers: guard.headers };
    if (guard.problem === "bad-body")
      return { outcome: { status: "bad-request", message: "Please send the form again." }, status: 400 };
    // A filled honeypot: bots get an ordinary success so they learn nothing; nothing is stored.
    return { outcome: { status: "ok", leadId: randomUUID() }, status: 200 };
  }
  const { body } = guard;
  const raw: Record<string, unknown> =
    body.type === "json"
      ? body.value && typeof body.value === "object"
        ? (body.value as Record<string, unknown>)
        : {}
      : Object.fromEntries([...body.value.entries()].filter(([, v]) => typeof v === "string"));
  const str = (v: unknown) => (typeof v === "string" ? v : "");

  const parsed = eventSignupSchema.safeParse({ ...raw, idempotencyKey: str(raw.idempotencyKey) || undefined });
  if (!parsed.success) {
    const errors: Partial<Record<EventField, string>> = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (isEventField(field)) errors[field] ??= issue.message;
    }
    // Only the page's own hidden fields (key, source) are wrong: nothing the visitor can fix under a field.
    if (Object.keys(errors).length === 0)
      return { outcome: { status: "bad-request", message: "Please send the form again." }, status: 400 };
    return {
      outcome: {
        status: "invalid",
        errors,
        values: {
          name: str(raw.name).slice(0, 200),
          phone: str(raw.phone).slice(0, 60),
          email: str(raw.email).slice(0, 300),
        },
      },
      status: 400,
    };
  }
  const signup = parsed.data;
  const idempotencyKey = idempotencyKeyFor(signup.idempotencyKey, [signup.name, signup.phone]);
  const lead: EventLead = {
    id: leadIdFor(idempotencyKey),
    idempotencyKey,
    name: signup.name,
    phone: signup.phone,
    ...(signup.email ? { email: signup.email } : {}),
    eventKey: schedule?.event.key,
    ...submissionFacts(request, ctx, "event", signup),
  };
  if (guard.held) {
    // No place is taken until the trainer accepts it; the visitor is told so.
    const kept = await holdForReview(ctx, "event", guard.held, elapsedOf(signup[ELAPSED_FIELD]), lead);
    if (kept.status === "held") return { outcome: { status: "ok", leadId: lead.id, held: true }, status: 202 };
    if (kept.status === "full")
      return {
        outcome: { status: "rate-limited", message: kept.message },
        status: 429,
        headers: { "Retry-After": String(kept.retryAfter) },
      };
    return { outcome: { status: "failed", message: EVENT_MESSAGES.databaseError }, status: 503 };
  }
  const stored = await storeLead(leadDeps(ctx), "event", lead);
  if (stored.status === "failed")
    return { outcome: { status: "failed", message: EVENT_MESSAGES.databaseError }, status: 503 };
  // Queued in the outbox (database away): the place is decided when it is replayed.
  const waitlisted = stored.status === "stored" && stored.waitlisted;
  return { outcome: { status: "ok", leadId: stored.leadId, ...(waitlisted ? { waitlisted } : {}) }, status: 200 };
}
