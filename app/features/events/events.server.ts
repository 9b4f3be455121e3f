import { and, count, eq, inArray, ne } from "drizzle-orm";
import { afterEventPlace, afterSignupCancelled, type FollowUps } from "~/features/follow-ups/follow-ups.server";
import { contentEntries, signups } from "#db/schema";
import type { Db } from "~/infra/db.server";
import { FORM_NAMES } from "~/features/leads/vocabulary";
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
export const CANCELLED = "cancelled";

/** Places taken and waiting-list length per event key; cancelled signups count for neither. */
export async function placesByEvent(db: Db, keys: string[]): Promise<Map<string, Places>> {
  const result = new Map<string, Places>(keys.map((k) => [k, { taken: 0, waiting: 0 }]));
  if (keys.length === 0) return result;
  const rows = await db
    .select({ key: signups.eventKey, waitlisted: signups.waitlisted, n: count() })
    .from(signups)
    .where(and(eq(signups.formName, FORM_NAMES.event), inArray(signups.eventKey, keys), ne(signups.status, CANCELLED)))
    .groupBy(signups.eventKey, signups.waitlisted);
  for (const row of rows) {
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

export type SignupChange =
  | { ok: true; signup: { id: string; name: string | null; phone: string | null; eventKey: string | null } }
  | { ok: false; message: string };

const signupColumns = { id: signups.id, name: signups.name, phone: signups.phone, eventKey: signups.eventKey };

/**
 * The trainer cancels a signup (the person told her they cannot come): its place, or its spot on
 * the waiting list, is freed at once. The row stays, marked, so the list still shows who it was.
 */
export async function cancelSignup(db: Db, id: string, now = new Date()): Promise<SignupChange> {
  const [signup] = await db
    .update(signups)
    .set({ status: CANCELLED })
    .where(and(eq(signups.id, id), eq(signups.formName, FORM_NAMES.event), ne(signups.status, CANCELLED)))
    .returning(signupColumns);
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
  const [signup] = await db
    .delete(signups)
    .where(and(eq(signups.id, id), eq(signups.formName, FORM_NAMES.event)))
    .returning(signupColumns);
  if (signup) await afterSignupCancelled(db, id, now);
  return signup ? { ok: true, signup } : { ok: false, message: "This signup no longer exists." };
}

/**
 * A name on the waiting list gets a place, when one is free. The event's row is locked first, as
 * a new signup locks it (leads/signups.server.ts), so a visitor signing up at the same moment and
 * this move cannot both take the last place.
 */
export async function moveUpSignup(db: Db, id: string, followUps: FollowUps | null): Promise<SignupChange> {
  const change = await db.transaction(async (tx): Promise<SignupChange> => {
    const where = and(
      eq(signups.id, id),
      eq(signups.formName, FORM_NAMES.event),
      eq(signups.waitlisted, true),
      ne(signups.status, CANCELLED),
    );
    const [waiting] = await tx.select(signupColumns).from(signups).where(where);
    if (!waiting?.eventKey) return { ok: false as const, message: "This name is no longer on the waiting list." };
    const [entry] = await tx
      .select({ published: contentEntries.published, draft: contentEntries.draft })
      .from(contentEntries)
      .where(and(eq(contentEntries.kind, "event"), eq(contentEntries.key, waiting.eventKey)))
      .for("update");
    const data = (entry?.published ?? entry?.draft) as { capacity?: unknown } | null | undefined;
    const capacity = typeof data?.capacity === "number" ? data.capacity : Infinity;
    const [taken] = await tx
      .select({ n: count() })
      .from(signups)
      .where(
        and(
          eq(signups.eventKey, waiting.eventKey),
          eq(signups.formName, FORM_NAMES.event),
          eq(signups.waitlisted, false),
          ne(signups.status, CANCELLED),
        ),
      );
    if ((taken?.n ?? 0) >= capacity)
      return {
        ok: false as const,
        message: "Every place is taken. Cancel a place first, or add places to the event.",
      };
    const [moved] = await tx.update(signups).set({ waitlisted: false }).where(where).returning(signupColumns);
    return moved ? { ok: true as const, signup: moved } : { ok: false as const, message: "Nothing changed." };
  });
  // Told at once (docs/decisions/069), after the place is surely hers.
  if (change.ok) await afterEventPlace(followUps, db, id, "moved-up");
  return change;
}
