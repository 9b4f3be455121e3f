/**
 * When the event is and whether it can still be joined. Pure, so the page, the signup
 * endpoint and the tests all take "now" from their caller and agree on the answer.
 */
export interface EventTiming {
  /** ISO date-time with offset, e.g. 2025-05-18T17:30:00-06:00. */
  startsAt: string;
  /** IANA zone of the venue, e.g. America/Managua: labels and day counts use the venue's calendar. */
  timeZone: string;
}

export type EventState = { status: "upcoming"; daysLeft: number } | { status: "passed" };

/** "Sunday May 18", in the venue's zone. */
export function eventDateLabel({ startsAt, timeZone }: EventTiming): string {
  const parts = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", timeZone })
    .formatToParts(new Date(startsAt))
    .reduce<Record<string, string>>((all, p) => ({ ...all, [p.type]: p.value }), {});
  return `${parts.weekday} ${parts.month} ${parts.day}`;
}

/** "5:30 PM", in the venue's zone. */
export function eventTimeLabel({ startsAt, timeZone }: EventTiming): string {
  return new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", hour12: true, timeZone }).format(
    new Date(startsAt),
  );
}

/** The calendar day (YYYY-MM-DD) of an instant in a zone. */
function localDay(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone }).format(
    instant,
  );
}

/**
 * Sign-ups close when the event starts. Days left count calendar days at the venue,
 * so the evening before says "1 day" and the day itself says "today" (0).
 */
export function eventState(timing: EventTiming, now: Date): EventState {
  const start = new Date(timing.startsAt);
  if (now.getTime() >= start.getTime()) return { status: "passed" };
  const days = (Date.parse(localDay(start, timing.timeZone)) - Date.parse(localDay(now, timing.timeZone))) / 86_400_000;
  return { status: "upcoming", daysLeft: Math.max(0, Math.round(days)) };
}

export function daysLeftLabel(daysLeft: number): string {
  if (daysLeft === 0) return "Today";
  return daysLeft === 1 ? "1 day left" : `${daysLeft} days left`;
}
