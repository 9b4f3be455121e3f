import { and, asc, count, eq, inArray, isNull, lte, max, min, or, sql } from "drizzle-orm";
import { newsletterDeliveries, newsletterIssues, newsletterSubscribers } from "#db/schema";
import type { Db } from "~/infra/db.server";
import type { Logger } from "~/infra/logger.server";
import type { MailMessage, Mailer } from "~/infra/mail.server";
import * as queue from "~/features/messages/queue.server";
import type { WaitingGroup } from "~/features/messages/describe";
import { classifySmtpError, type FailureReason, type Outcome } from "~/features/messages/rules";
import { audienceFilter, countSubscribers, EVERYONE, subscriberWhere, type Audience } from "./subscribers.server";

/**
 * Sending an issue: a durable job in the database, not a loop in memory (docs/decisions/044).
 *
 * - Starting an issue writes one newsletter_deliveries row per recipient in one statement (the
 *   confirmed, not suppressed subscribers of its audience at that moment), so the list never passes
 *   through memory and a restart finds it all.
 * - Claiming, the hand-over and the retries are the message engine's (queue.server.ts, decision
 *   064): due rows are claimed in batches with FOR UPDATE SKIP LOCKED and a lease, so two instances
 *   on one PostgreSQL database never take the same row. A row is marked `sending` just before the
 *   mail server gets it; if the process dies then, the row becomes `unknown` (the message may have
 *   arrived) and is never sent again on its own: at most once per address, and the trainer sees it.
 * - Answers: success → sent; a temporary failure (4xx, connection refused or cut) → deferred with
 *   back-off and why it waits, failed after MAX_ATTEMPTS; a permanent one (5xx) → failed and the
 *   address suppressed for every later issue.
 * - An issue is "sent" only when every row is final (sent, failed, suppressed, unknown).
 * - Sends are spaced to at most `ratePerMinute` per instance, for relays that limit it.
 */

export const FINAL_STATES = ["sent", "failed", "suppressed", "unknown"] as const;
export const OPEN_STATES = ["queued", "deferred", "sending"] as const;
export type DeliveryState = (typeof FINAL_STATES)[number] | (typeof OPEN_STATES)[number];
/** Temporary failures before an address counts as failed (spread over about a day by backoffMs). */
export const MAX_ATTEMPTS = 8;
const BATCH = 50;

/** The deliveries' table for the engine's one claim-and-retry implementation. */
const DELIVERIES: queue.QueueTable = {
  table: newsletterDeliveries,
  columns: {
    id: newsletterDeliveries.id,
    state: newsletterDeliveries.state,
    due: newsletterDeliveries.nextAttemptAt,
    attempts: newsletterDeliveries.attempts,
    answer: newsletterDeliveries.lastError,
    waitReason: newsletterDeliveries.waitReason,
    waitingSince: newsletterDeliveries.waitingSince,
    claimedBy: newsletterDeliveries.claimedBy,
    claimedUntil: newsletterDeliveries.claimedUntil,
    sentAt: newsletterDeliveries.sentAt,
    updatedAt: newsletterDeliveries.updatedAt,
  },
  retryState: "deferred",
  waiting: ["queued", "deferred"],
  maxAttempts: MAX_ATTEMPTS,
  interrupted: "The send was interrupted while the mail server had this message; it may have arrived.",
  // Only while its issue is sending (`q` is the delivery row).
  dueWhere: sql`exists (select 1 from ${newsletterIssues} i where i.id = q.issue_id and i.status = 'sending')`,
};

/** The confirmed, not suppressed subscribers an issue goes to (its source and tags, if any). */
const audienceWhere = (issue: Audience) => subscriberWhere(audienceFilter(issue));

/** "This goes to 214 people": the subscriber list's count, for the people the send picks (everyone by default). */
export async function countAudience(db: Db, audience: Audience = EVERYONE): Promise<number> {
  return (await countSubscribers(db, audienceFilter(audience))).byState.confirmed;
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
      where ${audienceWhere(issue)}
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
  const ids = await queue.claim(DELIVERIES, db, instance, limit, now);
  if (!ids.length) return [];
  return db
    .select()
    .from(newsletterDeliveries)
    .where(inArray(newsletterDeliveries.id, ids))
    .orderBy(asc(newsletterDeliveries.email));
}

/** Rows left `sending` by a process that stopped: `unknown`, never sent twice (queue.server.ts). */
export function settleInterrupted(db: Db, now = new Date()): Promise<number> {
  return queue.settleInterrupted(DELIVERIES, db, now);
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

/**
 * The deferred ones, grouped by why they wait: while the relay is away that is one line for all
 * of them ("the mail server cannot be reached since 15:02, next try 15:30"), not one per address.
 */
export async function waitingDeliveries(db: Db, issueId: string): Promise<WaitingGroup[]> {
  const rows = await db
    .select({
      reason: newsletterDeliveries.waitReason,
      count: count(),
      since: min(newsletterDeliveries.waitingSince),
      nextTry: min(newsletterDeliveries.nextAttemptAt),
      lastAnswer: max(newsletterDeliveries.lastError),
    })
    .from(newsletterDeliveries)
    .where(and(eq(newsletterDeliveries.issueId, issueId), eq(newsletterDeliveries.state, "deferred")))
    .groupBy(newsletterDeliveries.waitReason)
    .orderBy(newsletterDeliveries.waitReason);
  return rows.map((group) => ({
    channel: "email",
    reason: group.reason as FailureReason | null,
    count: group.count,
    since: new Date(group.since ?? group.nextTry ?? 0),
    nextTry: new Date(group.nextTry ?? 0),
    lastAnswer: group.lastAnswer,
  }));
}

/** The addresses that did not get it, and why (failed, unknown, left out); the deferred ones are waitingDeliveries'. */
export async function undelivered(db: Db, issueId: string) {
  return db
    .select({
      email: newsletterDeliveries.email,
      state: newsletterDeliveries.state,
      attempts: newsletterDeliveries.attempts,
      lastError: newsletterDeliveries.lastError,
    })
    .from(newsletterDeliveries)
    .where(
      and(
        eq(newsletterDeliveries.issueId, issueId),
        inArray(newsletterDeliveries.state, ["failed", "unknown", "suppressed"]),
      ),
    )
    .orderBy(asc(newsletterDeliveries.email));
}

/** The rows a retry can help: unknown ones, and failed ones of addresses not refused for good. */
const retryable = (issueId: string) =>
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
  );

