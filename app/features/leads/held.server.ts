import { desc, eq, lt } from "drizzle-orm";
import { z } from "zod";
import { heldSubmissions } from "#db/schema";
import { retention } from "#content/retention";
import type { Db } from "~/infra/db.server";
import type { HoldReason } from "~/infra/form-guard.server";
import type { Logger } from "~/infra/logger.server";
import type { Outbox } from "./outbox.server";
import { HELD_FORMS, type HeldForm } from "./held-messages";

/**
 * Submissions that looked automated (sent faster than a person fills the form in) but had an empty
 * honeypot. A person whose browser fills in the form can be that fast, so nothing is dropped: the
 * submission is kept here, the visitor is told it arrived and will be checked, and the trainer
 * accepts it (it is then stored as the lead or subscription it would have been) or deletes it.
 * Unreviewed ones go after HELD_RETENTION_DAYS (retention.server.ts).
 */
export { type HeldForm } from "./held-messages";
export const HELD_RETENTION_DAYS = retention.heldSubmissionDays;
/** The outbox kind for a held submission that came while the database was away. */
export const HELD_OUTBOX_KIND = "held";

const heldEntrySchema = z.object({
  form: z.enum(HELD_FORMS),
  reason: z.literal("too-fast"),
  elapsedMs: z.number().int().nullable(),
  payload: z.unknown(),
  createdAt: z.iso.datetime(),
});
export type HeldEntry = z.infer<typeof heldEntrySchema>;

export interface HeldDeps {
  db: Db;
  outbox: Outbox;
  logger: Logger;
}

/** The browser's measured fill time, if it sent one that is a whole number. */
export function elapsedOf(value: unknown): number | null {
  const n = typeof value === "number" ? value : typeof value === "string" ? Number(value) : NaN;
  return Number.isFinite(n) ? Math.max(-1, Math.min(Math.round(n), 2_000_000_000)) : null;
}

async function insert(db: Db, entry: HeldEntry): Promise<void> {
  await db.insert(heldSubmissions).values({
    form: entry.form,
    reason: entry.reason,
    elapsedMs: entry.elapsedMs,
    payload: entry.payload,
    createdAt: new Date(entry.createdAt),
  });
}

/**
 * Keeps a submission for review: in the database, else in the outbox (replayed into this table),
 * like every lead. False only when both failed; the caller then says the save failed.
 */
export async function holdSubmission(
  deps: HeldDeps,
  form: HeldForm,
  reason: HoldReason,
  elapsedMs: number | null,
  payload: unknown,
): Promise<boolean> {
  const entry: HeldEntry = { form, reason, elapsedMs, payload, createdAt: new Date().toISOString() };
  try {
    await insert(deps.db, entry);
    return true;
  } catch (error) {
    deps.logger.error({ err: error, form }, "holding a submission failed, trying the outbox");
  }
  try {
    await deps.outbox.append(HELD_OUTBOX_KIND, entry);
    return true;
  } catch (error) {
    deps.logger.fatal({ err: error, form }, "held submission lost: database and outbox both failed");
    return false;
  }
}

/** The outbox's replay of a held submission. */
export function heldReplayHandler(db: Db) {
  return async (payload: unknown): Promise<void> => insert(db, heldEntrySchema.parse(payload));
}

export interface HeldRow {
  id: string;
  form: HeldForm;
  reason: string;
  elapsedMs: number | null;
  createdAt: Date;
  /** Who it is from, as far as the form says: a name, an e-mail, a phone. */
  who: { name?: string; email?: string; phone?: string };
  payload: unknown;
}

const whoSchema = z
  .object({
    name: z.string().optional(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    email: z.string().optional(),
    phone: z.string().optional(),
    input: z.object({ email: z.string().optional() }).optional(),
  })
  .catch({});

function whoOf(payload: unknown): HeldRow["who"] {
  const p = whoSchema.parse(payload);
  const name = p.name ?? ([p.firstName, p.lastName].filter(Boolean).join(" ") || undefined);
  const email = p.email ?? p.input?.email;
  return { ...(name ? { name } : {}), ...(email ? { email } : {}), ...(p.phone ? { phone: p.phone } : {}) };
}

function rowOf(row: typeof heldSubmissions.$inferSelect): HeldRow {
  const form = (HELD_FORMS as readonly string[]).includes(row.form) ? (row.form as HeldForm) : "intake";
  return { ...row, form, who: whoOf(row.payload) };
}

export async function listHeld(db: Db, limit = 200): Promise<HeldRow[]> {
  const rows = await db.select().from(heldSubmissions).orderBy(desc(heldSubmissions.createdAt)).limit(limit);
  return rows.map(rowOf);
}

export async function findHeld(db: Db, id: string): Promise<HeldRow | null> {
  if (!z.uuid().safeParse(id).success) return null;
  const [row] = await db.select().from(heldSubmissions).where(eq(heldSubmissions.id, id)).limit(1);
  return row ? rowOf(row) : null;
}

/**
 * Accepting: `store` stores the payload as its form would have (idempotent: the same lead id and
 * idempotency key as at submit time, so a second accept stores nothing twice), then the held row goes.
 */
export async function acceptHeld(
  db: Db,
  id: string,
  store: (form: HeldForm, payload: unknown) => Promise<void>,
): Promise<HeldRow | null> {
  const row = await findHeld(db, id);
  if (!row) return null;
  await store(row.form, row.payload);
  await db.delete(heldSubmissions).where(eq(heldSubmissions.id, row.id));
  return row;
}

export async function deleteHeld(db: Db, id: string): Promise<boolean> {
  if (!z.uuid().safeParse(id).success) return false;
  const gone = await db.delete(heldSubmissions).where(eq(heldSubmissions.id, id)).returning({ id: heldSubmissions.id });
  return gone.length > 0;
}

/** The retention job: unreviewed held submissions older than HELD_RETENTION_DAYS. */
export async function purgeHeld(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - HELD_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  const gone = await db
    .delete(heldSubmissions)
    .where(lt(heldSubmissions.createdAt, before))
    .returning({ id: heldSubmissions.id });
  return gone.length;
}
