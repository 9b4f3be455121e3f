import { lt, sql } from "drizzle-orm";
import { rateLimits } from "#db/schema";
import { every, runExclusive } from "./scheduled-job.server";
import type { Db } from "./db.server";

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  /** Seconds until the current window ends. */
  retryAfter: number;
}

/**
 * Fixed-window counter kept in the database, so every server instance sharing
 * one PostgreSQL counts together. One upsert per request.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  limit: number,
  windowSeconds: number,
  now: Date = new Date(),
): Promise<RateLimitResult> {
  const windowMs = windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  const count = row?.count ?? 1;
  return {
    allowed: count <= limit,
    remaining: Math.max(0, limit - count),
    retryAfter: Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000),
  };
}

/** Drops windows that ended more than a day ago. */
export async function pruneRateLimits(db: Db, now: Date = new Date()): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - 86_400_000)));
}

/** Arbitrary constant shared by every instance: only the holder of this lock prunes. */
export const PRUNE_LOCK_ID = 7_413_903;

/** Prunes unless another instance is doing it right now (see runExclusive). */
export async function pruneRateLimitsExclusive(db: Db, now: Date = new Date()): Promise<boolean> {
  const outcome = await runExclusive(db, PRUNE_LOCK_ID, (tx) => pruneRateLimits(tx, now));
  return outcome.ran;
}

/** Prunes once soon after start and then every intervalMs; returns the stop function. */
export function startRateLimitPruning(db: Db, onError: (error: unknown) => void, intervalMs = 60 * 60_000): () => void {
  return every(intervalMs, () => pruneRateLimitsExclusive(db), onError);
}
