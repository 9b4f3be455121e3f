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

/**
 * The same fixed-window count in this process's memory, for when the database is away: the limit
 * then holds per instance instead of across all of them, but it holds (a bot cannot fill the outbox
 * while the database is down). Windows that have ended are dropped as the map grows.
 */
export function memoryRateLimiter(maxKeys = 10_000) {
  const windows = new Map<string, { start: number; count: number }>();
  return (key: string, limit: number, windowSeconds: number, now: Date = new Date()): RateLimitResult => {
    const windowMs = windowSeconds * 1000;
    const start = Math.floor(now.getTime() / windowMs) * windowMs;
    const slot = `${windowSeconds}:${key}`;
    const current = windows.get(slot);
    const count = current?.start === start ? current.count + 1 : 1;
    windows.set(slot, { start, count });
    if (windows.size > maxKeys) {
      for (const [other, window] of windows) {
        if (window.start !== start) windows.delete(other);
      }
      // Still full of live windows: the oldest keys go first (a Map keeps insertion order).
      for (const other of windows.keys()) {
        if (windows.size <= maxKeys) break;
        if (other !== slot) windows.delete(other);
      }
    }
    return {
      allowed: count <= limit,
      remaining: Math.max(0, limit - count),
      retryAfter: Math.ceil((start + windowMs - now.getTime()) / 1000),
    };
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
