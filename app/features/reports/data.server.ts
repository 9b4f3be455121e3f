import { and, count, desc, eq, gte, inArray, lt, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { newsletterSubscribers, orders, payments, signups, type OrderCode, type OrderDiscount } from "#db/schema";
import type { Db } from "~/infra/db.server";
import { amsterdamMonthStart } from "~/infra/amsterdam";
import { COUNT_CAP, PAGE_SIZE, prefixPattern, type LeadFilters } from "~/features/back-office/filters";
import { FORM_NAMES } from "~/features/leads/vocabulary";
import { recordTrainerUpdate } from "~/features/leads/lifecycle.server";
import { afterStatusChange, type FollowUps } from "~/features/follow-ups/follow-ups.server";
import type { LeadStatus } from "~/features/back-office/labels";

export interface Page<T> {
  rows: T[];
  total: number;
  /** True when there are more than COUNT_CAP matches and `total` stops there. */
  totalCapped?: boolean;
  page: number;
  pageCount: number;
}

function leadConditions(filters: Omit<LeadFilters, "page">): SQL {
  const conditions: SQL[] = [eq(signups.formName, FORM_NAMES.intake)];
  if (filters.from) conditions.push(gte(signups.createdAt, new Date(`${filters.from}T00:00:00Z`)));
  if (filters.to) conditions.push(lt(signups.createdAt, new Date(Date.parse(`${filters.to}T00:00:00Z`) + 86_400_000)));
  if (filters.goal)
    conditions.push(sql`coalesce(${signups.answers}->>'q1', ${signups.answers}->>'1') = ${filters.goal}`);
  if (filters.status) conditions.push(eq(signups.status, filters.status));
  if (filters.q) {
    // Prefix matches, each on its own text_pattern_ops index (migration 0002), so a search
    // stays fast with 100,000 leads; '%anna%' would read every row.
    const prefix = prefixPattern(filters.q.toLowerCase());
    const search = or(
      sql`lower(${signups.email}) like ${prefix}`,
      sql`lower(${signups.firstName}) like ${prefix}`,
      sql`lower(${signups.lastName}) like ${prefix}`,
      sql`lower(coalesce(${signups.firstName}, '') || ' ' || coalesce(${signups.lastName}, '')) like ${prefix}`,
    );
    if (search) conditions.push(search);
  }
  return and(...conditions) ?? sql`true`;
}

const leadColumns = {
  id: signups.id,
  createdAt: signups.createdAt,
  firstName: signups.firstName,
  lastName: signups.lastName,
  email: signups.email,
  phone: signups.phone,
  sourceUrl: signups.sourceUrl,
  answers: signups.answers,
  message: signups.message,
  status: signups.status,
  note: signups.note,
  firstTouch: signups.firstTouch,
};
export type LeadRow = { [K in keyof typeof leadColumns]: (typeof signups.$inferSelect)[K extends "id" ? "id" : K] };

function paged<T>(rows: T[], total: number, page: number): Page<T> {
  return { rows, total, page, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
}

/** Newest first, one page at a time; the count and the page are separate indexed queries. */
export async function listLeads(db: Db, filters: LeadFilters): Promise<Page<LeadRow>> {
  const where = leadConditions(filters);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(leadColumns)
      .from(signups)
      .where(where)
      .orderBy(desc(signups.createdAt), desc(signups.id))
      .limit(PAGE_SIZE)
      .offset((filters.page - 1) * PAGE_SIZE),
    // Counting stops at the cap: an exact count of 100,000 rows costs more than the page itself.
    db.select({ n: count() }).from(
      db
        .select({ one: sql`1` })
        .from(signups)
        .where(where)
        .limit(COUNT_CAP + 1)
        .as("capped"),
    ),
  ]);
  const total = totalRow?.n ?? 0;
  return { ...paged(rows, Math.min(total, COUNT_CAP), filters.page), totalCapped: total > COUNT_CAP };
}

/** All leads matching the filters, in batches, for the CSV download. */
export async function* allLeads(db: Db, filters: Omit<LeadFilters, "page">, batch = 1000): AsyncGenerator<LeadRow[]> {
  const where = leadConditions(filters);
  let cursor: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const keyset: SQL | undefined = cursor
      ? sql`(${signups.createdAt}, ${signups.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`
      : undefined;
    const rows: LeadRow[] = await db
      .select(leadColumns)
      .from(signups)
      .where(keyset ? and(where, keyset) : where)
      .orderBy(desc(signups.createdAt), desc(signups.id))
      .limit(batch);
    if (rows.length === 0) return;
    yield rows;
    const last: LeadRow | undefined = rows[rows.length - 1];
    if (!last || rows.length < batch) return;
    cursor = { createdAt: last.createdAt, id: last.id };
  }
}