/** How many "Retry the failed ones" would put back: the button is offered only when it can help. */
export async function countRetryable(db: Db, issueId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(newsletterDeliveries).where(retryable(issueId));
  return row?.n ?? 0;
}

/**
 * "Retry the failed ones": failed rows of addresses not suppressed for good, and unknown ones (the
 * trainer decides that a possible second copy is better than none), go back in the queue.
 */
export async function retryUndelivered(db: Db, issueId: string, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(newsletterDeliveries)
      .set({
        state: "queued",
        attempts: 0,
        nextAttemptAt: now,
        waitingSince: null,
        claimedBy: null,
        claimedUntil: null,
        updatedAt: now,
      })
      .where(retryable(issueId))
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

/** One claimed batch, handed to the mail server one message at a time (the engine's hand-over, queue.server.ts). */
export async function sendBatch(deps: SendDeps): Promise<BatchResult> {
  const now = deps.now ?? (() => new Date());
  const sleep = deps.sleep ?? wait;
  const { db } = deps;
  const ctx: queue.HandOverContext = { db, instance: deps.instance, now, retryBaseMs: deps.backoffBaseMs ?? 60_000 };
  await settleInterrupted(db, now());
  const batch = await claimBatch(db, deps.instance, BATCH, now());
  const result: BatchResult = { claimed: batch.length, sent: 0, deferred: 0, failed: 0, suppressed: 0 };
  const issues = new Map<string, typeof newsletterIssues.$inferSelect | null>();
  const accepted = new Set<string>();
  const wanted = await stillWanted(
    db,
    batch.map((row) => row.email),
  );
  const spacing = deps.ratePerMinute > 0 ? 60_000 / deps.ratePerMinute : 0;
  let last = 0;
  await queue.eachClaimed(DELIVERIES, ctx, batch, deps.stopping ?? (() => false), async (row) => {
    if (!issues.has(row.issueId)) {
      const [issue] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, row.issueId));
      issues.set(row.issueId, issue ?? null);
    }
    const issue = issues.get(row.issueId);
    if (!issue || issue.status !== "sending") return;
    if (!wanted.has(row.email)) {
      await db
        .update(newsletterDeliveries)
        .set({ state: "suppressed", lastError: "Unsubscribed or suppressed before it was sent.", updatedAt: now() })
        .where(and(eq(newsletterDeliveries.id, row.id), eq(newsletterDeliveries.claimedBy, deps.instance)));
      result.suppressed++;
      return;
    }
    if (spacing) {
      const due = last + spacing - Date.now();
      if (due > 0) await sleep(due);
      last = Date.now();
    }
    const message = await deps.compose(issue, row.email);
    const done = await queue.handOver(DELIVERIES, ctx, row, () =>
      deps.mailer.send(message).then(
        (): Outcome => ({ ok: true }),
        (error: unknown) => classifySmtpError(error),
      ),
    );
    if (!done.taken) return;
    if (done.outcome.ok) {
      accepted.add(issue.id);
      result.sent++;
      return;
    }
    if (done.outcome.permanent)
      await db
        .update(newsletterSubscribers)
        .set({ suppressedAt: now(), suppressedReason: done.outcome.detail, updatedAt: now() })
        .where(and(eq(newsletterSubscribers.email, row.email), isNull(newsletterSubscribers.suppressedAt)));
    if (done.state === "failed") result.failed++;
    else result.deferred++;
  });
  for (const issue of issues.values())
    if (issue) await (accepted.has(issue.id) ? clearRefusals(db, issue.id) : flagRefusals(deps, issue));
  return result;
}

/** The mail server took one of the issue's messages: it no longer refuses this newsletter, so the banner goes. */
async function clearRefusals(db: Db, issueId: string): Promise<void> {
  await db
    .update(newsletterIssues)
    .set({ problem: null, updatedAt: new Date() })
    .where(and(eq(newsletterIssues.id, issueId), sql`${newsletterIssues.problem} is not null`));
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
 * `idleMs` when there is none (the engine's loop). `stop()` lets the message in hand finish and hands
 * over no other.
 */
export function startSendingWorker(deps: SendDeps & { idleMs?: number }): queue.Rounds {
  return queue.startRounds(
    async (stopping) => {
      await startDueIssues(deps.db, (deps.now ?? (() => new Date()))());
      const batch = await sendBatch({ ...deps, stopping });
      await finishIssues(deps.db);
      return { busy: batch.claimed > 0 };
    },
    { idleMs: deps.idleMs ?? 15_000, logger: deps.logger, failure: "newsletter sending failed; trying again shortly" },
  );
}
