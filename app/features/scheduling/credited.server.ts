import { sql, type SQL } from "drizzle-orm";
import { creditedLeadIds, type TouchCondition } from "~/features/leads/credited.server";
import { FORM_NAMES } from "~/features/leads/vocabulary";

/** How many calls are booked by the intake leads the condition credits (a scalar subquery for a report). */
export function creditedBookedCalls(credited: TouchCondition): SQL {
  return sql`(select count(*) from bookings b
        where b.status = 'booked' and b.lead_id in (${creditedLeadIds(FORM_NAMES.intake, credited)}))`;
}

/** Whether the lead with this id has a call booked now (for another owner's statement). */
export function hasLiveBooking(leadId: SQL): SQL {
  return sql`exists (select 1 from bookings b where b.lead_id = ${leadId} and b.status = 'booked')`;
}
