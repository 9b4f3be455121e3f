import { sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "~/infra/db.server";
import type { Logger } from "~/infra/logger.server";
import { afterFailure, type Outcome } from "./rules";

/**
 * The one claim-and-retry implementation (docs/decisions/056, 064), for every table of things to
 * hand over: the engine's `messages` and the newsletter's `newsletter_deliveries`. Due rows are
 * claimed with FOR UPDATE SKIP LOCKED and a lease, marked `sending` just before the hand-over
 * (a crash in between leaves them `unknown`, never sent again on their own), settled from the
 * other side's answer with rules.ts, and given back unclaimed when the process is stopping.
 */

export interface QueueTable {
  table: PgTable;
  columns: {
    id: PgColumn;
    state: PgColumn;
    /** Not before this time. */
    due: PgColumn;
    attempts: PgColumn;
    /** The other side's last answer. */
    answer: PgColumn;
    waitReason: PgColumn;
    /** The first failed try of the current wait, where the table keeps it. */
    waitingSince?: PgColumn;
    claimedBy: PgColumn;
    claimedUntil: PgColumn;
    sentAt: PgColumn;
    updatedAt: PgColumn;
  };
  /** The state a row waits in after a temporary failure. */
  retryState: string;
  /** The states a due row may be claimed in (a first try and a retry). */
  waiting: readonly string[];
  /** Temporary failures before a row counts as failed. */
  maxAttempts: number;
  /** The answer recorded when a hand-over was interrupted. */
  interrupted: string;
  /** What else makes a row due, on the row aliased `q` (the newsletter: its issue is sending). */
  dueWhere?: SQL;
}

/** MESSAGE_LEASE_MS's default: five minutes, far above any hand-over. */
const DEFAULT_LEASE_MS = 5 * 60_000;

const c = (column: PgColumn) => sql.identifier(column.name);
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const idsOf = (result: unknown) => (result as { rows: { id: string }[] }).rows.map((r) => r.id);

/**
 * Rows left `sending` by a process that stopped (its lease ran out): the other side may have
 * accepted them, so they become `unknown` instead of being sent twice.
 */
export async function settleInterrupted(q: QueueTable, db: Db, now: Date): Promise<number> {
  const k = q.columns;
  const result = await db.execute(sql`
    update ${q.table} set ${c(k.state)} = 'unknown', ${c(k.answer)} = ${q.interrupted},
      ${c(k.claimedBy)} = null, ${c(k.claimedUntil)} = null, ${c(k.updatedAt)} = ${at(now)}
    where ${c(k.state)} = 'sending' and ${c(k.claimedUntil)} <= ${at(now)}
    returning ${c(k.id)} as id`);
  return idsOf(result).length;
}

/** Takes up to `limit` due rows for this instance, first due first: rows another instance holds are skipped, not waited for. */
export async function claim(
  q: QueueTable,
  db: Db,
  instance: string,
  limit: number,
  now: Date,
  leaseMs = DEFAULT_LEASE_MS,
): Promise<string[]> {
  const k = q.columns;
  const result = await db.execute(sql`
    update ${q.table} set ${c(k.claimedBy)} = ${instance},
      ${c(k.claimedUntil)} = ${at(new Date(now.getTime() + leaseMs))}, ${c(k.updatedAt)} = ${at(now)}
    where ${c(k.id)} in (
      select q.${c(k.id)} from ${q.table} q
      where q.${c(k.state)} in (${list(q.waiting)}) and q.${c(k.due)} <= ${at(now)}
        and (q.${c(k.claimedUntil)} is null or q.${c(k.claimedUntil)} < ${at(now)})
        ${q.dueWhere ? sql`and ${q.dueWhere}` : sql``}
      order by q.${c(k.due)}, q.${c(k.id)}
      limit ${limit}
      for update of q skip locked)
    returning ${c(k.id)} as id`);
  return idsOf(result);
}

/** Gives claimed rows back without a try (a stopping worker), so another instance takes them at once. */
async function release(q: QueueTable, db: Db, instance: string, ids: string[], now: Date): Promise<void> {
  if (!ids.length) return;
  const k = q.columns;
  await db.execute(sql`
    update ${q.table} set ${c(k.claimedBy)} = null, ${c(k.claimedUntil)} = null, ${c(k.updatedAt)} = ${at(now)}
    where ${c(k.id)} in (${list(ids)}) and ${c(k.claimedBy)} = ${instance} and ${c(k.state)} in (${list(q.waiting)})`);
}

export interface HandOverContext {
  db: Db;
  instance: string;
  now: () => Date;
  /** The first wait after a temporary failure. */
  retryBaseMs: number;
}

export type HandOver =
  { taken: false } | { taken: true; outcome: Outcome; state: "sent" | "failed" | "waiting"; attempts: number };

/**
 * Hands one claimed row over: marked `sending` first (only while the claim is this instance's),
 * so a crash before the answer is recorded leaves it `unknown`; then sent, failed, or back to wait
 * with back-off.
 */
export async function handOver(
  q: QueueTable,
  ctx: HandOverContext,
  row: { id: string; attempts: number },
  send: () => Promise<Outcome>,
): Promise<HandOver> {
  const k = q.columns;
  const attempts = row.attempts + 1;
  const taken = await ctx.db.execute(sql`
    update ${q.table} set ${c(k.state)} = 'sending', ${c(k.attempts)} = ${attempts}, ${c(k.updatedAt)} = ${at(ctx.now())}
    where ${c(k.id)} = ${row.id} and ${c(k.claimedBy)} = ${ctx.instance} and ${c(k.state)} in (${list(q.waiting)})
    returning ${c(k.id)} as id`);
  if (!idsOf(taken).length) return { taken: false };
  let outcome: Outcome;
  try {
    outcome = await send();
  } catch (error) {
    // A fault on this side (the database under the push keys, a bug): worth another try later.
    outcome = { ok: false, permanent: false, reason: "deferred", detail: `error: ${(error as Error).message ?? ""}` };
  }
  const now = ctx.now();
  const done = sql`${c(k.claimedBy)} = null, ${c(k.claimedUntil)} = null, ${c(k.updatedAt)} = ${at(now)}`;
  if (outcome.ok) {
    await ctx.db.execute(sql`
      update ${q.table} set ${done}, ${c(k.state)} = 'sent', ${c(k.sentAt)} = ${at(now)},
        ${c(k.answer)} = ${outcome.detail ?? null}, ${c(k.waitReason)} = null
        ${k.waitingSince ? sql`, ${c(k.waitingSince)} = null` : sql``}
      where ${c(k.id)} = ${row.id}`);
    return { taken: true, outcome, state: "sent", attempts };
  }
  const next = afterFailure(outcome, attempts, now, ctx.retryBaseMs, q.maxAttempts);
  await ctx.db.execute(sql`
    update ${q.table} set ${done}, ${c(k.state)} = ${next.state === "failed" ? "failed" : q.retryState},
      ${c(k.answer)} = ${outcome.detail}, ${c(k.waitReason)} = ${outcome.reason}
      ${k.waitingSince ? sql`, ${c(k.waitingSince)} = coalesce(${c(k.waitingSince)}, ${at(now)})` : sql``}
      ${next.state === "queued" ? sql`, ${c(k.due)} = ${at(next.notBefore)}` : sql``}
    where ${c(k.id)} = ${row.id}`);
  return { taken: true, outcome, state: next.state === "failed" ? "failed" : "waiting", attempts };
}

/**
 * Records a try that never reached the other side (the relay took no connection): the row waits with
 * back-off as after a failed hand-over, without ever having been `sending`.
 */
export async function deferUntried(
  q: QueueTable,
  ctx: HandOverContext,
  row: { id: string; attempts: number },
  outcome: Extract<Outcome, { ok: false }>,
): Promise<"failed" | "waiting"> {
  const k = q.columns;
  const now = ctx.now();
  const attempts = row.attempts + 1;
  const next = afterFailure(outcome, attempts, now, ctx.retryBaseMs, q.maxAttempts);
  await ctx.db.execute(sql`
    update ${q.table} set ${c(k.claimedBy)} = null, ${c(k.claimedUntil)} = null, ${c(k.updatedAt)} = ${at(now)},
      ${c(k.attempts)} = ${attempts}, ${c(k.state)} = ${next.state === "failed" ? "failed" : q.retryState},
      ${c(k.answer)} = ${outcome.detail}, ${c(k.waitReason)} = ${outcome.reason}
      ${k.waitingSince ? sql`, ${c(k.waitingSince)} = coalesce(${c(k.waitingSince)}, ${at(now)})` : sql``}
      ${next.state === "queued" ? sql`, ${c(k.due)} = ${at(next.notBefore)}` : sql``}
    where ${c(k.id)} = ${row.id} and ${c(k.claimedBy)} = ${ctx.instance} and ${c(k.state)} in (${list(q.waiting)})`);
  return next.state === "failed" ? "failed" : "waiting";
}

/**
 * Goes through a claimed batch in order. `stopping` is read before every row: once it says stop
 * (a deploy's SIGTERM), no new hand-over starts and the rest of the batch goes back unclaimed.
 */
export async function eachClaimed<Row extends { id: string }>(
  q: QueueTable,
  ctx: HandOverContext,
  batch: Row[],
  stopping: () => boolean,
  each: (row: Row) => Promise<void>,
): Promise<void> {
  for (const [index, row] of batch.entries()) {
    if (stopping()) {
      await release(
        q,
        ctx.db,
        ctx.instance,
        batch.slice(index).map((r) => r.id),
        ctx.now(),
      );
      return;
    }
    await each(row);
  }
}

export interface Rounds {
  /** Look for work now (something was just queued or started). */
  kick(): void;
  /** Starts no new round and waits for the one under way (which hands over nothing new once stopping). */
  stop(): Promise<void>;
}

/**
 * A worker's loop: rounds back to back while they find work, then a rest until the next due time
 * (at most `idleMs`) or a kick. `round` gets the stop signal to pass to `eachClaimed`.
 */
export function startRounds(
  round: (stopping: () => boolean) => Promise<{ busy: boolean; restMs?: number }>,
  options: { idleMs: number; logger: Logger; failure: string },
): Rounds {
  let running = true;
  let wake: (() => void) | null = null;
  let kicked = false;
  const loop = (async () => {
    while (running) {
      let busy = false;
      let restMs = options.idleMs;
      kicked = false;
      try {
        const result = await round(() => !running);
        busy = result.busy;
        if (result.restMs !== undefined) restMs = Math.max(50, Math.min(options.idleMs, result.restMs));
      } catch (error) {
        options.logger.error({ err: error }, options.failure);
      }
      if (!busy && running && !kicked)
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, restMs).unref();
        });
      wake = null;
    }
  })();
  return {
    kick() {
      kicked = true;
      wake?.();
    },
    async stop() {
      running = false;
      wake?.();
      await loop;
    },
  };
}
