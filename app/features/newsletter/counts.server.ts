import { sql } from "drizzle-orm";
import { newsletterSubscribers } from "#db/schema";
import type { Db } from "~/infra/db.server";
import { firstTouchSource } from "~/infra/first-touch-sql";

/** Sign-ups since `since` per ISO week start ("YYYY-MM-DD"), and per first-touch source and form (the dashboard's). */
export async function subscriberCounts(db: Db, since: Date) {
  return Promise.all([
    db.execute(sql`select to_char(date_trunc('week', ${newsletterSubscribers.createdAt} at time zone 'UTC'), 'YYYY-MM-DD') as week, count(*)::int as n
      from ${newsletterSubscribers} where ${newsletterSubscribers.createdAt} >= ${since.toISOString()}::timestamptz group by 1`),
    db.execute(sql`select ${firstTouchSource(newsletterSubscribers.firstTouch)} as source, ${newsletterSubscribers.source} as page, count(*)::int as n
      from ${newsletterSubscribers} where ${newsletterSubscribers.createdAt} >= ${since.toISOString()}::timestamptz group by 1, 2`),
  ]);
}
