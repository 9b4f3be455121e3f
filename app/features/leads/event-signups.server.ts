import { and, count, eq, inArray, ne } from "drizzle-orm";
import { signups } from "#db/schema";
import type { Db } from "~/infra/db.server";
import { lockEntryData } from "~/features/content/store.server";
import { FORM_NAMES } from "./vocabulary";

/**
 * The event signups' rows as the events feature changes them (events/events.server.ts, which adds
 * what follows each change): counts of places, the trainer's cancel, erase and move-up.
 */

/** A signup the trainer cancelled: the row stays, holding neither a place nor a spot in the queue. */
export const CANCELLED = "cancelled";

/** Non-cancelled signups per event key, split by waiting list or not. */
export async function eventSignupCounts(
  db: Db,
  keys: string[],
): Promise<{ key: string | null; waitlisted: boolean; n: number }[]> {
  return db
    .select({ key: signups.eventKey, waitlisted: signups.waitlisted, n: count() })
    .from(signups)
    .where(and(eq(signups.formName, FORM_NAMES.event), inArray(signups.eventKey, keys), ne(signups.status, CANCELLED)))
    .groupBy(signups.eventKey, signups.waitlisted);
}

export interface ChangedSignup {
  id: string;
  name: string | null;
  phone: string | null;
  eventKey: string | null;
}

export type SignupChange = { ok: true; signup: ChangedSignup } | { ok: false; message: string };

const signupColumns = { id: signups.id, name: signups.name, phone: signups.phone, eventKey: signups.eventKey };

/** Marks an event signup cancelled; undefined when it was already, or is gone. */
export async function markEventSignupCancelled(db: Db, id: string): Promise<ChangedSignup | undefined> {
  const [signup] = await db
    .update(signups)
    .set({ status: CANCELLED })
    .where(and(eq(signups.id, id), eq(signups.formName, FORM_NAMES.event), ne(signups.status, CANCELLED)))
    .returning(signupColumns);
  return signup;
}

/** Deletes one event signup (its consent record cascades); undefined when it is gone. */
export async function deleteEventSignup(db: Db, id: string): Promise<ChangedSignup | undefined> {
  const [signup] = await db
    .delete(signups)
    .where(and(eq(signups.id, id), eq(signups.formName, FORM_NAMES.event)))
    .returning(signupColumns);
  return signup;
}

/**
 * A name on the waiting list gets a place, when one is free. The event's row is locked first, as
 * a new signup locks it (signups.server.ts), so a visitor signing up at the same moment and this
 * move cannot both take the last place.
 */
export async function moveUpEventSignup(db: Db, id: string): Promise<SignupChange> {
  return db.transaction(async (tx): Promise<SignupChange> => {
    const where = and(
      eq(signups.id, id),
      eq(signups.formName, FORM_NAMES.event),
      eq(signups.waitlisted, true),
      ne(signups.status, CANCELLED),
    );
    const [waiting] = await tx.select(signupColumns).from(signups).where(where);
    if (!waiting?.eventKey) return { ok: false as const, message: "This name is no longer on the waiting list." };
    const entry = await lockEntryData(tx, "event", waiting.eventKey);
    const data = (entry?.published ?? entry?.draft) as { capacity?: unknown } | null | undefined;
    const capacity = typeof data?.capacity === "number" ? data.capacity : Infinity;
    const [taken] = await tx
      .select({ n: count() })
      .from(signups)
      .where(
        and(
          eq(signups.eventKey, waiting.eventKey),
          eq(signups.formName, FORM_NAMES.event),
          eq(signups.waitlisted, false),
          ne(signups.status, CANCELLED),
        ),
      );
    if ((taken?.n ?? 0) >= capacity)
      return {
        ok: false as const,
        message: "Every place is taken. Cancel a place first, or add places to the event.",
      };
    const [moved] = await tx.update(signups).set({ waitlisted: false }).where(where).returning(signupColumns);
    return moved ? { ok: true as const, signup: moved } : { ok: false as const, message: "Nothing changed." };
  });
}
