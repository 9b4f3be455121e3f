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
