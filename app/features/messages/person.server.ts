import { and, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { messages } from "#db/schema";
import type { Db } from "~/infra/db.server";
import type { Message } from "./engine.server";

/**
 * The messages that belong to one person, for a data request (GDPR art. 15, 17): those sent to an
 * address the request proved, and those about one of the person's records (the notice of their
 * questionnaire to the trainer, their order's confirmation, their call's reminders). The ids and
 * addresses come from the data request's own matching; nothing here widens it.
 */
export interface PersonMessages {
  recipients: readonly string[];
  about: readonly string[];
}

function belongs(person: PersonMessages): SQL | null {
  const recipients = [...new Set(person.recipients.map((r) => r.trim().toLowerCase()))].filter(Boolean);
  const about = [...new Set(person.about)].filter(Boolean);
  const matches = [
    ...(recipients.length ? [inArray(sql`lower(${messages.recipient})`, recipients)] : []),
    ...(about.length ? [inArray(messages.about, about)] : []),
  ];
  return matches.length ? or(...matches)! : null;
}

export async function messagesOf(db: Db, person: PersonMessages): Promise<Message[]> {
  const where = belongs(person);
  return where ? db.select().from(messages).where(where).orderBy(messages.createdAt) : [];
}

/** What an order confirmation keeps after an erasure: that it went, when, for which order. */
const ERASED = { to: "", subject: "(erased on request)", text: "" };

/**
 * Erases the person's messages: each is deleted (a planned one then never goes), except an order
 * confirmation, which the bookkeeping and the withdrawal period need as proof that it went out: it
 * keeps its kind, order and times, and loses its address and text.
 */
export async function eraseMessagesOf(db: Db, person: PersonMessages): Promise<void> {
  const where = belongs(person);
  if (!where) return;
  await db
    .update(messages)
    .set({ recipient: "erased", payload: ERASED, lastAnswer: null })
    .where(and(where, eq(messages.kind, "order-confirmation")));
  await db.delete(messages).where(and(where, ne(messages.kind, "order-confirmation")));
}
