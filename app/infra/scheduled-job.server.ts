import { sql } from "drizzle-orm";
import type { Db } from "./db.server";

/**
 * Runs `job` only if no other instance holds the same advisory lock right now. The lock is
 * transaction-scoped (released at commit), so it cannot leak on a pooled connection.
 */
export async function runExclusive<T>(
  db: Db,
  lockId: number,
  job: (tx: Db) => Promise<T>,
): Promise<{ ran: true; result: T } | { ran: false }> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${lockId}) as locked`);
    const locked = (result as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked === true;
    if (!locked) return { ran: false as const };
    return { ran: true as const, result: await job(tx as unknown as Db) };
  });
}

/** Runs once soon after start and then every intervalMs, never keeping the process alive; returns stop. */
export function every(
  intervalMs: number,
  run: () => Promise<unknown>,
  onError: (error: unknown) => void,
  firstAfterMs = 1_000,
) {
  const tick = () => void run().catch(onError);
  const first = setTimeout(tick, firstAfterMs);
  const timer = setInterval(tick, intervalMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
