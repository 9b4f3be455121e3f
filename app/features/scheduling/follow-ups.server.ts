import {
  cancelCallReminders,
  cancelNudge,
  moveCallReminders,
  planCallReminders,
  planNoShow,
  type CallBooking,
  type FollowUpDeps,
} from "~/features/follow-ups/follow-ups.server";
import type { BookingChange } from "./payload";

/**
 * What the web hook reported, for the visitor's follow-ups (docs/decisions/069): a booking plans
 * its reminders (and ends the lead's nudge), a cancellation cancels them, a reschedule moves them,
 * a no-show sends the re-book message.
 */
export async function followUpsOnBooking(
  deps: FollowUpDeps,
  change: BookingChange,
  who: { leadId: string | null; email: string | null; name: string | null },
): Promise<void> {
  const booking: CallBooking = {
    provider: change.provider,
    externalId: change.externalId,
    startsAt: change.startsAt,
    ...who,
    timeZone: change.call?.timeZone ?? null,
    how: change.call?.how ?? null,
    rescheduleUrl: change.call?.rescheduleUrl ?? null,
    cancelUrl: change.call?.cancelUrl ?? null,
  };
  if (change.kind === "booked") await planCallReminders(deps, booking);
  else if (change.kind === "cancelled")
    await cancelCallReminders(deps.db, change.provider, change.externalId, deps.now);
  else if (change.kind === "rescheduled") {
    if (who.leadId) await cancelNudge(deps.db, who.leadId, deps.now);
    if (change.previousExternalId) await moveCallReminders(deps, change.previousExternalId, booking);
    else await planCallReminders(deps, booking);
  } else {
    await cancelCallReminders(deps.db, change.provider, change.externalId, deps.now);
    await planNoShow(deps, { ...who, bookingRef: `${change.provider}:${change.externalId}` });
  }
}
