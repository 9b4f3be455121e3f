import type { OrderCode, OrderDiscount } from "#db/schema";
import type { PlanTier } from "#content/types";
import { formatEuro, type CatalogueItem, type PurchasablePlanId } from "./catalogue";
import { parseEuro } from "./price-rules";
import {
  amsterdamMoment,
  itemOnSale,
  LOWEST_SALE_PRICE_CENTS,
  namesList,
  readWindow,
  saleLabel,
  saleOffCents,
  type Sale,
} from "./sale-rules";

/**
 * The trainer's discount codes (docs/decisions/076-discount-codes.md): a code a visitor types at
 * checkout for a percentage or an amount off the plans she chose, from a start to an end, with a
 * total limit and optionally once per person. Pure, so the checkout, the back office and the tests
 * work a price out the same way; the limits that need the database are checked in codes.server.ts.
 */

export type { OrderCode };

export interface DiscountCode {
  id: string;
  /** In capitals. */
  code: string;
  kind: "percent" | "amount";
  percent: number | null;
  amountOffCents: number | null;
  planIds: string[];
  startsAt: Date;
  endsAt: Date;
  endedAt: Date | null;
  maxUses: number | null;
  uses: number;
  oncePerPerson: boolean;
  stacksWithSale: boolean;
}

export type CodeState = "upcoming" | "running" | "over";

/** How a code is stored and compared: no spaces, capitals (she may hand it out as "winter 20"). */
export function normalizeCode(raw: string): string {
  return raw.replace(/\s+/g, "").toUpperCase();
}

export function codeEnd(code: Pick<DiscountCode, "endsAt" | "endedAt">): Date {
  return code.endedAt && code.endedAt < code.endsAt ? code.endedAt : code.endsAt;
}

/** Usable from its start (inclusive) until its end (exclusive), like a sale. */
export function codeState(code: Pick<DiscountCode, "startsAt" | "endsAt" | "endedAt">, now: Date): CodeState {
  if (now.getTime() >= codeEnd(code).getTime()) return "over";
  return now.getTime() < code.startsAt.getTime() ? "upcoming" : "running";
}

/**
 * Why a code is refused at checkout; each has its own message under the field. `tryAgain`: the
 * visitor's earlier checkout holding the code could not be closed just now (decision 081).
 */
export type CodeRefusal =
  "unknown" | "expired" | "notStarted" | "usedUp" | "wrongPlan" | "alreadyUsed" | "needsEmail" | "tryAgain";

export function codeMessage(refusal: CodeRefusal, code: string, context: { plans?: string; starts?: string } = {}) {
  switch (refusal) {
    case "unknown":
      return `There is no code "${code}". Check the spelling, or leave the field empty to pay the normal price.`;
    case "expired":
      return `The code ${code} has ended. Leave the field empty to pay the price shown.`;
    case "notStarted":
      return `The code ${code} is not valid yet: it starts ${context.starts ?? "later"} (Amsterdam time).`;
    case "usedUp":
      return `The code ${code} has been used as often as it may be. Leave the field empty to pay the price shown.`;
    case "wrongPlan":
      return `The code ${code} is for ${context.plans ?? "other plans"} only. Choose that plan, or leave the field empty.`;
    case "alreadyUsed":
      return `The code ${code} is once per person, and it has been used with this e-mail address already.`;
    case "needsEmail":
      return `The code ${code} is once per person: type your e-mail address below so it can be checked.`;
    case "tryAgain":
      return `Your earlier checkout with the code ${code} could not be closed just now, so nothing has changed. Please try again in a moment.`;
  }
}

/** The stored code as the visitor reads it: "20% off" or "€20 off". */
export function codeLabel(code: Pick<DiscountCode, "kind" | "percent" | "amountOffCents">): string {
  return saleLabel(code);
}

/**
 * Whether the code can be used on this plan now, before its limits are counted: unknown, not
 * started, over and wrong plan are refused here (with the plans named). Used-up and once per person
 * are counted under a lock when the use is taken (codes.server.ts).
 */
export function checkCodeFor(
  code: DiscountCode | null,
  typed: string,
  planId: string,
  plans: readonly Pick<PlanTier, "id" | "name">[],
  now: Date,
  /**
   * A once-per-person code's use this visitor's e-mail holds: at her own unpaid checkout (it moves to
   * this one, even the last use: decision 081), or used already.
   */
  visitorsUse: "unpaid" | "used" | null = null,
): { ok: true; code: DiscountCode } | { ok: false; refusal: CodeRefusal; message: string } {
  const shown = normalizeCode(typed);
  const refuse = (refusal: CodeRefusal, context?: { plans?: string; starts?: string }) => ({
    ok: false as const,
    refusal,
    message: codeMessage(refusal, shown, context),
  });
  if (!code) return refuse("unknown");
  const state = codeState(code, now);
  if (state === "over") return refuse("expired");
  if (state === "upcoming") return refuse("notStarted", { starts: amsterdamMoment(code.startsAt, now) });
  if (!code.planIds.includes(planId))
    return refuse("wrongPlan", {
      plans: namesList(plans.filter((p) => code.planIds.includes(p.id)).map((p) => p.name)),
    });
  if (visitorsUse === "used") return refuse("alreadyUsed");
  if (visitorsUse !== "unpaid" && code.maxUses !== null && code.uses >= code.maxUses) return refuse("usedUp");
  return { ok: true, code };
}

