import { and, asc, eq, inArray, lt, ne, or, sql } from "drizzle-orm";
import { messages } from "#db/schema";
import type { Db } from "~/infra/db.server";
import type { Logger } from "~/infra/logger.server";
import { webhookFailures } from "~/infra/metrics.server";
import type { MailMessage } from "~/infra/mail.server";
import type { PushMessage } from "~/infra/push.server";
import * as queue from "./queue.server";
import { MAX_ATTEMPTS, type Outcome } from "./rules";

/**
 * The one message engine (docs/decisions/056): every outgoing e-mail, push notification and web
 * hook call is a row in `messages`, made once per cause (its idempotency key), claimed by one
 * instance's worker when due (FOR UPDATE SKIP LOCKED, with a lease), handed over at most once
 * (`sending` → `sent` or `unknown`), and retried with back-off when the other side is away or says
 * "later". The same code runs on PGlite and PostgreSQL.
 */

export type Message = typeof messages.$inferSelect;

export interface WebhookCall {
  url: string;
  fields: Record<string, string>;
}

export type Envelope =
  | { channel: "email"; payload: MailMessage }
  | { channel: "push"; payload: PushMessage }
  | { channel: "webhook"; payload: WebhookCall };

export type NewMessage = Envelope & {
  /** One message per key, ever: `lead-notice:<leadId>`, `alarm:<event>`. */
  key: string;
  kind: string;
  /** What it is about (a lead's or order's id). */
  about?: string | null;
  /** Not before this time (a reminder, a follow-up); now when left out. */
  notBefore?: Date;
  /**
   * Already handed over by another path at this time (an alarm sent while the database was away):
   * stored as `sent`, so the key is taken and nothing sends it again.
   */
  sentAt?: Date;
};

const BATCH = 20;

/** The engine's table for the one claim-and-retry implementation (queue.server.ts). */
const MESSAGES: queue.QueueTable = {
  table: messages,
  columns: {
    id: messages.id,
    state: messages.state,
    due: messages.notBefore,
    attempts: messages.attempts,
    answer: messages.lastAnswer,
    waitReason: messages.waitReason,
    claimedBy: messages.claimedBy,
    claimedUntil: messages.claimedUntil,
    sentAt: messages.sentAt,
    updatedAt: messages.updatedAt,
  },
  retryState: "queued",
  waiting: ["queued"],
  maxAttempts: MAX_ATTEMPTS,
  interrupted: "The hand-over was interrupted while the other side had this message; it may have arrived.",
};

function recipientOf(message: Envelope): string {
  if (message.channel === "email") return message.payload.to;
  if (message.channel === "push") return "trainer";
  return new URL(message.payload.url).host;
}

/**
 * Stores many e-mails at once (an import's confirmations: thousands in its transaction), each
 * unless one with its key exists; returns how many were made. Due now, like send().
 */
