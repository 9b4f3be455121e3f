import { and, count, desc, eq, gte, lt, or, sql, type SQL } from "drizzle-orm";
import { signups } from "#db/schema";
import type { Db } from "~/infra/db.server";
import { firstTouchSource } from "~/infra/first-touch-sql";
import { FORM_NAMES } from "./vocabulary";

/**
 * The back office's lists of leads and event signups and the dashboard's counts of them, as the
 * reports (reports/data.server.ts) page, filter and chart them.
 */

export interface LeadWhere {
  from?: string;
  to?: string;
  goal?: string;
  status?: string;
  /** A LIKE prefix pattern, already escaped and in lower case. */
  prefix?: string;
}

export function intakeLeadWhere(filters: LeadWhere): SQL {
  const conditions: SQL[] = [eq(signups.formName, FORM_NAMES.intake)];
  if (filters.from) conditions.push(gte(signups.createdAt, new Date(`${filters.from}T00:00:00Z`)));
  if (filters.to) conditions.push(lt(signups.createdAt, new Date(Date.parse(`${filters.to}T00:00:00Z`) + 86_400_000)));
  if (filters.goal)
    conditions.push(sql`coalesce(${signups.answers}->>'q1', ${signups.answers}->>'1') = ${filters.goal}`);
  if (filters.status) conditions.push(eq(signups.status, filters.status));
  if (filters.prefix) {
    // Prefix matches, each on its own text_pattern_ops index (migration 0002), so a search
    // stays fast with 100,000 leads; '%anna%' would read every row.
    const prefix = filters.prefix;
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

/** One page, newest first, and the count of matches stopped at `countCap + 1`: separate indexed queries. */
export async function intakeLeadsPage(
  db: Db,
  where: SQL,
  page: { size: number; offset: number; countCap: number },
): Promise<{ rows: LeadRow[]; total: number }> {
  const [rows, [totalRow]] = await Promise.all([
    db
      .select(leadColumns)
      .from(signups)
      .where(where)
      .orderBy(desc(signups.createdAt), desc(signups.id))
      .limit(page.size)
      .offset(page.offset),
    // Counting stops at the cap: an exact count of 100,000 rows costs more than the page itself.
    db.select({ n: count() }).from(
      db
        .select({ one: sql`1` })
        .from(signups)
        .where(where)
        .limit(page.countCap + 1)
        .as("capped"),
    ),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

/** The batch after `cursor` (newest first), for a download that reads every match. */
export async function intakeLeadsAfter(
  db: Db,
  where: SQL,
  cursor: { createdAt: Date; id: string } | null,
  batch: number,
): Promise<LeadRow[]> {
  const keyset: SQL | undefined = cursor
    ? sql`(${signups.createdAt}, ${signups.id}) < (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`
    : undefined;
  return db
    .select(leadColumns)
    .from(signups)
    .where(keyset ? and(where, keyset) : where)
    .orderBy(desc(signups.createdAt), desc(signups.id))
    .limit(batch);
}

/** Sets an intake lead's status and note; what they were before, or undefined for no such lead. */
export async function setLeadStatusAndNote(
  db: Db,
  id: string,
  to: { status: string; note: string | null },
): Promise<{ status: string; note: string | null } | undefined> {
  const where = and(eq(signups.id, id), eq(signups.formName, FORM_NAMES.intake));
  const [before] = await db.select({ status: signups.status, note: signups.note }).from(signups).where(where);
  if (!before) return undefined;
  await db.update(signups).set(to).where(where);
  return before;
}

/**
 * Event signups, newest first; for one event (`eventKey`) in the order she works them: the places
 * first, then the waiting list, each oldest first (the first to wait is the first to move up),
 * cancelled ones last.
 */
export async function eventSignupsPage(db: Db, page: { size: number; offset: number }, eventKey?: string) {
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
      .limit(page.size)
      .offset(page.offset),
    db.select({ n: count() }).from(signups).where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

/** Intake leads since `since` per ISO week start ("YYYY-MM-DD"), and per first-touch source and page. */
export async function intakeLeadCounts(db: Db, since: Date) {
  return Promise.all([
    db.execute(sql`select to_char(date_trunc('week', ${signups.createdAt} at time zone 'UTC'), 'YYYY-MM-DD') as week, count(*)::int as n
      from ${signups} where ${signups.formName} = ${FORM_NAMES.intake} and ${signups.createdAt} >= ${since.toISOString()}::timestamptz group by 1`),
    db.execute(sql`select ${firstTouchSource(signups.firstTouch)} as source, ${signups.sourceUrl} as page, count(*)::int as n
      from ${signups} where ${signups.formName} = ${FORM_NAMES.intake} and ${signups.createdAt} >= ${since.toISOString()}::timestamptz group by 1, 2`),
  ]);
}
