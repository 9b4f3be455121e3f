import { and, asc, count, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { newsletterDeliveries, newsletterIssues, newsletterSubscribers } from "#db/schema";
import type { Db } from "~/infra/db.server";
import type { Logger } from "~/infra/logger.server";
import type { MailMessage, Mailer } from "~/infra/mail.server";
import { backoffMs, classifySmtpError } from "~/features/messages/rules";

/**
 * Sending an issue: a durable job in the database, not a loop in memory (docs/decisions/044).
 *
 * - Starting an issue writes one newsletter_deliveries row per recipient in one statement (the
 *   confirmed, not suppressed subscribers of its audience at that moment), so the list never passes
 *   through memory and a restart finds it all.
 * - Workers claim due rows in batches with FOR UPDATE SKIP LOCKED and a lease: two instances on one
 *   PostgreSQL database never take the same row. A row is marked `sending` just before the mail
 *   server gets it; if the process dies then, the row becomes `unknown` (the message may have
 *   arrived) and is never sent again on its own: at most once per address, and the trainer sees it.
 * - Answers: success → sent; a temporary failure (4xx, connection refused or cut) → deferred with
 *   back-off, failed after MAX_ATTEMPTS; a permanent one (5xx) → failed and the address suppressed
 *   for every later issue.
 * - An issue is "sent" only when every row is final (sent, failed, suppressed, unknown).
 * - Sends are spaced to at most `ratePerMinute` per instance, for relays that limit it.
 */

export const FINAL_STATES = ["sent", "failed", "suppressed", "unknown"] as const;
export const OPEN_STATES = ["queued", "deferred", "sending"] as const;
export type DeliveryState = (typeof FINAL_STATES)[number] | (typeof OPEN_STATES)[number];
/** Temporary failures before an address counts as failed (spread over about a day by backoffMs). */
export const MAX_ATTEMPTS = 8;
const BATCH = 50;
const LEASE_MS = 5 * 60_000;

/** The confirmed, not suppressed subscribers an issue goes to (optionally one signup source). */
function audienceWhere(segment: string | null) {
  return and(
    eq(newsletterSubscribers.status, "confirmed"),
    isNull(newsletterSubscribers.suppressedAt),
    ...(segment ? [eq(newsletterSubscribers.source, segment)] : []),
  );
}

/** "This goes to 214 people": counted the same way the send picks them. */
export async function countAudience(db: Db, segment: string | null): Promise<number> {
  const [row] = await db.select({ n: count() }).from(newsletterSubscribers).where(audienceWhere(segment));
  return row?.n ?? 0;
}

/**
 * Starts an issue: its recipients become rows and it is `sending`. Only a draft or a scheduled
 * issue starts, once (the issue row is locked), so two instances or two presses start it once.
 */
export async function startIssue(db: Db, issueId: string, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [issue] = await tx.select().from(newsletterIssues).where(eq(newsletterIssues.id, issueId)).for("update");
    if (!issue || (issue.status !== "draft" && issue.status !== "scheduled")) return false;
    await tx.execute(sql`
      insert into ${newsletterDeliveries} (issue_id, subscriber_id, email, next_attempt_at)
      select ${issue.id}, ${newsletterSubscribers.id}, ${newsletterSubscribers.email}, ${now.toISOString()}::timestamptz
      from ${newsletterSubscribers}
      where ${audienceWhere(issue.segment)}
      on conflict (issue_id, email) do nothing`);
    await tx
      .update(newsletterIssues)
      .set({ status: "sending", startedAt: now, problem: null, updatedAt: now })
      .where(eq(newsletterIssues.id, issue.id));
    return true;
  });
}

/** Scheduled issues whose time has come. */
export async function startDueIssues(db: Db, now = new Date()): Promise<number> {
  const due = await db
    .select({ id: newsletterIssues.id })
    .from(newsletterIssues)
    .where(and(eq(newsletterIssues.status, "scheduled"), lte(newsletterIssues.scheduledAt, now)));
  let started = 0;
  for (const issue of due) if (await startIssue(db, issue.id, now)) started++;
  return started;
}

export type Delivery = typeof newsletterDeliveries.$inferSelect;

