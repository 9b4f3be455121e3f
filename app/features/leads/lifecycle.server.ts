import { and, desc, eq, sql } from "drizzle-orm";
import { leadEvents, signups } from "#db/schema";
import type { Db } from "~/infra/db.server";
import { FORM_NAMES } from "./vocabulary";

/**
 * Lead statuses that move on their own when the facts are known: a booked call makes a lead
 * "call-booked", a paid order makes it a "client". They only move forward, so a trainer's
 * later choice (say "client" after a chat) is never undone by an older fact; the trainer can
 * always set any status by hand. Every change is written to lead_events for the timeline.
 */
const FORWARD_RANK: Record<string, number> = { new: 0, contacted: 1, "call-booked": 2, client: 3 };

export type AutoReason = "booking" | "cancellation" | "payment";

export async function advanceLeadStatus(
  db: Db,
  leadId: string,
  to: "call-booked" | "client",
  reason: AutoReason,
): Promise<boolean> {
  const [lead] = await db
    .select({ status: signups.status })
    .from(signups)
    .where(and(eq(signups.id, leadId), eq(signups.formName, FORM_NAMES.intake)));
  if (!lead) return false;
  // An archived lead who books or pays has come back; any other status moves only forward.
  const rank = FORWARD_RANK[lead.status] ?? -1;
  if (rank >= (FORWARD_RANK[to] ?? 0)) return false;
  await db.update(signups).set({ status: to }).where(eq(signups.id, leadId));
  await db.insert(leadEvents).values({
    leadId,
    kind: "status",
    fromStatus: lead.status,
    toStatus: to,
    actor: "system",
    reason,
  });
  return true;
}

/**
 * A cancelled call: a lead still at "call-booked" with no other booked call goes back to the
 * status it had before the booking moved it (the trainer's own changes since then stand). The
 * bookings are scheduling's: it passes how to ask, asked only for a lead still at "call-booked".
 */
export async function revertAfterCancellation(
  db: Db,
  leadId: string,
  hasBookedCall: (db: Db, leadId: string) => Promise<boolean>,
): Promise<boolean> {
  const [lead] = await db.select({ status: signups.status }).from(signups).where(eq(signups.id, leadId));
  if (lead?.status !== "call-booked") return false;
  if (await hasBookedCall(db, leadId)) return false;
  const [moved] = await db
    .select({ fromStatus: leadEvents.fromStatus })
    .from(leadEvents)
    .where(and(eq(leadEvents.leadId, leadId), eq(leadEvents.kind, "status"), eq(leadEvents.toStatus, "call-booked")))
    .orderBy(desc(leadEvents.createdAt))
    .limit(1);
  const back = moved?.fromStatus && moved.fromStatus !== "call-booked" ? moved.fromStatus : "new";
  await db.update(signups).set({ status: back }).where(eq(signups.id, leadId));
  await db.insert(leadEvents).values({
    leadId,
    kind: "status",
    fromStatus: "call-booked",
    toStatus: back,
    actor: "system",
    reason: "cancellation",
  });
  return true;
}

/** The trainer's status change and note, as timeline entries (only what actually changed). */
export async function recordTrainerUpdate(
  db: Db,
  input: {
    leadId: string;
    userId: string;
    from: { status: string; note: string | null };
    to: { status: string; note: string | null };
  },
): Promise<void> {
  const rows: (typeof leadEvents.$inferInsert)[] = [];
  if (input.from.status !== input.to.status)
    rows.push({
      leadId: input.leadId,
      kind: "status",
      fromStatus: input.from.status,
      toStatus: input.to.status,
      actor: "trainer",
      userId: input.userId,
    });
  if ((input.from.note ?? "") !== (input.to.note ?? "") && input.to.note)
    rows.push({ leadId: input.leadId, kind: "note", note: input.to.note, actor: "trainer", userId: input.userId });
  if (rows.length) await db.insert(leadEvents).values(rows);
}

/** The newest intake lead with this e-mail address (case-insensitive), if any. */
export async function leadByEmail(db: Db, email: string | null | undefined): Promise<string | null> {
  const address = email?.trim().toLowerCase();
  if (!address) return null;
  const [lead] = await db
    .select({ id: signups.id })
    .from(signups)
    .where(and(sql`lower(${signups.email}) = ${address}`, eq(signups.formName, FORM_NAMES.intake)))
    .orderBy(desc(signups.createdAt))
    .limit(1);
  return lead?.id ?? null;
}

/** An intake lead with this id, if it exists. */
export async function intakeLeadExists(db: Db, id: string): Promise<boolean> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return false;
  const [lead] = await db
    .select({ id: signups.id })
    .from(signups)
    .where(and(eq(signups.id, id), eq(signups.formName, FORM_NAMES.intake)));
  return !!lead;
}
