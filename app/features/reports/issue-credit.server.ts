import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~/infra/db.server";
import { FORM_NAMES } from "~/features/leads/vocabulary";
import { creditedSignups } from "~/features/leads/credited.server";
import { creditedBookedCalls } from "~/features/scheduling/credited.server";
import { creditedPaidOrders } from "~/features/checkout/credited.server";
import { creditedSubscribers } from "~/features/newsletter/credited.server";
import { ISSUE_SOURCE } from "~/features/newsletter/issue-links";
import { issueVisits } from "~/features/newsletter/issue-attribution.server";
import type { IssueBrought } from "~/features/newsletter/issue-brought";

/**
 * The records credited to an issue: those whose stored source (first_touch) names it, the way a
 * visit from its links is recorded (newsletter/issue-links.ts). One statement, each count a
 * subquery its table's owner writes.
 */
export async function whatIssueBrought(db: Db, issue: { id: string; slug: string }): Promise<IssueBrought> {
  const credited = (firstTouch: SQL) =>
    sql`lower(${firstTouch}->>'utmSource') = ${ISSUE_SOURCE} and ${firstTouch}->>'utmCampaign' = ${issue.slug}`;
  const [visits, result] = await Promise.all([
    issueVisits(db, issue.id),
    db.execute(sql`select
      ${creditedSignups(FORM_NAMES.intake, credited)}::int as questionnaires,
      ${creditedBookedCalls(credited)}::int as calls_booked,
      ${creditedSignups(FORM_NAMES.event, credited)}::int as event_signups,
      ${creditedSubscribers(credited)}::int as newsletter_signups,
      ${creditedPaidOrders(credited)}::int as paid_orders`),
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