/** Takes up to `limit` due rows for this instance: rows another instance holds are skipped, not waited for. */
export async function claimBatch(db: Db, instance: string, limit = BATCH, now = new Date()): Promise<Delivery[]> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + LEASE_MS).toISOString();
  const result = await db.execute(sql`
    update ${newsletterDeliveries} set claimed_by = ${instance}, claimed_until = ${until}::timestamptz,
      updated_at = ${at}::timestamptz
    where id in (
      select d.id from ${newsletterDeliveries} d
      join ${newsletterIssues} i on i.id = d.issue_id and i.status = 'sending'
      where d.state in ('queued', 'deferred') and d.next_attempt_at <= ${at}::timestamptz
        and (d.claimed_until is null or d.claimed_until < ${at}::timestamptz)
      order by d.next_attempt_at, d.id
      limit ${limit}
      for update of d skip locked)
    returning id`);
  const ids = (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  if (!ids.length) return [];
  return db
    .select()
    .from(newsletterDeliveries)
    .where(inArray(newsletterDeliveries.id, ids))
    .orderBy(asc(newsletterDeliveries.email));
}

/**
 * Rows left `sending` by a process that stopped (its lease ran out): the mail server may have
 * accepted them, so they become `unknown` instead of being sent twice.
 */
export async function settleInterrupted(db: Db, now = new Date()): Promise<number> {
  const rows = await db
    .update(newsletterDeliveries)
    .set({
      state: "unknown",
      lastError: "The send was interrupted while the mail server had this message; it may have arrived.",
      claimedBy: null,
      claimedUntil: null,
      updatedAt: now,
    })
    .where(and(eq(newsletterDeliveries.state, "sending"), lte(newsletterDeliveries.claimedUntil, now)))
    .returning({ id: newsletterDeliveries.id });
  return rows.length;
}

/** Issues whose every row is final become `sent`. */
export async function finishIssues(db: Db, now = new Date()): Promise<string[]> {
  const rows = await db
    .update(newsletterIssues)
    .set({ status: "sent", finishedAt: now, updatedAt: now })
    .where(
      and(
        eq(newsletterIssues.status, "sending"),
        sql`not exists (select 1 from ${newsletterDeliveries} d where d.issue_id = ${newsletterIssues.id}
          and d.state in ('queued', 'deferred', 'sending'))`,
      ),
    )
    .returning({ id: newsletterIssues.id });
  return rows.map((r) => r.id);
}

export interface IssueCounts {
  total: number;
  sent: number;
  queued: number;
  deferred: number;
  failed: number;
  suppressed: number;
  unknown: number;
}

/** Progress and final counts of one issue: `queued` includes the ones being handed over right now. */
export async function issueCounts(db: Db, issueId: string): Promise<IssueCounts> {
  const rows = await db
    .select({ state: newsletterDeliveries.state, n: count() })
    .from(newsletterDeliveries)
    .where(eq(newsletterDeliveries.issueId, issueId))
    .groupBy(newsletterDeliveries.state);
  const by = Object.fromEntries(rows.map((r) => [r.state, r.n])) as Partial<Record<DeliveryState, number>>;
  const counts = {
    sent: by.sent ?? 0,
    queued: (by.queued ?? 0) + (by.sending ?? 0),
    deferred: by.deferred ?? 0,
    failed: by.failed ?? 0,
    suppressed: by.suppressed ?? 0,
    unknown: by.unknown ?? 0,
  };
  return { total: Object.values(counts).reduce((a, b) => a + b, 0), ...counts };
}

/** The addresses that did not get it, and why (failed, unknown, and deferred ones still waiting). */
export async function undelivered(db: Db, issueId: string) {
  return db
    .select({
      email: newsletterDeliveries.email,
      state: newsletterDeliveries.state,
      attempts: newsletterDeliveries.attempts,
      lastError: newsletterDeliveries.lastError,
      nextAttemptAt: newsletterDeliveries.nextAttemptAt,
    })
    .from(newsletterDeliveries)
    .where(
      and(
        eq(newsletterDeliveries.issueId, issueId),
        inArray(newsletterDeliveries.state, ["failed", "unknown", "deferred", "suppressed"]),
      ),
    )
    .orderBy(asc(newsletterDeliveries.email));
}

/**
 * "Retry the failed ones": failed rows of addresses not suppressed for good, and unknown ones (the
 * trainer decides that a possible second copy is better than none), go back in the queue.
 */
