import "~/infra/zod-config";
import { z } from "zod";
import { withoutControlCharacters, withoutInvisibleFormatting } from "~/infra/control-characters";

/** One booking change, the same for both services. */
export interface BookingChange {
  provider: "calendly" | "cal.com";
  /** Unique per delivery kind: replays of it are recognised (processed_events). */
  eventId: string;
  kind: "booked" | "cancelled";
  /** The provider's id of the booking (Calendly invitee URI, Cal.com booking uid). */
  externalId: string;
  email: string | null;
  name: string | null;
  startsAt: Date | null;
  /** The lead id the site passed as utm_content, if the booking kept it. */
  leadRef: string | null;
  /** When the provider says the change happened (Cal.com signs no timestamp header, so this is its clock). */
  occurredAt: Date | null;
}

/**
 * Text from the provider, stored as sent less any control character: a NUL (which PostgreSQL
 * refuses) in an invitee's name must not make the delivery fail until the provider gives up. The
 * name is the visitor's typing: bidi and zero-width characters go too, as from the site's forms.
 */
const text = (max: number) =>
  z
    .string()
    .max(max)
    .transform((v) => withoutInvisibleFormatting(withoutControlCharacters(v), { keepJoiners: true }));
const optionalDate = z.iso.datetime({ offset: true }).nullish();
const tracking = z
  .object({ utm_content: text(200).nullish(), utmContent: text(200).nullish() })
  .passthrough()
  .nullish();

/** Calendly v2 web hook (invitee.created / invitee.canceled); other events are acknowledged and ignored. */
const calendlySchema = z.object({
  event: z.string(),
  created_at: optionalDate,
  payload: z
    .object({
      uri: text(500),
      email: text(320).nullish(),
      name: text(300).nullish(),
      scheduled_event: z.object({ start_time: optionalDate }).passthrough().nullish(),
      tracking,
    })
    .passthrough(),
});

/** Cal.com web hook (BOOKING_CREATED / BOOKING_CANCELLED). */
const calcomSchema = z.object({
  triggerEvent: z.string(),
  createdAt: optionalDate,
  payload: z
    .object({
      uid: text(200),
      startTime: optionalDate,
      attendees: z.array(z.object({ email: text(320).nullish(), name: text(300).nullish() }).passthrough()).nullish(),
      metadata: z.record(z.string(), z.unknown()).nullish(),
      tracking,
      responses: z.record(z.string(), z.unknown()).nullish(),
    })
    .passthrough(),
});

const dateOrNull = (v: string | null | undefined) => (v ? new Date(v) : null);

export type Parsed =
  { status: "change"; change: BookingChange } | { status: "ignored"; type: string } | { status: "invalid" };

export function parseCalendly(json: unknown): Parsed {
  const result = calendlySchema.safeParse(json);
  if (!result.success) return { status: "invalid" };
  const { event, payload, created_at } = result.data;
  const kind = event === "invitee.created" ? "booked" : event === "invitee.canceled" ? "cancelled" : null;
  if (!kind) return { status: "ignored", type: event.slice(0, 60) };
  return {
    status: "change",
    change: {
      provider: "calendly",
      eventId: `calendly:${event}:${payload.uri}`,
      kind,
      externalId: payload.uri,
      email: payload.email ?? null,
      name: payload.name ?? null,
      startsAt: dateOrNull(payload.scheduled_event?.start_time),
      leadRef: payload.tracking?.utm_content ?? null,
      occurredAt: dateOrNull(created_at),
    },
  };
}

/** Where a Cal.com booking may carry the lead id: its metadata, tracking, or a booking-form field. */
function calcomLeadRef(payload: z.infer<typeof calcomSchema>["payload"]): string | null {
  const fromResponses = payload.responses?.utm_content;
  const candidates = [
    payload.metadata?.utm_content,
    payload.tracking?.utm_content,
    payload.tracking?.utmContent,
    fromResponses && typeof fromResponses === "object" ? (fromResponses as { value?: unknown }).value : fromResponses,
  ];
  const found = candidates.find((c): c is string => typeof c === "string" && c.length > 0 && c.length <= 200);
  return found ?? null;
}

export function parseCalcom(json: unknown): Parsed {
  const result = calcomSchema.safeParse(json);
  if (!result.success) return { status: "invalid" };
  const { triggerEvent, payload, createdAt } = result.data;
  const kind =
    triggerEvent === "BOOKING_CREATED" ? "booked" : triggerEvent === "BOOKING_CANCELLED" ? "cancelled" : null;
  if (!kind) return { status: "ignored", type: triggerEvent.slice(0, 60) };
  const attendee = payload.attendees?.[0];
  return {
    status: "change",
    change: {
      provider: "cal.com",
      eventId: `cal.com:${triggerEvent}:${payload.uid}`,
      kind,
      externalId: payload.uid,
      email: attendee?.email ?? null,
      name: attendee?.name ?? null,
      startsAt: dateOrNull(payload.startTime),
      leadRef: calcomLeadRef(payload),
      occurredAt: dateOrNull(createdAt),
    },
  };
}
