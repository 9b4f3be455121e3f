import { sql, type SQL } from "drizzle-orm";
import type { TouchCondition } from "~/features/leads/credited.server";

/** How many paid orders the condition credits (a scalar subquery for a report). */
export function creditedPaidOrders(credited: TouchCondition): SQL {
  return sql`(select count(*) from orders o where o.status in ('paid', 'active', 'completed') and ${credited(sql`o.first_touch`)})`;
}
