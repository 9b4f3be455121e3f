import "~/infra/zod-config";
import { z } from "zod";
import type { ContentStore } from "~/features/content/store.server";
import { instantOf, isTimeZone, LOCAL_DATE_TIME } from "~/infra/zoned-time";

/**
 * One event as the trainer keeps it in the back office (content kind "event", one entry per
 * event). The start is the venue's wall-clock time plus the venue's zone; the instant follows
 * from the zone's own rules, so a summer and a winter event both start when the clock says.
 */
const text = (what: string, max = 200) =>
  z
    .string({ error: `Fill in ${what}.` })
    .trim()
    .min(1, `Fill in ${what}.`)
    .max(max, `Keep ${what} under ${max} characters.`);

export const eventImageSchema = z.object({
  src: z.string().min(1),
  alt: z.string().trim().min(1, "Describe the picture for people who cannot see it."),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});

export const eventSchema = z
  .object({
    title: text("the event's name", 120),
    /** Wall-clock start at the venue, "YYYY-MM-DDTHH:mm". */
    startsLocal: z.string().regex(LOCAL_DATE_TIME, "Choose the date and the start time."),
    /** The venue's IANA time zone, e.g. America/Managua. */
    timeZone: z.string().refine(isTimeZone, "Choose the venue's time zone from the list."),
    durationMinutes: z
      .number({ error: "Give the length in minutes, e.g. 60." })
      .int("Give the length in whole minutes.")
      .min(15, "An event lasts at least 15 minutes.")
      .max(720, "An event lasts at most 12 hours."),
    venue: text("the venue's name", 120),
    /** Street and number, or how to find the spot (a beach access). */
    streetAddress: text("the street address", 200),
    locality: text("the town or city", 120),
    /** Province, department or state. */
    region: text("the region or province", 120),
    country: text("the country", 80),
    countryCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, "Give the two-letter country code, e.g. NI for Nicaragua or NL for the Netherlands."),
    price: z.object({
      amount: z
        .number({ error: "Give the price as a number, e.g. 10 (0 for a free event)." })
        .min(0, "The price cannot be below 0.")
        .max(10_000, "A price above 10,000 looks like a typing error."),
      currency: z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{3}$/, "Give the currency as its three-letter code, e.g. USD or EUR."),
    }),
    capacity: z
      .number({ error: "Give the number of places as a whole number, e.g. 20." })
      .int("Give the number of places as a whole number.")
      .min(1, "An event needs at least 1 place.")
      .max(2_000, "At most 2,000 places."),
    /** How visitors read the price on the page ("10 dollars cash"). */
    costLabel: text("how the price reads on the page", 80),
    equipmentLabel: text("what equipment is there", 80),
    description: z
      .array(z.string().trim().min(1).max(2_000, "Keep each paragraph under 2,000 characters."))
      .min(1, "Describe the event in at least one paragraph.")
      .max(10, "Use at most 10 paragraphs."),
    bringList: z.array(z.string().trim().min(1).max(200, "Keep each item under 200 characters.")).max(15),
    buttonLabel: text("the signup button's label", 40),
    thanks: text("the thank-you message", 300),
    closedTitle: text("the heading shown after the event", 120),
    closedText: text("the text shown after the event", 500),
    image: eventImageSchema,
  })
  .superRefine((event, ctx) => {
    if (!LOCAL_DATE_TIME.test(event.startsLocal) || !isTimeZone(event.timeZone)) return;
    const start = instantOf(event.startsLocal, event.timeZone);
    if (!start.ok)
      ctx.addIssue({
        code: "custom",
        path: ["startsLocal"],
        message:
          start.problem === "skipped"
            ? `That time does not exist in ${event.timeZone} on that day: the clocks jump forward over it. Choose a time an hour later.`
            : "That date does not exist; check the day and month.",
      });
  });

export type EventData = z.output<typeof eventSchema>;

/** The instant an event starts (its data has passed the schema, so the time exists). */
export function eventStart(event: Pick<EventData, "startsLocal" | "timeZone">): Date {
  const start = instantOf(event.startsLocal, event.timeZone);
  if (!start.ok) throw new Error(`event start ${event.startsLocal} does not exist in ${event.timeZone}`);
  return start.instant;
}

/** An event's key: its day and venue, e.g. 2026-05-18-playa-maderas (readable in the back office). */
export function eventKeyFor(event: Pick<EventData, "startsLocal" | "venue">): string {
  const slug = event.venue
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${event.startsLocal.slice(0, 10)}-${slug || "event"}`;
}

/** What the events need of the content store: their own kind (the registry is app/content-kinds.server.ts). */
export type EventStore = ContentStore<{ event: typeof eventSchema }>;
