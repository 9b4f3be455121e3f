import { afterEventPlace, afterSignupCancelled, type FollowUps } from "~/features/follow-ups/follow-ups.server";
import type { Db } from "~/infra/db.server";
import {
  CANCELLED,
  deleteEventSignup,
  eventSignupCounts,
  markEventSignupCancelled,
  moveUpEventSignup,
  type SignupChange,
} from "~/features/leads/event-signups.server";
import { eventStart, type EventData, type EventStore } from "./event-content";

/** A published event with its moments worked out from the venue's wall-clock time and zone. */
export interface PublishedEvent {
  key: string;
  data: EventData;
  start: Date;
  end: Date;
  /** When it first went live: sign-ups are open from then (the offer's validFrom). */
  firstPublishedAt: Date;
}

export function withMoments(key: string, data: EventData, firstPublishedAt: Date, startsAt?: string): PublishedEvent {
  const start = startsAt ? new Date(startsAt) : eventStart(data);
  return { key, data, start, end: new Date(start.getTime() + data.durationMinutes * 60_000), firstPublishedAt };
}

/**
 * The event the public page shows: the next one that has not started (the soonest), or, when
 * none is planned, the one that took place last (the page then shows its closed state).
 * `startsAt` (EVENT_STARTS_AT, for staging) moves the chosen event's start.
 */
export async function currentEvent(
  content: Pick<EventStore, "listLive">,
  options: { now?: Date; startsAt?: string } = {},
): Promise<PublishedEvent | undefined> {
  const now = options.now ?? new Date();
  const events = (await content.listLive("event"))
    .map((e) => withMoments(e.key, e.data, e.firstPublishedAt))
    .sort((a, b) => a.start.getTime() - b.start.getTime());
  const chosen = events.find((e) => e.start > now) ?? events.at(-1);
  if (!chosen) return undefined;
  return options.startsAt ? withMoments(chosen.key, chosen.data, chosen.firstPublishedAt, options.startsAt) : chosen;
}

export interface Places {
  /** Signups holding a place. */
  taken: number;
  /** Signups on the waiting list. */
  waiting: number;
}

/** An event signup's status once the trainer cancelled it: it holds no place and waits for none. */
export { CANCELLED, type SignupChange };

/** Places taken and waiting-list length per event key; cancelled signups count for neither. */
export async function placesByEvent(db: Db, keys: string[]): Promise<Map<string, Places>> {
  const result = new Map<string, Places>(keys.map((k) => [k, { taken: 0, waiting: 0 }]));
  if (keys.length === 0) return result;
  for (const row of await eventSignupCounts(db, keys)) {
    const places = result.get(row.key ?? "");
    if (!places) continue;
    if (row.waitlisted) places.waiting += row.n;
    else places.taken += row.n;
  }
  return result;
}

export async function placesOf(db: Db, key: string): Promise<Places> {
  return (await placesByEvent(db, [key])).get(key) ?? { taken: 0, waiting: 0 };
}

/** Every event's start by its key, published or not (retention removes signups a month after). */
export async function eventStarts(content: Pick<EventStore, "list">): Promise<Map<string, Date>> {
  const starts = new Map<string, Date>();
  for (const entry of await content.list("event")) {
    const data = entry.live ?? entry.draft;
    starts.set(entry.key, eventStart(data));
  }
  return starts;
}

/**
 * The trainer cancels a signup (the person told her they cannot come): its place, or its spot on
 * the waiting list, is freed at once. The row stays, marked, so the list still shows who it was.
 */
export async function cancelSignup(db: Db, id: string, now = new Date()): Promise<SignupChange> {
  const signup = await markEventSignupCancelled(db, id);
  if (signup) await afterSignupCancelled(db, id, now);
  return signup
    ? { ok: true, signup }
    : { ok: false, message: "This signup was already cancelled or no longer exists." };
}

/**
 * Erasing one event signup (someone asks to be removed): the row and, with it, its proof of
 * consent (the consent record cascades). Data requests find the same rows by phone number.
 */
export async function deleteSignup(db: Db, id: string, now = new Date()): Promise<SignupChange> {
  const signup = await deleteEventSignup(db, id);
  if (signup) await afterSignupCancelled(db, id, now);
  return signup ? { ok: true, signup } : { ok: false, message: "This signup no longer exists." };
}

/** A name on the waiting list gets a place, when one is free (leads/event-signups.server.ts). */
export async function moveUpSignup(db: Db, id: string, followUps: FollowUps | null): Promise<SignupChange> {
  const change = await moveUpEventSignup(db, id);
  // Told at once (docs/decisions/069), after the place is surely hers.
  if (change.ok) await afterEventPlace(followUps, db, id, "moved-up");
  return change;
}
