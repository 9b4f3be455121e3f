import { and, count, desc, eq, gt, inArray, lte, max, min, sql } from "drizzle-orm";
import { messages } from "#db/schema";
import type { Db } from "~/infra/db.server";
import type { WaitingGroup } from "./describe";
import type { FailureReason } from "./rules";

export interface MessageLine {
  id: string;
  kind: string;
  channel: string;
  recipient: string;
  state: string;
  lastAnswer: string | null;
  waitReason: string | null;
  at: Date;
}

const line = {
  id: messages.id,
  kind: messages.kind,
  channel: messages.channel,
  recipient: messages.recipient,
  state: messages.state,
  lastAnswer: messages.lastAnswer,
  waitReason: messages.waitReason,
  at: messages.updatedAt,
};

/** What the Messages page shows: what waits and why (grouped), what failed for good, what went out lately. */
export async function messagesOverview(db: Db, now = new Date()) {
  const waiting = await db
    .select({
      channel: messages.channel,
      reason: messages.waitReason,
      count: count(),
      since: min(messages.createdAt),
      nextTry: min(messages.notBefore),
      lastAnswer: max(messages.lastAnswer),
    })
    .from(messages)
    .where(and(eq(messages.state, "queued"), gt(messages.attempts, 0)))
    .groupBy(messages.channel, messages.waitReason);
  // Not yet tried: due now (going out), or planned for later (a reminder, a follow-up), which is not waiting.
  const [due] = await db
    .select({ n: count() })
    .from(messages)
    .where(
      and(inArray(messages.state, ["queued", "sending"]), eq(messages.attempts, sql`0`), lte(messages.notBefore, now)),
    );
  const [planned] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.state, "queued"), eq(messages.attempts, sql`0`), gt(messages.notBefore, now)));
  const problems = await db
    .select(line)
    .from(messages)
    .where(inArray(messages.state, ["failed", "unknown"]))
    .orderBy(desc(messages.updatedAt))
    .limit(100);
  const sent = await db
    .select(line)
    .from(messages)
    .where(eq(messages.state, "sent"))
    .orderBy(desc(messages.sentAt))
    .limit(20);
  return {
    waiting: waiting.map((group): WaitingGroup => ({
      channel: group.channel,
      reason: group.reason as FailureReason | null,
      count: group.count,
      since: new Date(group.since ?? 0),
      nextTry: new Date(group.nextTry ?? 0),
      lastAnswer: group.lastAnswer,
    })),
    goingOut: due?.n ?? 0,
    planned: planned?.n ?? 0,
    problems: problems as MessageLine[],
    sent: sent as MessageLine[],
  };
}

/** For the dashboard: messages that failed, may not have arrived, or wait because the other side is away. */
export async function messagesNeedingHer(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(
      sql`${messages.state} in ('failed', 'unknown') or (${messages.state} = 'queued' and ${messages.attempts} > 0)`,
    );
  return row?.n ?? 0;
}
