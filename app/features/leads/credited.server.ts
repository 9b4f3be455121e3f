import { sql, type SQL } from "drizzle-orm";

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