export async function retryUndelivered(db: Db, issueId: string, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(newsletterDeliveries)
      .set({ state: "queued", attempts: 0, nextAttemptAt: now, claimedBy: null, claimedUntil: null, updatedAt: now })
      .where(
        and(
          eq(newsletterDeliveries.issueId, issueId),
          or(
            eq(newsletterDeliveries.state, "unknown"),
            and(
              eq(newsletterDeliveries.state, "failed"),
              sql`not exists (select 1 from ${newsletterSubscribers} s where s.email = ${newsletterDeliveries.email}
                and s.suppressed_at is not null)`,
            ),
          ),
        ),
      )
      .returning({ id: newsletterDeliveries.id });
    if (rows.length)
      await tx
        .update(newsletterIssues)
        .set({ status: "sending", finishedAt: null, problem: null, updatedAt: now })
        .where(eq(newsletterIssues.id, issueId));
    return rows.length;
  });
}

export interface SendDeps {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  /** Names this process in claims (host and pid). */
  instance: string;
  /** Messages per minute from this instance; 0: as fast as the mail server takes them. */
  ratePerMinute: number;
  /** The message for one recipient of one issue (content, unsubscribe link, legal footer). */
  compose: (issue: typeof newsletterIssues.$inferSelect, email: string) => Promise<MailMessage> | MailMessage;
  /** Told once per issue when the mail server refused everything so far. */
  onProblem?: (issue: typeof newsletterIssues.$inferSelect, problem: string) => void;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  /** Base of the back-off (tests shorten it). */
  backoffBaseMs?: number;
  /** Read before every hand-over: once it says stop, no new message leaves (a deploy's SIGTERM). */
  stopping?: () => boolean;
}

export interface BatchResult {
  claimed: number;
  sent: number;
  deferred: number;
  failed: number;
  suppressed: number;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Which of these addresses are still confirmed and not suppressed (one may have left since the start). */
async function stillWanted(db: Db, emails: string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const rows = await db
    .select({ email: newsletterSubscribers.email })
    .from(newsletterSubscribers)
    .where(
      and(
        inArray(newsletterSubscribers.email, emails),
        eq(newsletterSubscribers.status, "confirmed"),
        isNull(newsletterSubscribers.suppressedAt),
      ),
    );
  return new Set(rows.map((r) => r.email));
}

/** One claimed batch, handed to the mail server one message at a time. */
export async function sendBatch(deps: SendDeps): Promise<BatchResult> {
  const now = deps.now ?? (() => new Date());
  const sleep = deps.sleep ?? wait;
  const { db } = deps;
  await settleInterrupted(db, now());
  const batch = await claimBatch(db, deps.instance, BATCH, now());
  const result: BatchResult = { claimed: batch.length, sent: 0, deferred: 0, failed: 0, suppressed: 0 };
  const issues = new Map<string, typeof newsletterIssues.$inferSelect | null>();
  const wanted = await stillWanted(
    db,
    batch.map((row) => row.email),
  );
  const spacing = deps.ratePerMinute > 0 ? 60_000 / deps.ratePerMinute : 0;
  let last = 0;
  for (const [index, row] of batch.entries()) {
    if (deps.stopping?.()) {
      // Given back unclaimed, so another instance (or this one after the restart) takes them at once.
      const rest = batch.slice(index).map((r) => r.id);
      await db
        .update(newsletterDeliveries)
        .set({ claimedBy: null, claimedUntil: null, updatedAt: now() })
        .where(
          and(
            inArray(newsletterDeliveries.id, rest),
            eq(newsletterDeliveries.claimedBy, deps.instance),
            inArray(newsletterDeliveries.state, ["queued", "deferred"]),
          ),
        );
      break;
    }
    const mine = and(eq(newsletterDeliveries.id, row.id), eq(newsletterDeliveries.claimedBy, deps.instance));
    if (!issues.has(row.issueId)) {
      const [issue] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, row.issueId));
      issues.set(row.issueId, issue ?? null);
    }
    const issue = issues.get(row.issueId);
    if (!issue || issue.status !== "sending") continue;
    if (!wanted.has(row.email)) {
      await db
        .update(newsletterDeliveries)
        .set({ state: "suppressed", lastError: "Unsubscribed or suppressed before it was sent.", updatedAt: now() })
        .where(mine);
      result.suppressed++;
      continue;
    }
    if (spacing) {
      const due = last + spacing - Date.now();
      if (due > 0) await sleep(due);
      last = Date.now();
    }
    const message = await deps.compose(issue, row.email);
    // From here until the answer is recorded, a crash leaves the row `sending` (→ unknown).
    const [taken] = await db
      .update(newsletterDeliveries)
      .set({ state: "sending", attempts: row.attempts + 1, updatedAt: now() })
      .where(and(mine, inArray(newsletterDeliveries.state, ["queued", "deferred"])))
      .returning({ id: newsletterDeliveries.id });
    if (!taken) continue;
    try {
      await deps.mailer.send(message);
      await db
        .update(newsletterDeliveries)
        .set({ state: "sent", sentAt: now(), lastError: null, claimedBy: null, claimedUntil: null, updatedAt: now() })
        .where(eq(newsletterDeliveries.id, row.id));
      result.sent++;
    } catch (error) {
      const outcome = classifySmtpError(error);
      const attempts = row.attempts + 1;
      const giveUp = outcome.permanent || attempts >= MAX_ATTEMPTS;
      await db
        .update(newsletterDeliveries)
        .set({
          state: giveUp ? "failed" : "deferred",
          lastError: outcome.detail,
          nextAttemptAt: new Date(now().getTime() + backoffMs(attempts, deps.backoffBaseMs)),
          claimedBy: null,
          claimedUntil: null,
          updatedAt: now(),
        })
        .where(eq(newsletterDeliveries.id, row.id));
      if (outcome.permanent)
        await db
          .update(newsletterSubscribers)
          .set({ suppressedAt: now(), suppressedReason: outcome.detail, updatedAt: now() })
          .where(and(eq(newsletterSubscribers.email, row.email), isNull(newsletterSubscribers.suppressedAt)));
      if (giveUp) result.failed++;
      else result.deferred++;
    }
  }
  for (const issue of issues.values()) if (issue) await flagRefusals(deps, issue);
  return result;
}

