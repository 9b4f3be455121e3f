import { and, count, eq, inArray } from "drizzle-orm";
import { signups } from "#db/schema";
import type { Db } from "~/infra/db.server";
import type { SiteContentStore } from "~/features/content/kinds.server";
import { FORM_NAMES } from "~/features/leads/vocabulary";
import { eventStart, type EventData } from "./event-content";

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
  content: Pick<SiteContentStore, "listLive">,
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

/** Places taken and waiting-list length per event key. */
export async function placesByEvent(db: Db, keys: string[]): Promise<Map<string, Places>> {
  const result = new Map<string, Places>(keys.map((k) => [k, { taken: 0, waiting: 0 }]));
  if (keys.length === 0) return result;
  const rows = await db
    .select({ key: signups.eventKey, waitlisted: signups.waitlisted, n: count() })
    .from(signups)
    .where(and(eq(signups.formName, FORM_NAMES.event), inArray(signups.eventKey, keys)))
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
export async function eventStarts(content: Pick<SiteContentStore, "list">): Promise<Map<string, Date>> {
  const starts = new Map<string, Date>();
  for (const entry of await content.list("event")) {
    const data = entry.live ?? entry.draft;
    starts.set(entry.key, eventStart(data));
  }
  return starts;
}
