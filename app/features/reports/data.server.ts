import type { SQL } from "drizzle-orm";
import type { OrderCode, OrderDiscount } from "#db/schema";
import type { Db } from "~/infra/db.server";
import {
  eventSignupsPage,
  intakeLeadCounts,
  intakeLeadsAfter,
  intakeLeadsPage,
  intakeLeadWhere,
  setLeadStatusAndNote,
  type LeadRow,
} from "~/features/leads/lead-list.server";
import { ordersPage, revenueByPlan } from "~/features/checkout/order-list.server";
import { subscriberCounts } from "~/features/newsletter/counts.server";
import { amsterdamMonthStart } from "~/infra/amsterdam";
import { COUNT_CAP, PAGE_SIZE, prefixPattern, type LeadFilters } from "~/features/back-office/filters";
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
  return intakeLeadWhere({
    from: filters.from,
    to: filters.to,
    goal: filters.goal,
    status: filters.status,
    prefix: filters.q ? prefixPattern(filters.q.toLowerCase()) : undefined,
  });
}

function paged<T>(rows: T[], total: number, page: number): Page<T> {
  return { rows, total, page, pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)) };
}

/** Newest first, one page at a time; the count and the page are separate indexed queries. */
export async function listLeads(db: Db, filters: LeadFilters): Promise<Page<LeadRow>> {
  const { rows, total } = await intakeLeadsPage(db, leadConditions(filters), {
    size: PAGE_SIZE,
    offset: (filters.page - 1) * PAGE_SIZE,
    countCap: COUNT_CAP,
  });
  return { ...paged(rows, Math.min(total, COUNT_CAP), filters.page), totalCapped: total > COUNT_CAP };
}

/** All leads matching the filters, in batches, for the CSV download. */
export async function* allLeads(db: Db, filters: Omit<LeadFilters, "page">, batch = 1000): AsyncGenerator<LeadRow[]> {
  const where = leadConditions(filters);
  let cursor: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const rows: LeadRow[] = await intakeLeadsAfter(db, where, cursor, batch);
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
  const note = input.note === "" ? null : input.note;
  const before = await setLeadStatusAndNote(db, input.id, { status: input.status, note });
  if (!before) return false;
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
  const { rows, total } = await eventSignupsPage(db, { size: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }, eventKey);
  return paged(rows, total, page);
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
  const rows = await revenueByPlan(db, thisStart, lastStart);
  const plans = rows.map((r) => ({
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
  const { rows, total } = await ordersPage(db, { size: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  return paged(rows, total, page);
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
  const [[leadWeeks, leadSources], [subWeeks, subSources]] = await Promise.all([
    intakeLeadCounts(db, since),
    subscriberCounts(db, since),
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