/** The trainer's status and note; what changed goes onto the lead's timeline. */
export async function updateLead(
  db: Db,
  input: { id: string; status: LeadStatus; note: string },
  userId: string,
  followUps: FollowUps | null,
): Promise<boolean> {
  const where = and(eq(signups.id, input.id), eq(signups.formName, FORM_NAMES.intake));
  const [before] = await db.select({ status: signups.status, note: signups.note }).from(signups).where(where);
  if (!before) return false;
  const note = input.note === "" ? null : input.note;
  await db.update(signups).set({ status: input.status, note }).where(where);
  await recordTrainerUpdate(db, { leadId: input.id, userId, from: before, to: { status: input.status, note } });
  if (before.status !== input.status) await afterStatusChange(followUps, db, input.id, input.status);
  return true;
}

/**
 * Event signups, newest first; for one event (`eventKey`) in the order she works them: the places
 * first, then the waiting list, each oldest first (the first to wait is the first to move up),
 * cancelled ones last.
 */
export async function listEventSignups(db: Db, page: number, eventKey?: string) {
  const where = eventKey
    ? and(eq(signups.formName, FORM_NAMES.event), eq(signups.eventKey, eventKey))
    : eq(signups.formName, FORM_NAMES.event);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: signups.id,
        createdAt: signups.createdAt,
        name: signups.name,
        phone: signups.phone,
        email: signups.email,
        sourceUrl: signups.sourceUrl,
        eventKey: signups.eventKey,
        waitlisted: signups.waitlisted,
        status: signups.status,
      })
      .from(signups)
      .where(where)
      .orderBy(
        ...(eventKey
          ? [sql`${signups.status} = 'cancelled'`, signups.waitlisted, signups.createdAt, signups.id]
          : [desc(signups.createdAt), desc(signups.id)]),
      )
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(signups).where(where),
  ]);
  return paged(rows, totalRow?.n ?? 0, page);
}

export interface OrderRow {
  id: string;
  createdAt: Date;
  planName: string;
  billingType: string;
  amountCents: number;
  currency: string;
  paymentsMade: number;
  paymentsTotal: number;
  status: string;
  provider: string;
  customerEmail: string | null;
  /** The sale it was bought in; null at the normal price. */
  discount: OrderDiscount | null;
  /** The discount code it was bought with; null without one. */
  code: OrderCode | null;
  payments: { instalment: number; amountCents: number; status: string; createdAt: Date }[];
}

export interface PlanRevenue {
  plan: string;
  thisMonth: number;
  lastMonth: number;
}
export interface Revenue {
  /** The months as the trainer names them, e.g. "November 2026". */
  thisMonth: string;
  lastMonth: string;
  plans: PlanRevenue[];
  total: Omit<PlanRevenue, "plan">;
}

const monthName = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "Europe/Amsterdam" });

/**
 * Money received, in cents: the succeeded payments (an instalment plan counts each month's
 * payment in the month it came in), in this calendar month and the one before in Amsterdam, per plan.
 */
export async function revenue(db: Db, now = new Date()): Promise<Revenue> {
  const thisStart = amsterdamMonthStart(now);
  const lastStart = amsterdamMonthStart(now, 1);
  const result = await db.execute(sql`
    select o.plan_name as plan,
      coalesce(sum(p.amount_cents) filter (where p.created_at >= ${thisStart.toISOString()}::timestamptz), 0)::int as this_month,
      coalesce(sum(p.amount_cents) filter (where p.created_at < ${thisStart.toISOString()}::timestamptz), 0)::int as last_month
    from ${payments} p join ${orders} o on o.id = p.order_id
    where p.status = 'succeeded' and p.created_at >= ${lastStart.toISOString()}::timestamptz
    group by 1 order by 2 desc, 3 desc, 1`);
  const plans = (result as unknown as Rows<{ plan: string; this_month: number; last_month: number }>).rows.map((r) => ({
    plan: r.plan,
    thisMonth: Number(r.this_month),
    lastMonth: Number(r.last_month),
  }));
  return {
    thisMonth: monthName.format(thisStart),
    lastMonth: monthName.format(lastStart),
    plans,
    total: {
      thisMonth: plans.reduce((n, p) => n + p.thisMonth, 0),
      lastMonth: plans.reduce((n, p) => n + p.lastMonth, 0),
    },
  };
}

export async function listOrders(db: Db, page: number): Promise<Page<OrderRow>> {
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        id: orders.id,
        createdAt: orders.createdAt,
        planName: orders.planName,
        billingType: orders.billingType,
        amountCents: orders.amountCents,
        currency: orders.currency,
        paymentsMade: orders.paymentsMade,
        paymentsTotal: orders.paymentsTotal,
        status: orders.status,
        provider: orders.provider,
        customerEmail: orders.customerEmail,
        discount: orders.discount,
        code: orders.code,
      })
      .from(orders)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(orders),
  ]);
  const ids = rows.map((r) => r.id);
  const paymentRows = ids.length
    ? await db
        .select({
          orderId: payments.orderId,
          instalment: payments.instalment,
          amountCents: payments.amountCents,
          status: payments.status,
          createdAt: payments.createdAt,
        })
        .from(payments)
        .where(inArray(payments.orderId, ids))
        .orderBy(payments.instalment)
    : [];
  return paged(
    rows.map((r) => ({ ...r, payments: paymentRows.filter((p) => p.orderId === r.id) })),
    totalRow?.n ?? 0,
    page,
  );
}