/**
 * The failure banner: an issue of which nothing was accepted yet while at least ten (or all)
 * hand-overs failed means the relay refuses everything (a wrong password, a blocked account).
 */
async function flagRefusals(deps: SendDeps, issue: typeof newsletterIssues.$inferSelect): Promise<void> {
  if (issue.problem) return;
  const counts = await issueCounts(deps.db, issue.id);
  const refused = counts.failed + counts.deferred;
  if (counts.sent > 0 || refused < Math.min(10, counts.total) || refused === 0) return;
  const [last] = await deps.db
    .select({ lastError: newsletterDeliveries.lastError })
    .from(newsletterDeliveries)
    .where(and(eq(newsletterDeliveries.issueId, issue.id), sql`${newsletterDeliveries.lastError} is not null`))
    .limit(1);
  const problem = `The mail server refused every message so far (${last?.lastError ?? "no answer"}). Check the SMTP settings; deferred messages are tried again on their own.`;
  const [flagged] = await deps.db
    .update(newsletterIssues)
    .set({ problem, updatedAt: new Date() })
    .where(and(eq(newsletterIssues.id, issue.id), isNull(newsletterIssues.problem)))
    .returning();
  if (flagged) deps.onProblem?.(flagged, problem);
}

/**
 * The worker: starts due issues, sends batches while there is work, finishes issues, and rests
 * `idleMs` when there is none. `stop()` lets the message in hand finish and hands over no other.
 */
export function startSendingWorker(deps: SendDeps & { idleMs?: number }): { stop(): Promise<void>; kick(): void } {
  let running = true;
  let wake: (() => void) | null = null;
  const idle = deps.idleMs ?? 15_000;
  const loop = (async () => {
    while (running) {
      let busy = false;
      try {
        await startDueIssues(deps.db, (deps.now ?? (() => new Date()))());
        const batch = await sendBatch({ ...deps, stopping: () => !running });
        busy = batch.claimed > 0;
        await finishIssues(deps.db);
      } catch (error) {
        deps.logger.error({ err: error }, "newsletter sending failed; trying again shortly");
      }
      if (!busy && running)
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, idle).unref();
        });
      wake = null;
    }
  })();
  return {
    kick: () => wake?.(),
    async stop() {
      running = false;
      wake?.();
      await loop;
    },
  };
}
