import { and, eq, inArray, sql } from "drizzle-orm";
import { newsletterIssues, newsletterIssueVisits } from "#db/schema";
import type { Db } from "~/infra/db.server";
import { VIA_PARAM } from "~/infra/first-touch";
import { localDateTimeOf } from "~/infra/zoned-time";
import { ISSUE_SOURCE } from "./issue-links";

/**
 * Visits an issue brought (docs/decisions/078-what-an-issue-brought.md): a page opened from one of
 * its links (its address names the issue, issue-links.ts) adds one to the issue's counter of the
 * day. The page's own script then adds `via` to the address (infra/first-touch.ts), so a reload or
 * the next page within the visit is not counted again. No address, identifier or time of day is kept.
 */

/** The issue slug a page request arrives with from an issue's link, or null (also for a page within the visit). */
export function arrivalFromIssue(request: Request): string | null {
  if (request.method !== "GET") return null;
  const params = new URL(request.url).searchParams;
  if (params.get("utm_source") !== ISSUE_SOURCE || params.has(VIA_PARAM)) return null;
  const slug = params.get("utm_campaign");
  return slug && slug.length <= 200 ? slug : null;
}

/** Adds one arrival to the issue's counter of the day; an address naming no issue that went out counts nothing. */
export async function countIssueArrival(db: Db, slug: string, now = new Date()): Promise<void> {
  const day = localDateTimeOf(now, "Europe/Amsterdam").slice(0, 10);
  await db
    .insert(newsletterIssueVisits)
    .select(
      db
        .select({
          issueId: newsletterIssues.id,
          day: sql<string>`${day}::date`.as("day"),
          count: sql<number>`1`.as("count"),
        })
        .from(newsletterIssues)
        .where(and(eq(newsletterIssues.slug, slug), inArray(newsletterIssues.status, ["sending", "sent"]))),
    )
    .onConflictDoUpdate({
      target: [newsletterIssueVisits.issueId, newsletterIssueVisits.day],
      set: { count: sql`${newsletterIssueVisits.count} + 1` },
    });
}

/** All arrivals from an issue's links so far. */
export async function issueVisits(db: Db, issueId: string): Promise<number> {
  const [row] = await db
    .select({ visits: sql<number>`coalesce(sum(${newsletterIssueVisits.count}), 0)::int` })
    .from(newsletterIssueVisits)
    .where(eq(newsletterIssueVisits.issueId, issueId));
  return Number(row?.visits ?? 0);
}

/** The subject of each issue of `slugs` that exists, by slug (for reports that group by issue). */
export async function issueSubjects(db: Db, slugs: readonly string[]): Promise<Map<string, string>> {
  if (slugs.length === 0) return new Map();
  const rows = await db
    .select({ slug: newsletterIssues.slug, subject: newsletterIssues.subject })
    .from(newsletterIssues)
    .where(inArray(newsletterIssues.slug, [...slugs]));
  return new Map(rows.map((r) => [r.slug, r.subject]));
}