export async function enqueueMany(db: Db, list: NewMessage[], now = new Date()): Promise<number> {
  let made = 0;
  for (let i = 0; i < list.length; i += 500) {
    const created = await db
      .insert(messages)
      .values(
        list.slice(i, i + 500).map((message) => ({
          key: message.key,
          kind: message.kind,
          channel: message.channel,
          recipient: recipientOf(message),
          about: message.about ?? null,
          payload: message.payload,
          notBefore: message.notBefore ?? now,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing({ target: messages.key })
      .returning({ id: messages.id });
    made += created.length;
  }
  return made;
}

/** Stores a message unless one with its key exists: a repeated cause (a replay, a retried request, a second instance) makes none. */
export async function enqueue(
  db: Db,
  message: NewMessage,
  now = new Date(),
): Promise<{ id: string; created: boolean }> {
  const [created] = await db
    .insert(messages)
    .values({
      key: message.key,
      kind: message.kind,
      channel: message.channel,
      recipient: recipientOf(message),
      about: message.about ?? null,
      payload: message.payload,
      notBefore: message.notBefore ?? now,
      ...(message.sentAt
        ? {
            state: "sent",
            sentAt: message.sentAt,
            lastAnswer: "Handed over directly while the database was away.",
          }
        : {}),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: messages.key })
    .returning({ id: messages.id });
  if (created) return { id: created.id, created: true };
  const [existing] = await db.select({ id: messages.id }).from(messages).where(eq(messages.key, message.key));
  return { id: existing!.id, created: false };
}

/**
 * Rows left `sending` by a process that stopped (its lease ran out): the other side may have
 * accepted them, so they become `unknown` instead of being sent twice.
 */
export function settleInterrupted(db: Db, now = new Date()): Promise<number> {
  return queue.settleInterrupted(MESSAGES, db, now);
}

/** Takes up to `limit` due messages for this instance: rows another instance holds are skipped, not waited for. */
export async function claimDue(
  db: Db,
  instance: string,
  limit: number,
  now: Date,
  leaseMs?: number,
): Promise<Message[]> {
  const ids = await queue.claim(MESSAGES, db, instance, limit, now, leaseMs);
  if (!ids.length) return [];
  return db.select().from(messages).where(inArray(messages.id, ids)).orderBy(asc(messages.notBefore), asc(messages.id));
}

/** The one module that talks to the relay, the push service and web hooks (transport.server.ts). */
export interface Deliver {
  (message: Envelope): Promise<Outcome>;
}

export interface EngineDeps {
  db: Db;
  deliver: Deliver;
  logger: Logger;
  /** Names this process in claims (host and pid). */
  instance: string;
  now: () => Date;
  /** The first wait after a temporary failure (MESSAGE_RETRY_BASE_MS). */
  retryBaseMs: number;
  /** How long a claim holds (MESSAGE_LEASE_MS); five minutes when left out. */
  leaseMs?: number;
  /** Asks whether the mail relay takes a connection before e-mails are handed over (transport.server.ts). */
  probeEmail?: () => Promise<Extract<Outcome, { ok: false }> | null>;
}

export interface RunResult {
  claimed: number;
  sent: number;
  waiting: number;
  failed: number;
}

/** Hands one claimed message over (queue.server.ts: marked `sending` first, so a crash in between leaves it `unknown`). */
async function handOver(deps: EngineDeps, row: Message, result: RunResult): Promise<void> {
  const done = await queue.handOver(MESSAGES, deps, row, () =>
    deps.deliver({ channel: row.channel, payload: row.payload } as Envelope),
  );
  if (!done.taken) return;
  if (done.outcome.ok) {
    result.sent++;
    return;
  }
  deps.logger.warn(
    { message: row.id, kind: row.kind, channel: row.channel, reason: done.outcome.reason, state: done.state },
    done.state === "failed" ? "message failed" : "message not handed over; tried again later",
  );
  if (done.state === "failed" && row.channel === "webhook") webhookFailures.inc({ webhook: row.kind });
  if (done.state === "failed") result.failed++;
  else result.waiting++;
}

/**
 * One round: settles interrupted rows, claims what is due and hands it over one by one. `stopping`
 * is read before every hand-over: once it says stop, no new message leaves this instance and the
 * rest of the batch goes back to the queue.
 */
export async function runOnce(deps: EngineDeps, stopping: () => boolean = () => false): Promise<RunResult> {
  await settleInterrupted(deps.db, deps.now());
  const batch = await claimDue(deps.db, deps.instance, BATCH, deps.now(), deps.leaseMs);
  const result: RunResult = { claimed: batch.length, sent: 0, waiting: 0, failed: 0 };
  // Asked once, before the round's first e-mail: while the relay takes no connection, e-mails wait
  // without being marked `sending`.
  let relayAway: Extract<Outcome, { ok: false }> | null | undefined;
  await queue.eachClaimed(MESSAGES, deps, batch, stopping, async (row) => {
    if (row.channel === "email" && deps.probeEmail) {
      if (relayAway === undefined) relayAway = await deps.probeEmail();
      if (relayAway) {
        const state = await queue.deferUntried(MESSAGES, deps, row, relayAway);
        result[state === "failed" ? "failed" : "waiting"]++;
        return;
      }
    }
    await handOver(deps, row, result);
  });
  return result;
}

/** When the next queued message is due, for the worker's rest. */
async function nextDue(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ at: sql<Date | string | null>`min(${messages.notBefore})` })
    .from(messages)
    .where(eq(messages.state, "queued"));
  return row?.at ? new Date(row.at) : null;
}

export type MessageWorker = queue.Rounds;

/** The worker every instance runs: rounds while there is work, then rests until the next due time (at most `idleMs`). */
export function startMessageWorker(deps: EngineDeps & { idleMs?: number }): MessageWorker {
  return queue.startRounds(
    async (stopping) => {
      const round = await runOnce(deps, stopping);
      // A full batch may have left due messages behind; a smaller one took all there were.
      if (round.claimed === BATCH) return { busy: true };
      const due = await nextDue(deps.db);
      return { busy: false, restMs: due ? due.getTime() - deps.now().getTime() : undefined };
    },
    {
      idleMs: deps.idleMs ?? 30_000,
      logger: deps.logger,
      failure: "message worker round failed; trying again shortly",
    },
  );
}

/** Puts a failed or unknown message back in the queue (the trainer chose a possible second copy over none). */
export async function retryMessage(db: Db, id: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(messages)
    .set({ state: "queued", attempts: 0, notBefore: now, claimedBy: null, claimedUntil: null, updatedAt: now })
    .where(
      and(
        eq(messages.id, id),
        // Only where it can help (describe.ts retryHelps): never one refused for good.
        sql`(${messages.state} = 'unknown' or (${messages.state} = 'failed' and ${messages.waitReason} is distinct from 'refused'))`,
      ),
    )
    .returning({ id: messages.id });
  return rows.length > 0;
}

/**
 * Retention (content/retention.ts): sent, failed and cancelled messages older than `before` go,
 * order confirmations only when older than `confirmationsBefore` (the proof the withdrawal
 * information went out). Queued and unknown rows stay whatever their age. Returns how many went.
 */
export async function deleteSettledMessages(
  db: Db,
  cutoffs: { before: Date; confirmationsBefore: Date },
): Promise<number> {
  const removed = await db
    .delete(messages)
    .where(
      and(
        inArray(messages.state, ["sent", "failed", "cancelled"]),
        or(
          and(ne(messages.kind, "order-confirmation"), lt(messages.updatedAt, cutoffs.before)),
          lt(messages.updatedAt, cutoffs.confirmationsBefore),
        ),
      ),
    )
    .returning({ id: messages.id });
  return removed.length;
}
