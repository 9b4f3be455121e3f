import "~/infra/zod-config";
import { z } from "zod";
import { withoutControlCharacters, withoutInvisibleFormatting } from "~/infra/control-characters";

/** One booking change, the same for both services. */
export interface BookingChange {
  provider: "calendly" | "cal.com";
  /** Unique per delivery kind: replays of it are recognised (processed_events). */
  eventId: string;
  /** `rescheduled`: Cal.com moved a booking (a new uid); `no-show`: the host marked the invitee absent. */
  kind: "booked" | "cancelled" | "rescheduled" | "no-show";
  /** The provider's id of the booking (Calendly invitee URI, Cal.com booking uid). */
  externalId: string;
  /** For `rescheduled`: the booking it replaces. */
  previousExternalId?: string | null;
  email: string | null;
  name: string | null;
  startsAt: Date | null;
  /** The lead id the site passed as utm_content, if the booking kept it. */
  leadRef: string | null;
  /** When the provider says the change happened (Cal.com signs no timestamp header, so this is its clock). */
  occurredAt: Date | null;
  /** For the follow-ups (docs/decisions/069): the invitee's zone, how the call takes place, her own links. */
  call?: CallDetails;
}

export interface CallDetails {
  timeZone: string | null;
  /** "Video call: https://…", "Phone: +31…", an address; null when the provider says nothing. */
  how: string | null;
  rescheduleUrl: string | null;
  cancelUrl: string | null;
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
      scheduled_event: z
        .object({
          start_time: optionalDate,
          location: z
            .object({ type: text(100).nullish(), location: text(500).nullish(), join_url: text(2000).nullish() })
            .passthrough()
            .nullish(),
        })
        .passthrough()
        .nullish(),
      tracking,
      timezone: text(64).nullish(),
      reschedule_url: text(2000).nullish(),
      cancel_url: text(2000).nullish(),
      /** invitee_no_show.created: the invitee the no-show is about. */
      invitee: text(500).nullish(),
    })
    .passthrough(),
});

/** Cal.com web hook (BOOKING_CREATED / BOOKING_CANCELLED). */
const calcomSchema = z.object({
  triggerEvent: z.string(),
  createdAt: optionalDate,
  payload: z
    .object({
      uid: text(200).nullish(),
      startTime: optionalDate,
      attendees: z
        .array(
          z
            .object({
              email: text(320).nullish(),
              name: text(300).nullish(),
              timeZone: text(64).nullish(),
              noShow: z.boolean().nullish(),
            })
            .passthrough(),
        )
        .nullish(),
      location: text(2000).nullish(),
      rescheduleUid: text(200).nullish(),
      /** BOOKING_NO_SHOW_UPDATED names the booking this way. */
      bookingUid: text(200).nullish(),
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
  const kinds: Record<string, BookingChange["kind"]> = {
    "invitee.created": "booked",
    "invitee.canceled": "cancelled",
    "invitee_no_show.created": "no-show",
  };
  const kind = kinds[event];
  if (!kind) return { status: "ignored", type: event.slice(0, 60) };
  const where = payload.scheduled_event?.location;
  return {
    status: "change",
    change: {
      provider: "calendly",
      eventId: `calendly:${event}:${payload.uri}`,
      kind,
      // A no-show's own URI names the mark; the invitee it is about is the booking.
      externalId: kind === "no-show" ? (payload.invitee ?? payload.uri) : payload.uri,
      email: payload.email ?? null,
      name: payload.name ?? null,
      startsAt: dateOrNull(payload.scheduled_event?.start_time),
      leadRef: payload.tracking?.utm_content ?? null,
      occurredAt: dateOrNull(created_at),
      call: {
        timeZone: payload.timezone ?? null,
        how: howOf(where?.join_url ?? where?.location ?? null),
        rescheduleUrl: payload.reschedule_url ?? null,
        cancelUrl: payload.cancel_url ?? null,
      },
    },
  };
}

/** How the call takes place, in words for the reminder: a link is a video call; a provider's own code says nothing. */
function howOf(where: string | null | undefined): string | null {
  if (!where || where.startsWith("integrations:")) return null;
  return /^https:\/\//.test(where) ? `Video call: ${where}` : `Where: ${where}`;
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
  const kinds: Record<string, BookingChange["kind"]> = {
    BOOKING_CREATED: "booked",
    BOOKING_CANCELLED: "cancelled",
    BOOKING_RESCHEDULED: "rescheduled",
    BOOKING_NO_SHOW_UPDATED: "no-show",
  };
  const kind = kinds[triggerEvent];
  if (!kind) return { status: "ignored", type: triggerEvent.slice(0, 60) };
  const attendee = payload.attendees?.[0];
  const uid = payload.uid ?? payload.bookingUid;
  if (!uid) return { status: "invalid" };
  // A no-show update also reports attendees who did come (noShow false): only a marked one counts.
  if (kind === "no-show" && !payload.attendees?.some((a) => a.noShow === true))
    return { status: "ignored", type: triggerEvent };
  const videoCallUrl = payload.metadata?.videoCallUrl;
  return {
    status: "change",
    change: {
      provider: "cal.com",
      eventId: `cal.com:${triggerEvent}:${uid}`,
      kind,
      externalId: uid,
      previousExternalId: kind === "rescheduled" ? (payload.rescheduleUid ?? null) : null,
      email: attendee?.email ?? null,
      name: attendee?.name ?? null,
      startsAt: dateOrNull(payload.startTime),
      leadRef: calcomLeadRef(payload),
      occurredAt: dateOrNull(createdAt),
      call: {
        timeZone: attendee?.timeZone ?? null,
        how: howOf(typeof videoCallUrl === "string" ? videoCallUrl : payload.location),
        // Cal.com sends no links for the invitee: these are the pages its own e-mails link to.
        rescheduleUrl: `https://app.cal.com/reschedule/${encodeURIComponent(uid)}`,
        cancelUrl: `https://app.cal.com/booking/${encodeURIComponent(uid)}?cancel=true`,
      },
    },
  };
}