/** Cents a code takes off one payment of `beforeCents`, never below the lowest price charged. */
export function codeOffCents(
  code: Pick<DiscountCode, "kind" | "percent" | "amountOffCents">,
  beforeCents: number,
): number {
  const off = saleOffCents(code, beforeCents);
  return Math.max(0, Math.min(off, beforeCents - LOWEST_SALE_PRICE_CENTS));
}

/** Which discount an order gets: the sale's, the code's, or both when the code adds to the sale. */
export type Applied = "none" | "sale" | "code" | "both";

export interface CodePrice {
  item: CatalogueItem;
  sale: OrderDiscount | null;
  code: OrderCode | null;
  applied: Applied;
}

/**
 * The price of one payment with a code, from the normal price: with a sale running on the plan, a
 * code that does not add to sales gives the better of the two (the sale on a tie, so the code is not
 * spent for nothing); one that adds to it takes its share off the sale price. A percentage is
 * rounded to the nearest cent (half a cent up), and no price goes below the lowest charged.
 */
export function priceWithCode(
  listed: CatalogueItem,
  sale: Sale | null,
  code: DiscountCode | null,
  now: Date,
): CodePrice {
  const onSale = itemOnSale(listed, sale, now);
  const priced = (item: CatalogueItem, amountCents: number) => ({
    ...item,
    amountCents,
    totalCents: amountCents * item.payments,
  });
  if (!code)
    return { item: onSale.item, sale: onSale.discount, code: null, applied: onSale.discount ? "sale" : "none" };
  const orderCode = (beforeCents: number, offCents: number): OrderCode => ({
    codeId: code.id,
    code: code.code,
    label: codeLabel(code),
    beforeCents,
    offCents,
    endsAt: codeEnd(code).toISOString(),
  });
  if (onSale.discount && code.stacksWithSale) {
    const before = onSale.item.amountCents;
    const off = codeOffCents(code, before);
    if (off === 0) return { item: onSale.item, sale: onSale.discount, code: null, applied: "sale" };
    return {
      item: priced(listed, before - off),
      sale: onSale.discount,
      code: orderCode(before, off),
      applied: "both",
    };
  }
  const off = codeOffCents(code, listed.amountCents);
  if (off === 0 || (onSale.discount && onSale.discount.offCents >= off))
    return {
      item: onSale.item,
      sale: onSale.discount,
      code: null,
      applied: onSale.discount ? "sale" : "none",
    };
  return {
    item: priced(listed, listed.amountCents - off),
    sale: null,
    code: orderCode(listed.amountCents, off),
    applied: "code",
  };
}

/** "WINTER20, 20% off: €28 off each of the 3 payments": the order's code, on Orders and the test checkout. */
export function codeLine(code: OrderCode, payments: number): string {
  const each = payments === 1 ? "" : ` each of the ${payments} payments`;
  const off = `${formatEuro(code.offCents)} off${each}`;
  return code.label === `${formatEuro(code.offCents)} off`
    ? `${code.code}: ${off}`
    : `${code.code}, ${code.label}: ${off}`;
}

// The trainer's form on Prices: what she types, the checks and the messages under each field.

export const CODE_FIELDS = [
  "codeText",
  "codeKind",
  "codeValue",
  "codePlans",
  "codeStarts",
  "codeEnds",
  "codeMaxUses",
] as const;
export type CodeField = (typeof CODE_FIELDS)[number];

export interface CodeInput {
  code: string;
  kind: string;
  value: string;
  planIds: string[];
  starts: string;
  ends: string;
  maxUses: string;
  oncePerPerson: boolean;
  stacksWithSale: boolean;
}

export type NewCode = Omit<DiscountCode, "id" | "uses" | "endedAt">;
export type CodeCheck = { ok: true; code: NewCode } | { ok: false; errors: Partial<Record<CodeField, string>> };

type PricedPlan = Pick<PlanTier, "id" | "name" | "monthlyPriceCents">;

/**
 * Checks a new code against the published prices: a code of 3 to 30 letters, digits, "-" or "_";
 * a discount that leaves every chosen price at €1 or more; at least one plan; an end after now
 * and the start; a whole, positive use limit or none. `taken` says whether the code exists already.
 */
