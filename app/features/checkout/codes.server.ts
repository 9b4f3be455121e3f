import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { discountCodes, discountCodeUses, orders } from "#db/schema";
import type { Db } from "~/infra/db.server";
import { currentPricing, type OffersReader } from "./offers.server";
import { checkCode, normalizeCode, type CodeCheck, type CodeInput, type DiscountCode } from "./code-rules";

/**
 * The trainer's discount codes in the database (docs/decisions/076-discount-codes.md): making,
 * listing, ending and deleting them on Prices, and taking and giving back a use at checkout.
 */

type CodeRow = typeof discountCodes.$inferSelect;

const codeOf = (row: CodeRow): DiscountCode => ({
  ...row,
  kind: row.kind === "amount" ? "amount" : "percent",
});

/** The code typed at checkout, in any case, or null. */
export async function findCode(db: Db, typed: string): Promise<DiscountCode | null> {
  const code = normalizeCode(typed);
  if (!code) return null;
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(sql`upper(${discountCodes.code}) = ${code}`);
  return row ? codeOf(row) : null;
}

/** Every code, newest first: she keeps a handful, so there is no paging. */
export async function listCodes(db: Db): Promise<DiscountCode[]> {
  const rows = await db.select().from(discountCodes).orderBy(desc(discountCodes.createdAt), desc(discountCodes.id));
  return rows.map(codeOf);
}

/** Makes a code from her form, checked against the published prices. */
export async function createCode(
  services: OffersReader & { database: { db: Db } },
  input: CodeInput,
  now: Date = new Date(),
): Promise<CodeCheck & { id?: string }> {
  const db = services.database.db;
  const pricing = await currentPricing(services);
  const taken = (await findCode(db, input.code)) !== null;
  const checked = checkCode(input, pricing.plans, now, taken);
  if (!checked.ok) return checked;
  const [row] = await db
    .insert(discountCodes)
    .values({ ...checked.code, planIds: [...checked.code.planIds] })
    .onConflictDoNothing()
    .returning({ id: discountCodes.id });
  // Made by a second tap in the same moment: the unique index answers, as the form would have.
  if (!row) return { ok: false, errors: { codeText: `There is a code ${checked.code.code} already: pick another.` } };
  return { ...checked, id: row.id };
}

/** Ends a code now; a code already over stays as it was. */
export async function endCode(db: Db, id: string, now: Date = new Date()): Promise<boolean> {
  const ended = await db
    .update(discountCodes)
    .set({ endedAt: now })
    .where(
      and(
        eq(discountCodes.id, id),
        gt(discountCodes.endsAt, now),
        or(isNull(discountCodes.endedAt), gt(discountCodes.endedAt, now)),
      ),
    )
    .returning({ id: discountCodes.id });
  return ended.length > 0;
}

/** Deletes a code nobody has used (nor holds at an open checkout); a used one is kept for the orders that name it. */
export async function deleteUnusedCode(db: Db, id: string): Promise<boolean> {
  const deleted = await db
    .delete(discountCodes)
    .where(and(eq(discountCodes.id, id), eq(discountCodes.uses, 0)))
    .returning({ id: discountCodes.id });
  return deleted.length > 0;
}

/** `movedFrom`: the earlier checkout whose use this order now holds. `open`: that checkout was not closed first. */
export type VisitorsUse = "unpaid" | "used" | null;

export type TakeResult = { ok: true; movedFrom?: string } | { ok: false; refusal: "usedUp" | "alreadyUsed" | "open" };

/** The checkout holding a once-per-person code's use for this e-mail, if any. */
export async function heldCheckout(db: Db, codeId: string, email: string) {
  const [held] = await db
    .select({
      orderId: orders.id,
      status: orders.status,
      provider: orders.provider,
      sessionId: orders.providerSessionId,
      idempotencyKey: orders.idempotencyKey,
    })
    .from(discountCodeUses)
    .innerJoin(orders, eq(orders.id, discountCodeUses.orderId))
    .where(and(eq(discountCodeUses.codeId, codeId), eq(discountCodeUses.email, email.trim().toLowerCase())));
  return held ?? null;
}

const OPEN_OR_PAID = new Set(["pending", "paid", "active", "completed", "payment_failed"]);

