import { sql, type SQL } from "drizzle-orm";
import type { TouchCondition } from "~/features/leads/credited.server";

/** How many subscribers the condition credits (a scalar subquery for a report). */
export function creditedSubscribers(credited: TouchCondition): SQL {
  return sql`(select count(*) from newsletter_subscribers n where ${credited(sql`n.first_touch`)})`;
}
