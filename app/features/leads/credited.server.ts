import { sql, type SQL } from "drizzle-orm";
import { FORM_NAMES } from "./vocabulary";

/**
 * Counts for a report's one statement (reports/issue-credit.server.ts): scalar subqueries over the
 * signups, each narrowed by the report's condition on a row's first touch (`credited`, given the
 * row's first_touch column).
 */
export type TouchCondition = (firstTouch: SQL) => SQL;

/** How many signups of this form the condition credits. */
export function creditedSignups(formName: string, credited: TouchCondition): SQL {
  return sql`(select count(*) from signups s where s.form_name = ${formName} and ${credited(sql`s.first_touch`)})`;
}

/** The ids of the intake leads of this form the condition credits, for another owner's subquery. */
export function creditedLeadIds(formName: string, credited: TouchCondition): SQL {
  return sql`select s.id from signups s where s.form_name = ${formName} and ${credited(sql`s.first_touch`)}`;
}

/**
 * The funnel's people from the questionnaire (reports/funnel.server.ts): every intake lead with its
 * first touch and status, whether the trainer marked it booked, and the two facts other owners
 * answer about its id (a live booking, a paid order), as a select for the report's statement.
 */
export function intakeFunnelPeople(facts: { liveBooking: (leadId: SQL) => SQL; client: (leadId: SQL) => SQL }): SQL {
  return sql`select s.created_at, s.first_touch, s.status,
        ${facts.liveBooking(sql`s.id`)} as live_booking,
        exists (select 1 from lead_events e where e.lead_id = s.id and e.kind = 'status' and e.actor = 'trainer'
          and e.to_status in ('call-booked', 'client')) as trainer_marked_booked,
        ${facts.client(sql`s.id`)} as client
      from signups s
      where s.form_name = ${FORM_NAMES.intake}`;
}

/** Whether an intake lead has the address in `email` (a column of another owner's statement). */
export function intakeLeadWithEmailExists(email: SQL): SQL {
  return sql`exists (
        select 1 from signups l where l.form_name = ${FORM_NAMES.intake} and lower(l.email) = lower(${email}))`;
}
