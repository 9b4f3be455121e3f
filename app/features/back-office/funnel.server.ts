import { sql } from "drizzle-orm";
import type { Db } from "~/infra/db.server";
import { firstTouchSource, weekStarts } from "./data.server";
import type { FunnelRow } from "./funnel";
import { FORM_NAMES } from "~/features/leads/vocabulary";

export interface Funnel {
  weeks: FunnelRow[];
  sources: FunnelRow[];
  /** Week × source, for the chart grouped by source. */
  weekSources: (FunnelRow & { week: string; source: string })[];
  total: FunnelRow;
}

const SOURCE_SQL = firstTouchSource(sql`s.first_touch`);

/**
 * The funnel by the week a lead came in (cohorts), from the database alone: of the leads of
 * each week and each source, how many booked a call and how many became paying clients. A buyer
 * who skipped the questionnaire is a lead from the week of their first paid order.
 */
export async function leadFunnel(db: Db, now = new Date(), weeks = 12): Promise<Funnel> {
  const starts = weekStarts(now, weeks);
  const since = new Date(`${starts[0]}T00:00:00Z`).toISOString();
  // People are the intake leads, plus each buyer who never filled in the questionnaire (a paid
  // order with no lead of its own and no intake lead with the same e-mail): they count as a lead
  // of their own from their first order, with that order's first touch, booked no call and are a
  // client. Several orders of one such buyer (same e-mail) count once.
  const paid = sql`o.status in ('paid', 'active', 'completed')`;
  const result = await db.execute(sql`
    with people as (
      select s.created_at, s.first_touch,
        exists (select 1 from bookings b where b.lead_id = s.id and b.status = 'booked') as booked,
        exists (select 1 from orders o where o.lead_id = s.id and ${paid}) as client
      from signups s
      where s.form_name = ${FORM_NAMES.intake}
      union all
      (select distinct on (coalesce(lower(o.customer_email), o.id::text)) o.created_at, o.first_touch, false, true
      from orders o
      where ${paid} and o.lead_id is null and not exists (
        select 1 from signups l where l.form_name = ${FORM_NAMES.intake} and lower(l.email) = lower(o.customer_email))
      order by coalesce(lower(o.customer_email), o.id::text), o.created_at)
    )
    select to_char(date_trunc('week', s.created_at at time zone 'UTC'), 'YYYY-MM-DD') as week,
      ${SOURCE_SQL} as source,
      count(*)::int as leads,
      (count(*) filter (where s.booked))::int as booked,
      (count(*) filter (where s.client))::int as clients
    from people s
    where s.created_at >= ${since}::timestamptz
    group by 1, 2`);
  const rows = (
    result as unknown as { rows: { week: string; source: string; leads: number; booked: number; clients: number }[] }
  ).rows.map((r) => ({ ...r, leads: Number(r.leads), booked: Number(r.booked), clients: Number(r.clients) }));
  const sum = (key: string, list: typeof rows): FunnelRow => ({
    key,
    leads: list.reduce((n, r) => n + r.leads, 0),
    booked: list.reduce((n, r) => n + r.booked, 0),
    clients: list.reduce((n, r) => n + r.clients, 0),
  });
  const sourceKeys = [...new Set(rows.map((r) => r.source))];
  return {
    weeks: starts.map((week) =>
      sum(
        week,
        rows.filter((r) => r.week === week),
      ),
    ),
    sources: sourceKeys
      .map((source) =>
        sum(
          source,
          rows.filter((r) => r.source === source),
        ),
      )
      .sort((a, b) => b.leads - a.leads || a.key.localeCompare(b.key)),
    weekSources: rows
      .map((r) => ({
        key: `${r.week} ${r.source}`,
        week: r.week,
        source: r.source,
        leads: r.leads,
        booked: r.booked,
        clients: r.clients,
      }))
      .sort((a, b) => a.week.localeCompare(b.week) || b.leads - a.leads),
    total: sum("total", rows),
  };
}
