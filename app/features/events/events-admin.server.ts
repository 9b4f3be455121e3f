import { isContentError, type Actor } from "~/features/content/store.server";
import { event as firstEvent } from "#content/event";
import type { EventInfo } from "~/features/back-office/event-signup-card";
import { eventDateLabel } from "./event-dates";
import type { Db } from "~/infra/db.server";
import { eventKeyFor, eventStart, type EventData, type EventStore } from "./event-content";
import { placesByEvent } from "./events.server";

/**
 * The back office's event form: its fields as the trainer fills them, turned into an event's
 * data, and the refusals put back under the field they concern.
 */
export const EVENT_FIELDS = [
  "title",
  "date",
  "time",
  "timeZone",
  "durationMinutes",
  "venue",
  "streetAddress",
  "locality",
  "region",
  "country",
  "countryCode",
  "priceAmount",
  "currency",
  "capacity",
  "costLabel",
  "equipmentLabel",
  "description",
  "bringList",
  "buttonLabel",
  "thanks",
  "closedTitle",
  "closedText",
] as const;
export type EventField = (typeof EVENT_FIELDS)[number];
export type EventFormValues = Record<EventField, string>;

/** What the form shows for an event (the first event's words fill a new one's fixed texts). */
export function formValuesOf(event: EventData): EventFormValues {
  return {
    title: event.title,
    date: event.startsLocal.slice(0, 10),
    time: event.startsLocal.slice(11, 16),
    timeZone: event.timeZone,
    durationMinutes: String(event.durationMinutes),
    venue: event.venue,
    streetAddress: event.streetAddress,
    locality: event.locality,
    region: event.region,
    country: event.country,
    countryCode: event.countryCode,
    priceAmount: String(event.price.amount),
    currency: event.price.currency,
    capacity: String(event.capacity),
    costLabel: event.costLabel,
    equipmentLabel: event.equipmentLabel,
    description: event.description.join("\n\n"),
    bringList: event.bringList.join("\n"),
    buttonLabel: event.buttonLabel,
    thanks: event.thanks,
    closedTitle: event.closedTitle,
    closedText: event.closedText,
  };
}

export function readEventForm(form: FormData): EventFormValues {
  const values = {} as EventFormValues;
  for (const field of EVENT_FIELDS) {
    const value = form.get(field);
    values[field] = typeof value === "string" ? value.slice(0, 20_000) : "";
  }
  return values;
}

/** A number as typed ("10", "12,50"); anything else stays text so the schema names the problem. */
function numberOf(value: string): number | string | undefined {
  const trimmed = value.trim().replace(",", ".");
  if (trimmed === "") return undefined;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : value;
}

/** The event's data from the form; the picture stays the one the event had. */
export function eventDataOf(values: EventFormValues, image: EventData["image"]): unknown {
  const date = values.date.trim();
  const time = values.time.trim();
  return {
    title: values.title,
    startsLocal: date && time ? `${date}T${time.slice(0, 5)}` : "",
    timeZone: values.timeZone.trim(),
    durationMinutes: numberOf(values.durationMinutes),
    venue: values.venue,
    streetAddress: values.streetAddress,
    locality: values.locality,
    region: values.region,
    country: values.country,
    countryCode: values.countryCode,
    price: { amount: numberOf(values.priceAmount), currency: values.currency },
    capacity: numberOf(values.capacity),
    costLabel: values.costLabel,
    equipmentLabel: values.equipmentLabel,
    description: values.description
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean),
    bringList: values.bringList
      .split("\n")
      .map((l) => l.trim())
      .filter(Boolean),
    buttonLabel: values.buttonLabel,
    thanks: values.thanks,
    closedTitle: values.closedTitle,
    closedText: values.closedText,
    image,
  };
}

export { isContentError };

/** A schema path (price.amount, startsLocal) → the form field it belongs under. */
function fieldOf(path: string, values: EventFormValues): EventField | undefined {
  if (path === "startsLocal") return values.date.trim() ? "time" : "date";
  if (path === "price.amount") return "priceAmount";
  if (path === "price.currency") return "currency";
  const head = path.split(".")[0] ?? "";
  return (EVENT_FIELDS as readonly string[]).includes(head) ? (head as EventField) : undefined;
}

export type EventSaveResult =
  | { ok: true; key: string; version: number }
  | { ok: false; message: string; errors: Partial<Record<EventField, string>> };

/** The picture and fixed texts a brand-new event starts from. */
export function newEventTemplate(): EventData {
  return { ...firstEvent, title: "", startsLocal: "", venue: "" };
}

/**
 * Saves the form as the event's draft (a new event when `key` is undefined), and publishes it
 * when asked. A new event must lie in the future at its venue; a past one can still be corrected.
 */
export async function saveEvent(
  content: EventStore,
  key: string | undefined,
  values: EventFormValues,
  actor: Actor,
  options: { publish: boolean; now?: Date },
): Promise<EventSaveResult> {
  const existing = key ? await content.get("event", key) : undefined;
  if (key && !existing) return { ok: false, message: "This event no longer exists.", errors: {} };
  const image = existing ? (existing.live ?? existing.draft).image : firstEvent.image;
  const candidate = eventDataOf(values, image);
  let data: EventData;
  try {
    data = content.validate("event", candidate);
  } catch (error) {
    if (!isContentError(error)) throw error;
    const errors: Partial<Record<EventField, string>> = {};
    for (const issue of error.issues) {
      const field = fieldOf(issue.path, values);
      if (field) errors[field] ??= issue.message;
    }
    const count = Object.keys(errors).length;
    return {
      ok: false,
      message: count
        ? `Not saved: ${count === 1 ? "one field needs" : `${count} fields need`} a change (marked below).`
        : error.message,
      errors,
    };
  }
  const now = options.now ?? new Date();
  if (!existing && eventStart(data) <= now)
    return {
      ok: false,
      message: "Not saved: a new event must start in the future.",
      errors: { date: `That moment has already passed in ${data.timeZone}. Choose a later date or time.` },
    };
  let entryKey = key ?? eventKeyFor(data);
  if (!key) {
    // Two events on the same day at the same venue: the second gets -2, and so on.
    for (let n = 2; await content.get("event", entryKey); n++) entryKey = `${eventKeyFor(data)}-${n}`;
  }
  const version = await content.saveDraft("event", entryKey, data, actor);
  if (options.publish) await content.publish("event", entryKey, actor);
  return { ok: true, key: entryKey, version };
}

/** Every event, newest first, with its date as the list shows it and its places taken and waiting. */
export async function eventsWithPlaces(db: Db, content: Pick<EventStore, "list">): Promise<EventInfo[]> {
  const entries = await content.list("event");
  const places = await placesByEvent(
    db,
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
