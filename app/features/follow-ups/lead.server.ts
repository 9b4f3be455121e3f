import type { Db } from "~/infra/db.server";
import { cancelPlanned, messagesOfPerson } from "~/features/messages/plan.server";
import { AMSTERDAM } from "~/infra/amsterdam";
import { KIND_PREFIX, type Automation } from "./rules";

/**
 * A lead's follow-ups for her page: what will go out when, with a cancel, and what went out. A
 * lead's are those about the lead (the nudge, a missed call) and those to the lead's address (the
 * call's reminders, keyed by the booking, and the event's).
 */

const SHORT: Record<Automation, string> = {
  "call-24h": "Reminder a day before the call",
  "call-1h": "Reminder an hour before the call",
  "no-show": "Book again after a missed call",
  nudge: "Nudge to book the call",
  "event-confirmation": "Event confirmation",
  "event-reminder": "Event reminder",
  "event-place": "Event: a place came free",
  "event-thanks": "Event thank-you",
  "welcome-articles": "Welcome series: best articles",
  "welcome-coaching": "Welcome series: how the coaching works",
};

const OUTCOME: Record<string, string> = {
  sent: "sent",
  failed: "failed",
  unknown: "may have arrived (the server stopped while handing it over)",
  cancelled: "cancelled",
};

/** "Thu 3 Dec, 10:00", in her time zone. */
const when = (at: Date) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone: AMSTERDAM,
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(at);

const labelOf = (kind: string) => SHORT[kind.slice(KIND_PREFIX.length) as Automation] ?? kind;

export async function leadFollowUps(db: Db, lead: { id: string; email: string | null }) {
  const rows = await messagesOfPerson(db, { about: lead.id, recipient: lead.email, kindPrefix: KIND_PREFIX });
  return {
    planned: rows
      .filter((row) => row.state === "queued" || row.state === "sending")
      .map((row) => ({
        key: row.key,
        label: labelOf(row.kind),
        at: when(row.notBefore),
        sending: row.state === "sending",
      })),
    past: rows
      .filter((row) => row.state in OUTCOME)
      .map((row) => ({
        key: row.key,
        label: labelOf(row.kind),
        at: when(row.sentAt ?? row.updatedAt),
        outcome: OUTCOME[row.state]!,
      })),
  };
}

/** Cancels one of this lead's planned follow-ups; false when it is not theirs or no longer planned. */
export async function cancelLeadFollowUp(
  db: Db,
  lead: { id: string; email: string | null },
  key: string,
  now = new Date(),
): Promise<boolean> {
  const { planned } = await leadFollowUps(db, lead);
  if (!planned.some((row) => row.key === key)) return false;
  return (await cancelPlanned(db, { key }, now, "Cancelled by you on the lead's page.")) > 0;
}