export interface WeekCount {
  week: string;
  leads: number;
  subscribers: number;
}
export interface PageCount {
  page: string;
  leads: number;
  subscribers: number;
}
/** People per first touch (campaign, else referring site, else direct), and per form page in it. */
export interface SourceCount extends Omit<PageCount, "page"> {
  source: string;
  pages: PageCount[];
}

/**
 * sourceLabel() in SQL, for a first_touch column: the campaign's source, else the referring site
 * without "www.", else "direct"; "(unknown)" when nothing was recorded. A source stored before bidi
 * and zero-width characters were stripped (decision 058) is counted without them.
 */
export const firstTouchSource = (column: SQL | AnyColumn) =>
  sql`coalesce(lower(regexp_replace(${column}->>'utmSource', '[\\u061C\\u200B-\\u200F\\u202A-\\u202E\\u2060\\u2066-\\u2069\\uFEFF]', '', 'g')), regexp_replace(${column}->>'referrer', '^www\\.', ''), case when ${column} is null then '(unknown)' else 'direct' end)`;

/** Monday-based ISO week starts, oldest first, for the last `weeks` weeks including this one. */
export function weekStarts(now: Date, weeks: number): string[] {
  const day = (now.getUTCDay() + 6) % 7;
  const monday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - day);
  return Array.from({ length: weeks }, (_, i) =>
    new Date(monday - (weeks - 1 - i) * 7 * 86_400_000).toISOString().slice(0, 10),
  );
}

/** Turns a stored source (full URL, path or newsletter source) into a page path. */
export function sourcePath(source: string | null): string {
  if (!source) return "(unknown)";
  if (source === "footer" || source === "blog-overview") return source === "footer" ? "footer form" : "/blog";
  if (source === "event") return "/nicaragua";
  try {
    const path = new URL(source, "https://x.invalid").pathname;
    return path === "/" ? "/ (home page)" : path;
  } catch {
    return source;
  }
}

type Rows<T> = { rows: T[] };

export async function weeklyStats(
  db: Db,
  now = new Date(),
  weeks = 12,
): Promise<{ weeks: WeekCount[]; sources: SourceCount[] }> {
  const starts = weekStarts(now, weeks);
  const since = new Date(`${starts[0]}T00:00:00Z`);
  const [leadWeeks, subWeeks, leadSources, subSources] = await Promise.all([
    db.execute(sql`select to_char(date_trunc('week', ${signups.createdAt} at time zone 'UTC'), 'YYYY-MM-DD') as week, count(*)::int as n
      from ${signups} where ${signups.formName} = ${FORM_NAMES.intake} and ${signups.createdAt} >= ${since.toISOString()}::timestamptz group by 1`),
    db.execute(sql`select to_char(date_trunc('week', ${newsletterSubscribers.createdAt} at time zone 'UTC'), 'YYYY-MM-DD') as week, count(*)::int as n
      from ${newsletterSubscribers} where ${newsletterSubscribers.createdAt} >= ${since.toISOString()}::timestamptz group by 1`),
    db.execute(sql`select ${firstTouchSource(signups.firstTouch)} as source, ${signups.sourceUrl} as page, count(*)::int as n
      from ${signups} where ${signups.formName} = ${FORM_NAMES.intake} and ${signups.createdAt} >= ${since.toISOString()}::timestamptz group by 1, 2`),
    db.execute(sql`select ${firstTouchSource(newsletterSubscribers.firstTouch)} as source, ${newsletterSubscribers.source} as page, count(*)::int as n
      from ${newsletterSubscribers} where ${newsletterSubscribers.createdAt} >= ${since.toISOString()}::timestamptz group by 1, 2`),
  ]);
  const byWeek = (result: unknown) =>
    new Map((result as Rows<{ week: string; n: number }>).rows.map((r) => [r.week, Number(r.n)]));
  const lw = byWeek(leadWeeks);
  const sw = byWeek(subWeeks);
  const sources = new Map<string, SourceCount>();
  const add = (result: unknown, key: "leads" | "subscribers") => {
    for (const r of (result as Rows<{ source: string; page: string | null; n: number }>).rows) {
      const entry = sources.get(r.source) ?? { source: r.source, leads: 0, subscribers: 0, pages: [] };
      const path = sourcePath(r.page);
      let page = entry.pages.find((p) => p.page === path);
      if (!page) entry.pages.push((page = { page: path, leads: 0, subscribers: 0 }));
      page[key] += Number(r.n);
      entry[key] += Number(r.n);
      sources.set(r.source, entry);
    }
  };
  const byCount = (a: PageCount | SourceCount, b: PageCount | SourceCount) =>
    b.leads + b.subscribers - (a.leads + a.subscribers);
  add(leadSources, "leads");
  add(subSources, "subscribers");
  return {
    weeks: starts.map((week) => ({ week, leads: lw.get(week) ?? 0, subscribers: sw.get(week) ?? 0 })),
    sources: [...sources.values()]
      .map((source) => ({ ...source, pages: source.pages.sort(byCount) }))
      .sort(byCount)
      .slice(0, 8),
  };
}
