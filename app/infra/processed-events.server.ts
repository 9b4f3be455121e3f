import { eq, sql } from "drizzle-orm";
import { processedEvents } from "#db/schema";
import type { Db } from "./db.server";

/**
 * The web hooks' memory of what they handled (Stripe's events, the mail relay's tokens, the
 * scheduler's deliveries): an id is taken once, so a replay or a retry changes nothing. Kept here,
 * below every feature, because three features at different layers share the one table.
 */

/** True the first time an event id is seen; false for a replay. */
export async function markEventProcessed(db: Db, id: string, type: string): Promise<boolean> {
  const rows = await db
    .insert(processedEvents)
    .values({ id, type })
    .onConflictDoNothing()
    .returning({ id: processedEvents.id });
  return rows.length > 0;
}

export async function isEventProcessed(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(processedEvents)
    .where(eq(processedEvents.id, id));
  return rows.length > 0;
}
