import { and, desc, eq, inArray, isNotNull, ne, or, sql, type SQL } from "drizzle-orm";
import { newsletterSubscribers as subs, newsletterSubscriberTags, newsletterTags } from "#db/schema";
import type { Db } from "~/infra/db.server";
import { prefixPattern } from "~/features/back-office/filters";
import { SUBSCRIBER_STATES, type SubscriberFilter, type SubscriberState } from "./subscriber-filters";

/**
 * The subscriber list, its CSV and an issue's audience count people through one condition
 * (subscriberWhere) and one count (countSubscribers), so the three always agree.
 */

const STATE_WHERE: Record<SubscriberState, SQL> = {
  unsubscribed: sql`${subs.status} = 'unsubscribed'`,
  suppressed: sql`${subs.status} <> 'unsubscribed' and ${subs.suppressedAt} is not null`,
  confirmed: sql`${subs.status} = 'confirmed' and ${subs.suppressedAt} is null`,
  pending: sql`${subs.status} = 'pending' and ${subs.suppressedAt} is null`,
};

/** The shown state of a row, in SQL (the same rules as STATE_WHERE). */
const stateSql = sql<SubscriberState>`case
  when ${subs.status} = 'unsubscribed' then 'unsubscribed'
  when ${subs.suppressedAt} is not null then 'suppressed'
  else ${subs.status} end`;

function withoutState(filter: SubscriberFilter): SQL | undefined {
  const q = filter.q?.trim().toLowerCase();
  return and(
    q ? or(sql`${subs.email} like ${prefixPattern(q)}`, sql`lower(${subs.name}) like ${prefixPattern(q)}`) : undefined,
    filter.sources?.length ? inArray(subs.source, filter.sources) : undefined,
    filter.tags?.length
      ? sql`exists (select 1 from ${newsletterSubscriberTags} st where st.subscriber_id = ${subs.id}
          and st.tag_id in (${sql.join(
            filter.tags.map((t) => sql`${t}::uuid`),
            sql`, `,
          )}))`
      : undefined,
  );
}

/** The rows a filter picks; with state "confirmed", the people an issue goes to. */
export function subscriberWhere(filter: SubscriberFilter): SQL | undefined {
  return and(filter.state ? STATE_WHERE[filter.state] : undefined, withoutState(filter));
}

/** An issue's choice of people, as stored on it. */
export interface Audience {
  segmentSources: string[];
  segmentTags: string[];
}

/** No source and no tag ticked: everyone who confirmed. */
export const EVERYONE: Audience = { segmentSources: [], segmentTags: [] };

export interface SubscriberCounts {
  /** Rows the whole filter picks (its state included): what the list pages through. */
  total: number;
  /** The filter without its state, per state: the totals above the list. */
  byState: Record<SubscriberState, number>;
}

/** The one count: the list's totals, the CSV's rows and an issue's audience (byState.confirmed). */
export async function countSubscribers(db: Db, filter: SubscriberFilter): Promise<SubscriberCounts> {
  const [row] = await db
    .select(
      Object.fromEntries(
        SUBSCRIBER_STATES.map((s) => [s, sql<number>`count(*) filter (where ${STATE_WHERE[s]})`.mapWith(Number)]),
      ) as Record<SubscriberState, SQL<number>>,
    )
    .from(subs)
    .where(withoutState(filter));
  const byState = Object.fromEntries(SUBSCRIBER_STATES.map((s) => [s, row?.[s] ?? 0])) as Record<
    SubscriberState,
    number
  >;
  const total = filter.state ? byState[filter.state] : SUBSCRIBER_STATES.reduce((n, s) => n + byState[s], 0);
  return { total, byState };
}

/** Who an issue goes to: any of its signup sources (none: all) and any of its tags (none: no tag needed). */
export function audienceFilter(issue: Audience): SubscriberFilter {
  return {
    state: "confirmed",
    ...(issue.segmentSources.length ? { sources: issue.segmentSources } : {}),
    ...(issue.segmentTags.length ? { tags: issue.segmentTags } : {}),
  };
}

const rowColumns = {
  id: subs.id,
  email: subs.email,
  name: subs.name,
  state: stateSql,
  source: subs.source,
  createdAt: subs.createdAt,
  confirmedAt: subs.confirmedAt,
  unsubscribedAt: subs.unsubscribedAt,
  suppressedAt: subs.suppressedAt,
  suppressedReason: subs.suppressedReason,
  suppressionLiftedAt: subs.suppressionLiftedAt,
  suppressionLiftedReason: subs.suppressionLiftedReason,
  suppressionLiftNote: subs.suppressionLiftNote,
  consentGround: subs.consentGround,
  consentNote: subs.consentNote,
  firstTouch: subs.firstTouch,
  // The outer table named in full: in a one-table select Drizzle writes ${subs.id} as a bare "id",
  // which inside this subquery is the tag's id (every row then showed no tags).
  tags: sql<string[]>`coalesce((select json_agg(t.name order by lower(t.name)) from ${newsletterSubscriberTags} st
    join ${newsletterTags} t on t.id = st.tag_id where st.subscriber_id = ${subs}.id), '[]'::json)`,
};
export type SubscriberRow = Awaited<ReturnType<typeof subscriberRows>>[number];

/**
 * Rows of a filter, newest first, from `offset`. The order is the index newsletter_created_id_idx,
 * so a deep page walks the index, not a sort of every row.
 */
export function subscriberRows(db: Db, filter: SubscriberFilter, limit: number, offset: number) {
  return db
    .select(rowColumns)
    .from(subs)
    .where(subscriberWhere(filter))
    .orderBy(desc(subs.createdAt), desc(subs.id))
    .limit(limit)
    .offset(offset);
}

export const SUBSCRIBER_PAGE_SIZE = 25;

/** One page of the list with the totals of its filter. */
export async function subscriberPage(db: Db, filter: SubscriberFilter, page: number) {
  const counts = await countSubscribers(db, filter);
  const pageCount = Math.max(1, Math.ceil(counts.total / SUBSCRIBER_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  const rows = await subscriberRows(db, filter, SUBSCRIBER_PAGE_SIZE, (current - 1) * SUBSCRIBER_PAGE_SIZE);
  return { rows, counts, page: current, pageCount };
}

/** Every signup source in use, for the list's filter. */
export async function sourcesInUse(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ source: subs.source }).from(subs).orderBy(subs.source);
  return rows.map((r) => r.source);
}

/**
 * Lifts a suppression: the address gets issues again. Her note is required and kept with the
 * reason it lifted (the last lift's; the audit log has each one). False when it was not suppressed.
 */
export async function liftSuppression(db: Db, id: string, note: string, now = new Date()): Promise<boolean> {
  const lifted = await db
    .update(subs)
    .set({
      suppressedAt: null,
      suppressedReason: null,
      suppressionLiftedAt: now,
      suppressionLiftedReason: sql`${subs.suppressedReason}`,
      suppressionLiftNote: note,
      updatedAt: now,
    })
    .where(and(eq(subs.id, id), isNotNull(subs.suppressedAt), ne(subs.status, "unsubscribed")))
    .returning({ id: subs.id });
  return lifted.length > 0;
}
