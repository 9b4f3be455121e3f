import { and, asc, desc, eq, inArray, isNull, lt, ne, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { leadEvents, signups } from "#db/schema";
import type { Db } from "~/infra/db.server";
import { internationalNumber } from "./contact";
import { storedPhoneTail } from "./contact.server";
import { FORM_NAMES } from "./vocabulary";

/**
 * One person's leads, event signups and lead events, as a data request (reports/data-requests.server.ts)
 * finds, exports and erases them (which rows are the person's is decided there), and the rows
 * retention removes.
 */

export type Signup = typeof signups.$inferSelect;

/** Signups whose address is this one (in lower case), of every form. */
export async function signupsByEmail(db: Db, email: string): Promise<Signup[]> {
  return db
    .select()
    .from(signups)
    .where(eq(sql`lower(${signups.email})`, email));
}

/** Signups of one form whose phone is one of `phones` (international form without "+"). */
export async function signupsByPhone(db: Db, formName: string, phones: readonly string[]): Promise<Signup[]> {
  if (!phones.length) return [];
  // The database narrows by the last eight digits as typed; the international forms then decide.
  const tails = phones.map((p) => p.slice(-8));
  const candidates = await db
    .select()
    .from(signups)
    .where(
      and(
        eq(signups.formName, formName),
        inArray(sql`right(regexp_replace(coalesce(${signups.phone}, ''), '[^0-9]', '', 'g'), 8)`, tails),
      ),
    );
  return candidates.filter((row) => phones.includes(internationalNumber(row.phone) ?? ""));
}

export async function leadEventsOf(db: Db, leadIds: string[]): Promise<(typeof leadEvents.$inferSelect)[]> {
  return leadIds.length ? db.select().from(leadEvents).where(inArray(leadEvents.leadId, leadIds)) : [];
}

/** Deletes leads and event signups (their lead events and consent records cascade). */
export async function deleteSignups(db: Db, ids: string[]): Promise<void> {
  if (ids.length) await db.delete(signups).where(inArray(signups.id, ids));
}

// ——— Retention (reports/retention.server.ts decides the periods) ———

/** Intake leads created before `before` that are not clients. */
export async function staleLeadIds(db: Db, before: Date): Promise<string[]> {
  const rows = await db
    .select({ id: signups.id })
    .from(signups)
    .where(and(eq(signups.formName, FORM_NAMES.intake), ne(signups.status, "client"), lt(signups.createdAt, before)));
  return rows.map((r) => r.id);
}

/** Deletes these leads; how many went. */
export async function pruneLeads(db: Db, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  return (await db.delete(signups).where(inArray(signups.id, ids)).returning({ id: signups.id })).length;
}

/**
 * Deletes event signups created before `createdBefore`, of the events in `eventKeys`, and, when
 * `keylessUntil` is given, those without an event key created before it; how many went.
 */
export async function pruneEventSignups(
  db: Db,
  by: { createdBefore: Date; eventKeys: string[]; keylessUntil: Date | null },
): Promise<number> {
  const removed = await db
    .delete(signups)
    .where(
      and(
        eq(signups.formName, FORM_NAMES.event),
        or(
          lt(signups.createdAt, by.createdBefore),
          ...(by.eventKeys.length ? [inArray(signups.eventKey, by.eventKeys)] : []),
          ...(by.keylessUntil ? [and(isNull(signups.eventKey), lt(signups.createdAt, by.keylessUntil))] : []),
        ),
      ),
    )
    .returning({ id: signups.id });
  return removed.length;
}

// ——— A lead's timeline (reports/timeline.server.ts) ———

/** One intake lead, or undefined. */
export async function intakeLead(db: Db, id: string): Promise<Signup | undefined> {
  const [lead] = await db
    .select()
    .from(signups)
    .where(and(eq(signups.id, id), eq(signups.formName, FORM_NAMES.intake)));
  return lead;
}

/** Event signups whose stored phone ends in these digits (the caller compares whole numbers). */
export async function eventSignupsByPhoneTail(
  db: Db,
  tail: string,
): Promise<{ id: string; name: string | null; phone: string | null; createdAt: Date }[]> {
  return db
    .select({ id: signups.id, name: signups.name, phone: signups.phone, createdAt: signups.createdAt })
    .from(signups)
    .where(and(eq(signups.formName, FORM_NAMES.event), eq(storedPhoneTail, tail)));
}

/** A lead's status changes and notes, oldest first. */
export async function leadHistory(db: Db, leadId: string): Promise<(typeof leadEvents.$inferSelect)[]> {
  return db.select().from(leadEvents).where(eq(leadEvents.leadId, leadId)).orderBy(asc(leadEvents.createdAt));
}

/**
 * For another owner's statement: the id of the newest intake lead with the address in `email`
 * (a column of that statement), as a correlated subquery.
 */
export function newestIntakeLeadWithEmail(email: AnyColumn): SQL<string | null> {
  return sql<string | null>`(select l.id from ${signups} l where l.form_name = ${FORM_NAMES.intake}
    and lower(l.email) = lower(${email}) order by l.created_at desc limit 1)`;
}

/** These intake leads (a page's worth). */
export async function intakeLeadsByIds(db: Db, ids: string[]): Promise<Signup[]> {
  return ids.length
    ? db
        .select()
        .from(signups)
        .where(and(inArray(signups.id, ids), eq(signups.formName, FORM_NAMES.intake)))
    : [];
}

/** One batch of event signups, newest first (the CSV export pages through them). */
export async function eventSignupsBatch(db: Db, limit: number, offset: number): Promise<Signup[]> {
  return db
    .select()
    .from(signups)
    .where(eq(signups.formName, FORM_NAMES.event))
    .orderBy(desc(signups.createdAt), desc(signups.id))
    .limit(limit)
    .offset(offset);
}

// ——— The follow-ups' questions (follow-ups/follow-ups.server.ts, FollowUpPeople) ———

/** A lead's address and first name, for the message after a missed call. */
export async function leadContact(
  db: Db,
  leadId: string,
): Promise<{ email: string | null; firstName: string | null } | undefined> {
  const [lead] = await db
    .select({ email: signups.email, firstName: signups.firstName })
    .from(signups)
    .where(eq(signups.id, leadId));
  return lead;
}

/** An event signup as its follow-ups need it. */
export async function eventSignupOf(
  db: Db,
  signupId: string,
): Promise<
  { id: string; name: string | null; email: string | null; eventKey: string | null; waitlisted: boolean } | undefined
> {
  const [signup] = await db
    .select({
      id: signups.id,
      name: signups.name,
      email: signups.email,
      eventKey: signups.eventKey,
      waitlisted: signups.waitlisted,
    })
    .from(signups)
    .where(eq(signups.id, signupId));
  return signup;
}