/** What the checkout `heldCheckout` found means for its e-mail: a use at an unpaid checkout, or used. */
export function heldUse(held: { status: string } | null): VisitorsUse {
  if (!held || !OPEN_OR_PAID.has(held.status)) return null;
  return held.status === "pending" ? "unpaid" : "used";
}

/**
 * Takes one use of a code for an order, in the caller's transaction, at checkout start: the count
 * goes up only where it is still under the limit (one conditional UPDATE, which PostgreSQL runs
 * one at a time per row: of two checkouts racing for the last use, the second finds the limit
 * reached), and a once-per-person code keeps the buyer's e-mail under a unique index. An unpaid
 * checkout by the same e-mail (the visitor came back from the payment page) hands its use over,
 * but a pending one only when it is `movable`: the caller closed it at the provider first, so it
 * can no longer be paid (decision 081).
 */
export async function takeCodeUse(
  tx: Db,
  code: DiscountCode,
  orderId: string,
  email: string | null,
  movable: string | null = null,
): Promise<TakeResult> {
  const [held] = await tx.select().from(discountCodeUses).where(eq(discountCodeUses.orderId, orderId));
  // The same order again (a double tap reuses its order): it holds its use already.
  if (held) return { ok: true };
  const person = code.oncePerPerson && email ? email.trim().toLowerCase() : null;
  if (person) {
    const [earlier] = await tx
      .select({ id: discountCodeUses.id, orderId: discountCodeUses.orderId, status: orders.status })
      .from(discountCodeUses)
      .innerJoin(orders, eq(orders.id, discountCodeUses.orderId))
      .where(and(eq(discountCodeUses.codeId, code.id), eq(discountCodeUses.email, person)))
      .for("update", { of: discountCodeUses });
    if (earlier && earlier.status !== "pending" && OPEN_OR_PAID.has(earlier.status))
      return { ok: false, refusal: "alreadyUsed" };
    // Another start by the same person moved it since the caller looked: that checkout is still open.
    if (earlier?.status === "pending" && earlier.orderId !== movable) return { ok: false, refusal: "open" };
    if (earlier) {
      await tx.update(discountCodeUses).set({ orderId }).where(eq(discountCodeUses.id, earlier.id));
      return { ok: true, movedFrom: earlier.orderId };
    }
  }
  const counted = await tx
    .update(discountCodes)
    .set({ uses: sql`${discountCodes.uses} + 1` })
    .where(
      and(
        eq(discountCodes.id, code.id),
        or(isNull(discountCodes.maxUses), lt(discountCodes.uses, discountCodes.maxUses)),
      ),
    )
    .returning({ uses: discountCodes.uses });
  if (counted.length === 0) return { ok: false, refusal: "usedUp" };
  await tx.insert(discountCodeUses).values({ codeId: code.id, orderId, email: person });
  return { ok: true };
}

/**
 * Gives an order's use back when its checkout expires, is cancelled or could not be opened: the
 * row goes and the count comes down in one transaction; nothing happens for an order without one.
 */
export async function releaseCodeUse(db: Db, orderId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [released] = await tx
      .delete(discountCodeUses)
      .where(eq(discountCodeUses.orderId, orderId))
      .returning({ codeId: discountCodeUses.codeId });
    if (released)
      await tx
        .update(discountCodes)
        .set({ uses: sql`greatest(${discountCodes.uses} - 1, 0)` })
        .where(eq(discountCodes.id, released.codeId));
  });
}

/** The e-mail a once-per-person code was taken with, which the payment page then asks for. */
export async function codeEmailOfOrder(db: Db, orderId: string): Promise<string | null> {
  const [use] = await db
    .select({ email: discountCodeUses.email })
    .from(discountCodeUses)
    .where(eq(discountCodeUses.orderId, orderId));
  return use?.email ?? null;
}

/**
 * A person erased on request (reports/data-requests.server.ts): their e-mail leaves the uses of
 * their orders and any other use taken with it; the uses still count towards the codes' limits.
 */
export async function forgetCodeEmails(db: Db, orderIds: readonly string[], email: string | null): Promise<void> {
  const which = [
    ...(orderIds.length ? [inArray(discountCodeUses.orderId, [...orderIds])] : []),
    ...(email ? [eq(discountCodeUses.email, email.trim().toLowerCase())] : []),
  ];
  if (which.length)
    await db
      .update(discountCodeUses)
      .set({ email: null })
      .where(or(...which));
}