export function checkCode(input: CodeInput, plans: readonly PricedPlan[], now: Date, taken: boolean): CodeCheck {
  const errors: Partial<Record<CodeField, string>> = {};
  const code = normalizeCode(input.code);
  if (!code) errors.codeText = "Type the code visitors will type, for example WINTER20.";
  else if (!/^[A-Z0-9_-]{3,30}$/.test(code))
    errors.codeText = "A code is 3 to 30 letters, digits, - or _ (no accents or other signs), for example WINTER20.";
  else if (taken) errors.codeText = `There is a code ${code} already (codes are the same in any case): pick another.`;

  const kind = input.kind === "amount" ? "amount" : input.kind === "percent" ? "percent" : null;
  if (!kind) errors.codeKind = "Choose a percentage off or an amount off.";
  const purchasable = plans.filter(
    (p): p is PricedPlan & { id: PurchasablePlanId; monthlyPriceCents: NonNullable<PricedPlan["monthlyPriceCents"]> } =>
      p.id !== "custom" && p.monthlyPriceCents !== null,
  );
  const chosen = purchasable.filter((p) => input.planIds.includes(p.id));
  if (chosen.length === 0) errors.codePlans = "Choose at least one plan the code is for.";

  let percent: number | null = null;
  let amountOffCents: number | null = null;
  if (kind === "percent") {
    const text = input.value.replace(/[%\s]/g, "");
    const n = Number(text);
    if (!/^\d+$/.test(text) || n < 1 || n > 99)
      errors.codeValue = "Type a whole percentage from 1 to 99, for example 20.";
    else percent = n;
  } else if (kind === "amount") {
    const read = parseEuro(input.value);
    if (!read.ok) errors.codeValue = read.message.replace("a price in euros", "an amount in euros");
    else if (read.cents === 0) errors.codeValue = "A code of €0 off changes nothing: type an amount, for example 20.";
    else amountOffCents = read.cents;
  }
  if (kind && !errors.codeValue && chosen.length) {
    const lowest = chosen
      .flatMap((plan) => (["1", "3", "6"] as const).map((d) => ({ plan, d, cents: plan.monthlyPriceCents[d] })))
      .sort((a, b) => a.cents - b.cents)[0];
    if (lowest) {
      const off = saleOffCents({ kind, percent, amountOffCents }, lowest.cents);
      if (lowest.cents - off < LOWEST_SALE_PRICE_CENTS)
        errors.codeValue = `That would leave the ${lowest.plan.name} ${lowest.d}-month price of ${formatEuro(lowest.cents)} a month at ${formatEuro(Math.max(0, lowest.cents - off))}; a price must stay at least ${formatEuro(LOWEST_SALE_PRICE_CENTS)}.`;
    }
  }

  const window = readWindow(input.starts, input.ends, now, "code");
  const { startsAt, endsAt } = window;
  if (window.startError) errors.codeStarts = window.startError;
  if (window.endError) errors.codeEnds = window.endError;

  let maxUses: number | null = null;
  const limit = input.maxUses.trim();
  if (limit) {
    if (!/^\d+$/.test(limit) || Number(limit) < 1 || Number(limit) > 1_000_000)
      errors.codeMaxUses =
        "Type how many times the code may be used in all, for example 50, or leave it empty for no limit.";
    else maxUses = Number(limit);
  }

  if (Object.keys(errors).length || !kind || !endsAt) return { ok: false, errors };
  return {
    ok: true,
    code: {
      code,
      kind,
      percent,
      amountOffCents,
      planIds: chosen.map((p) => p.id),
      startsAt,
      endsAt,
      maxUses,
      oncePerPerson: input.oncePerPerson,
      stacksWithSale: input.stacksWithSale,
    },
  };
}

/** "WINTER20: 20% off Progress and Elite, from … until …; 3 of 50 used; once per person; not with a sale". */
export function describeCode(code: DiscountCode, plans: readonly Pick<PlanTier, "id" | "name">[], now: Date) {
  const names = namesList(plans.filter((p) => code.planIds.includes(p.id)).map((p) => p.name));
  const used = code.maxUses === null ? `${code.uses} used, no limit` : `${code.uses} of ${code.maxUses} used`;
  return {
    summary: `${codeLabel(code)} ${names}, from ${amsterdamMoment(code.startsAt, now)} until ${amsterdamMoment(codeEnd(code), now)}`,
    used,
    rules: [
      code.oncePerPerson ? "once per person (by e-mail)" : "more than once per person",
      code.stacksWithSale ? "adds to a running sale" : "not with a sale: the better of the two applies",
    ].join("; "),
  };
}
