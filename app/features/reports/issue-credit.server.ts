import { sql } from "drizzle-orm";
import type { Db } from "~/infra/db.server";
import { FORM_NAMES } from "~/features/leads/vocabulary";
import { ISSUE_SOURCE } from "~/features/newsletter/issue-links";
import { issueVisits } from "~/features/newsletter/issue-attribution.server";
import type { IssueBrought } from "~/features/newsletter/issue-brought";

/**
 * The records credited to an issue: those whose stored source (first_touch) names it, the way a
 * visit from its links is recorded (newsletter/issue-links.ts). Like the funnel, one statement over
 * the tables it reads by name.
 */
export async function whatIssueBrought(db: Db, issue: { id: string; slug: string }): Promise<IssueBrought> {
  const credited = (table: string) =>
    sql`lower(${sql.raw(table)}.first_touch->>'utmSource') = ${ISSUE_SOURCE} and ${sql.raw(table)}.first_touch->>'utmCampaign' = ${issue.slug}`;
  const [visits, result] = await Promise.all([
    issueVisits(db, issue.id),
    db.execute(sql`select
      (select count(*) from signups s where s.form_name = ${FORM_NAMES.intake} and ${credited("s")})::int as questionnaires,
      (select count(*) from bookings b join signups s on s.id = b.lead_id
        where b.status = 'booked' and s.form_name = ${FORM_NAMES.intake} and ${credited("s")})::int as calls_booked,
      (select count(*) from signups s where s.form_name = ${FORM_NAMES.event} and ${credited("s")})::int as event_signups,
      (select count(*) from newsletter_subscribers n where ${credited("n")})::int as newsletter_signups,
      (select count(*) from orders o where o.status in ('paid', 'active', 'completed') and ${credited("o")})::int as paid_orders`),
  ]);
  type Row = {
    questionnaires: number;
    calls_booked: number;
    event_signups: number;
    newsletter_signups: number;
    paid_orders: number;
  };
  const row = (result as unknown as { rows: Row[] }).rows[0];
  return {
    visits,
    questionnaires: Number(row?.questionnaires ?? 0),
    callsBooked: Number(row?.calls_booked ?? 0),
    eventSignups: Number(row?.event_signups ?? 0),
    newsletterSignups: Number(row?.newsletter_signups ?? 0),
    paidOrders: Number(row?.paid_orders ?? 0),
  };
}
