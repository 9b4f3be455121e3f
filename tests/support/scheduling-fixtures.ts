import { createHmac } from "node:crypto";

/**
 * Web hook bodies in the shapes Calendly (v2 webhook subscriptions) and Cal.com send,
 * trimmed to the fields the site reads plus a few it ignores, as the services add more.
 */
export function calendlyInvitee(
  event: "invitee.created" | "invitee.canceled",
  input: { uri: string; email?: string; name?: string; utmContent?: string; startsAt?: Date },
) {
  const start = input.startsAt ?? new Date(Date.now() + 3 * 86_400_000);
  return {
    event,
    created_at: new Date().toISOString(),
    created_by: "https://api.calendly.com/users/AAAAAAAAAAAAAAAA",
    payload: {
      uri: `https://api.calendly.com/scheduled_events/EV1/invitees/${input.uri}`,
      email: input.email ?? "invitee@example.com",
      name: input.name ?? "Anna Test",
      status: event === "invitee.created" ? "active" : "canceled",
      timezone: "Europe/Amsterdam",
      rescheduled: false,
      scheduled_event: {
        uri: "https://api.calendly.com/scheduled_events/EV1",
        name: "Free intake call",
        start_time: start.toISOString(),
        end_time: new Date(start.getTime() + 30 * 60_000).toISOString(),
        status: event === "invitee.created" ? "active" : "canceled",
      },
      tracking: {
        utm_campaign: null,
        utm_source: "website",
        utm_medium: null,
        utm_content: input.utmContent ?? null,
        utm_term: null,
        salesforce_uuid: null,
      },
      ...(event === "invitee.canceled"
        ? { cancellation: { canceled_by: "Anna Test", reason: "Something came up", canceler_type: "invitee" } }
        : {}),
    },
  };
}

export function calcomBooking(
  triggerEvent: "BOOKING_CREATED" | "BOOKING_CANCELLED",
  input: { uid: string; email?: string; name?: string; utmContent?: string; createdAt?: Date; startsAt?: Date },
) {
  const start = input.startsAt ?? new Date(Date.now() + 3 * 86_400_000);
  return {
    triggerEvent,
    createdAt: (input.createdAt ?? new Date()).toISOString(),
    payload: {
      type: "free-intake",
      title: "Free intake call",
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 30 * 60_000).toISOString(),
      uid: input.uid,
      bookingId: 4242,
      status: triggerEvent === "BOOKING_CREATED" ? "ACCEPTED" : "CANCELLED",
      organizer: { name: "Mila Jansen", email: "hello@milajansen.coach", timeZone: "Europe/Amsterdam" },
      attendees: [
        { name: input.name ?? "Anna Test", email: input.email ?? "invitee@example.com", timeZone: "Europe/Amsterdam" },
      ],
      metadata: input.utmContent ? { utm_content: input.utmContent } : {},
      responses: { name: { label: "Your name", value: input.name ?? "Anna Test" } },
    },
  };
}

const hmacHex = (secret: string, text: string) => createHmac("sha256", secret).update(text, "utf8").digest("hex");

/** Signs a delivery the way Calendly does: `t=<unix seconds>,v1=<HMAC-SHA256 of "t.body">`. */
export function signCalendly(body: string, secret: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${hmacHex(secret, `${t}.${body}`)}`;
}

/** Signs a delivery the way Cal.com does: the HMAC-SHA256 of the body. */
export function signCalcom(body: string, secret: string): string {
  return hmacHex(secret, body);
}
