import { and, eq, inArray, isNull, like, lt, or, type SQL } from "drizzle-orm";
import { messages } from "#db/schema";
import type { Db } from "~/infra/db.server";
import type { MailMessage } from "~/infra/mail.server";

/**
 * Planned messages (a row with a future `not_before`) that their cause takes back or moves: a
 * cancelled call's reminders, a lead who booked after all. Only a row still `queued` changes; one
 * `sending`, `sent` or `unknown` is history and stays as it is. Cancelling a `queued` row a worker
 * has claimed is safe (its hand-over only takes a row still `queued`); moving one is not (the
 * worker would send it now), so a move leaves a live claim alone.
 */

const stillQueued = eq(messages.state, "queued");

/** Which planned rows: one key, what they are about (of some kinds), every row of one kind, or a recipient's of kinds starting with a prefix. */
export type PlannedRows =
  | { key: string }
  | { about: string; kinds?: readonly string[] }
  | { kind: string }
  | { recipient: string; kindPrefix: string };

function whereOf(rows: PlannedRows): SQL {
  if ("key" in rows) return eq(messages.key, rows.key);
  if ("about" in rows)
    return rows.kinds
      ? and(eq(messages.about, rows.about), inArray(messages.kind, [...rows.kinds]))!
      : eq(messages.about, rows.about);
  if ("kind" in rows) return eq(messages.kind, rows.kind);
  return and(eq(messages.recipient, rows.recipient), like(messages.kind, `${rows.kindPrefix}%`))!;
}

/** Cancels the planned rows that are still queued, with why when given (the Messages page shows it); returns how many. */
export async function cancelPlanned(db: Db, rows: PlannedRows, now = new Date(), why?: string): Promise<number> {
  const cancelled = await db
    .update(messages)
    .set({
      state: "cancelled",
      claimedBy: null,
      claimedUntil: null,
      updatedAt: now,
      ...(why ? { lastAnswer: why } : {}),
    })
    .where(and(whereOf(rows), stillQueued))
    .returning({ id: messages.id });
  return cancelled.length;
}

/**
 * Moves a queued row (not claimed right now) to a new time, with the words that go with it (a
 * call's new time), and optionally about another subject (the booking it became). False when there was
 * nothing to move: it was sent, cancelled, is being handed over, or never existed.
 */
export async function reschedule(
  db: Db,
  key: string,
  to: { notBefore: Date; payload?: MailMessage; about?: string | null },
  now = new Date(),
): Promise<boolean> {
  const moved = await db
    .update(messages)
    .set({
      notBefore: to.notBefore,
      ...(to.payload ? { payload: to.payload, recipient: to.payload.to } : {}),
      ...(to.about !== undefined ? { about: to.about } : {}),
      attempts: 0,
      updatedAt: now,
    })
    .where(and(eq(messages.key, key), stillQueued, or(isNull(messages.claimedUntil), lt(messages.claimedUntil, now))))
    .returning({ id: messages.id });
  return moved.length > 0;
}

/** The keys of the rows still queued about one thing, of one kind (a call's reminder, to move or cancel). */
export async function queuedKeys(db: Db, about: string, kind: string): Promise<string[]> {
  const rows = await db
    .select({ key: messages.key })
    .from(messages)
    .where(and(eq(messages.about, about), eq(messages.kind, kind), stillQueued));
  return rows.map((row) => row.key);
}

/** One planned or past message of a person, as their page lists it (no payload: her page shows what and when). */
export interface PersonMessage {
  key: string;
  kind: string;
  state: string;
  notBefore: Date;
  sentAt: Date | null;
  updatedAt: Date;
}

/**
 * The messages of some kinds (a prefix) about a record or to an address, newest plan first: what
 * will go out to a lead and what went out.
 */
export async function messagesOfPerson(
  db: Db,
  person: { about: string; recipient: string | null; kindPrefix: string },
): Promise<PersonMessage[]> {
  const whose = person.recipient
    ? or(eq(messages.about, person.about), eq(messages.recipient, person.recipient.trim().toLowerCase()))!
    : eq(messages.about, person.about);
  return db
    .select({
      key: messages.key,
      kind: messages.kind,
      state: messages.state,
      notBefore: messages.notBefore,
      sentAt: messages.sentAt,
      updatedAt: messages.updatedAt,
    })
    .from(messages)
    .where(and(whose, like(messages.kind, `${person.kindPrefix}%`)))
    .orderBy(messages.notBefore)
    .limit(100);
}
