import { sql, type SQL } from "drizzle-orm";
import type { TouchCondition } from "~/features/leads/credited.server";

/** How many paid orders the condition credits (a scalar subquery for a report). */
export function creditedPaidOrders(credited: TouchCondition): SQL {
  return sql`(select count(*) from orders o where o.status in ('paid', 'active', 'completed') and ${credited(sql`o.first_touch`)})`;
}

const PAID = sql`o.status in ('paid', 'active', 'completed')`;

/** Whether the lead with this id has a paid order (for another owner's statement). */
export function hasPaidOrder(leadId: SQL): SQL {
  return sql`exists (select 1 from orders o where o.lead_id = ${leadId} and ${PAID})`;
}

/**
 * The funnel's buyers who skipped the questionnaire: one row per address (or order without one), its
 * first paid order with no lead of its own and no intake lead with that address (`hasLead`, leads'
 * condition on the order's e-mail column), in the columns of leads' intakeFunnelPeople.
 */
export function buyersWithoutLead(hasLead: (email: SQL) => SQL): SQL {
  return sql`select distinct on (coalesce(lower(o.customer_email), o.id::text))
        o.created_at, o.first_touch, null, false, false, true
      from orders o
      where ${PAID} and o.lead_id is null and not ${hasLead(sql`o.customer_email`)}
      order by coalesce(lower(o.customer_email), o.id::text), o.created_at`;
}
