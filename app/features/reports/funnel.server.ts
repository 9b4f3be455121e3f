import { sql } from "drizzle-orm";
import type { Db } from "~/infra/db.server";
import { firstTouchSource } from "~/infra/first-touch-sql";
import { weekStarts } from "./data.server";
import { tally, type FunnelPerson, type FunnelRow } from "./funnel";
import { intakeFunnelPeople, intakeLeadWithEmailExists } from "~/features/leads/credited.server";
import { hasLiveBooking } from "~/features/scheduling/credited.server";
import { buyersWithoutLead, hasPaidOrder } from "~/features/checkout/credited.server";
import { issueOfTouch } from "~/features/newsletter/issue-links";
import { issueSubjects } from "~/features/newsletter/issue-attribution.server";

export interface Funnel {
  weeks: FunnelRow[];
  sources: FunnelRow[];
  /** Week × source, for the chart grouped by source. */
  weekSources: (FunnelRow & { week: string; source: string })[];
  /** Per newsletter issue whose link brought the lead (key: the issue's slug), newest activity first. */
  issues: (FunnelRow & { subject: string })[];
  total: FunnelRow;
}

const SOURCE_SQL = firstTouchSource(sql`s.first_touch`);

/**
 * The funnel by the week a lead came in (cohorts), from the database alone: of the leads of
 * each week and each source, how many booked a call and how many became paying clients. A buyer
 * who skipped the questionnaire is a lead from the week of their first paid order. Whether a lead
 * booked a call is decided by countsAsBooked (funnel.ts), over what this query reads per person.
 */
export async function leadFunnel(db: Db, now = new Date(), weeks = 12): Promise<Funnel> {
  const starts = weekStarts(now, weeks);
  const since = new Date(`${starts[0]}T00:00:00Z`).toISOString();
  // People are the intake leads, plus each buyer who never filled in the questionnaire (a paid
  // order with no lead of its own and no intake lead with the same e-mail): they count as a lead
  // of their own from their first order, with that order's first touch, booked no call and are a
  // client. Several orders of one such buyer (same e-mail) count once.
  const result = await db.execute(sql`
    with people as (
      ${intakeFunnelPeople({ liveBooking: hasLiveBooking, client: hasPaidOrder })}
      union all
      (${buyersWithoutLead(intakeLeadWithEmailExists)})
    )
    select to_char(date_trunc('week', s.created_at at time zone 'UTC'), 'YYYY-MM-DD') as week,
      ${SOURCE_SQL} as source, s.first_touch->>'utmSource' as utm_source, s.first_touch->>'utmCampaign' as utm_campaign,
      s.status, s.live_booking, s.trainer_marked_booked, s.client
    from people s
    where s.created_at >= ${since}::timestamptz`);
  type Row = {
    week: string;
    source: string;
    utm_source: string | null;
    utm_campaign: string | null;
    status: string | null;
    live_booking: boolean;
    trainer_marked_booked: boolean;
    client: boolean;
  };
  const people: (FunnelPerson & { issue: string | null })[] = (result as unknown as { rows: Row[] }).rows.map((r) => ({
    week: r.week,
    source: r.source,
    issue: issueOfTouch({ utmSource: r.utm_source ?? undefined, utmCampaign: r.utm_campaign ?? undefined }),
    status: r.status,
    liveBooking: r.live_booking === true,
    trainerMarkedBooked: r.trainer_marked_booked === true,
    client: r.client === true,
  }));
  const groups = new Map<string, FunnelPerson[]>();
  for (const p of people) {
    const key = `${p.week} ${p.source}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  const sourceKeys = [...new Set(people.map((p) => p.source))];
  const issueKeys = [...new Set(people.flatMap((p) => (p.issue ? [p.issue] : [])))];
  const subjects = await issueSubjects(db, issueKeys);
  return {
    weeks: starts.map((week) =>
      tally(
        week,
        people.filter((p) => p.week === week),
      ),
    ),
    sources: sourceKeys
      .map((source) =>
        tally(
          source,
          people.filter((p) => p.source === source),
        ),
      )
      .sort((a, b) => b.leads - a.leads || a.key.localeCompare(b.key)),
    weekSources: [...groups.entries()]
      .map(([key, group]) => ({
        ...tally(key, group),
        week: group[0]?.week ?? "",
        source: group[0]?.source ?? "",
      }))
      .sort((a, b) => a.week.localeCompare(b.week) || b.leads - a.leads),
    issues: issueKeys
      .map((issue) => ({
        ...tally(
          issue,
          people.filter((p) => p.issue === issue),
        ),
        // An issue deleted since (or a hand-made link naming none) is shown by the name its links carried.
        subject: subjects.get(issue) ?? issue,
      }))
      .sort((a, b) => b.leads - a.leads || a.key.localeCompare(b.key)),
    total: tally("total", people),
  };
}
