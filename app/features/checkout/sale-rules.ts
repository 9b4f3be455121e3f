import type { OrderDiscount } from "#db/schema";
import type { Duration, PlanTier } from "#content/types";
import { AMSTERDAM } from "~/infra/amsterdam";
import { instantOf, localDateTimeOf } from "~/infra/zoned-time";
import { formatEuro, paymentSummary, type CatalogueItem, type PurchasablePlanId } from "./catalogue";
import { euroInput, parseEuro } from "./price-rules";

/**
 * The trainer's sale (docs/decisions/043-sales.md): a percentage or an amount off the monthly
 * price of the plans she chose, from a start to an end in Amsterdam time. Pure, so the pricing
 * page, the checkout and the back office work the price out the same way, at the moment asked.
 */

export type { OrderDiscount };

export interface Sale {
  /** New for every sale she starts; orders name it. */
  id: string;
  kind: "percent" | "amount";
  /** Whole percent, 1 to 99 (kind "percent"). */
  percent: number | null;
  /** Cents off each monthly payment (kind "amount"). */
  amountOffCents: number | null;
  planIds: PurchasablePlanId[];
  /** ISO 8601 instants. */
  startsAt: string;
  endsAt: string;
  /** When she ended it before its end; null otherwise. */
  endedAt: string | null;
}

export type SaleState = "upcoming" | "running" | "over";

/** A sale price below this is not charged: Stripe's floor is €0.50, and a near-free plan is a typo. */
export const LOWEST_SALE_PRICE_CENTS = 100;

/** The moment the sale stops: its end, or earlier when she ended it. */
export function saleEnd(sale: Pick<Sale, "endsAt" | "endedAt">): Date {
  const end = Date.parse(sale.endsAt);
  return new Date(sale.endedAt ? Math.min(end, Date.parse(sale.endedAt)) : end);
}

/** Running from its start (inclusive) until its end (exclusive). */
export function saleState(sale: Sale, now: Date): SaleState {
  if (now.getTime() >= saleEnd(sale).getTime()) return "over";
  return now.getTime() < Date.parse(sale.startsAt) ? "upcoming" : "running";
}

/**
 * Cents taken off one payment of `listCents`: the percentage rounded to the nearest cent (half a
 * cent up), or the amount. Every payment of a 3- or 6-month plan gets the same.
 */
export function saleOffCents(sale: Pick<Sale, "kind" | "percent" | "amountOffCents">, listCents: number): number {
  if (sale.kind === "percent") return Math.round((listCents * (sale.percent ?? 0)) / 100);
  return sale.amountOffCents ?? 0;
}

/** "20% off" or "€20 off", as the visitor reads it. */
export function saleLabel(sale: Pick<Sale, "kind" | "percent" | "amountOffCents">): string {
  return sale.kind === "percent" ? `${sale.percent}% off` : `${formatEuro(sale.amountOffCents ?? 0)} off`;
}

/**
 * The sale that lowers this price now, with the cents it takes off, or null: not running, not on
 * this plan, or (after prices were lowered under a running amount sale) a price it would push below
 * the lowest sale price, which then stays as it is.
 */
export function saleFor(
  sale: Sale | null,
  planId: string,
  listCents: number,
  now: Date,
): { sale: Sale; offCents: number } | null {
  if (!sale || saleState(sale, now) !== "running") return null;
  if (!sale.planIds.some((id) => id === planId)) return null;
  const offCents = saleOffCents(sale, listCents);
  if (offCents <= 0 || listCents - offCents < LOWEST_SALE_PRICE_CENTS) return null;
  return { sale, offCents };
}

/** A catalogue item at the sale price, with what the order keeps of the sale. */
export function itemOnSale(
  item: CatalogueItem,
  sale: Sale | null,
  now: Date,
): { item: CatalogueItem; discount: OrderDiscount | null } {
  const found = saleFor(sale, item.planId, item.amountCents, now);
  if (!found) return { item, discount: null };
  const amountCents = item.amountCents - found.offCents;
  return {
    item: { ...item, amountCents, totalCents: amountCents * item.payments },
    discount: {
      saleId: found.sale.id,
      label: saleLabel(found.sale),
      listAmountCents: item.amountCents,
      offCents: found.offCents,
      endsAt: saleEnd(found.sale).toISOString(),
    },
  };
}

const dayMonth = new Intl.DateTimeFormat("en-GB", { timeZone: AMSTERDAM, day: "numeric", month: "long" });
const dayMonthYear = new Intl.DateTimeFormat("en-GB", {
  timeZone: AMSTERDAM,
  day: "numeric",
  month: "long",
  year: "numeric",
});

/** "30 November at 23:59" in Amsterdam time; the year only when it is not this year's. */
export function amsterdamMoment(instant: Date, now: Date): string {
  const sameYear = localDateTimeOf(instant, AMSTERDAM).slice(0, 4) === localDateTimeOf(now, AMSTERDAM).slice(0, 4);
  const time = localDateTimeOf(instant, AMSTERDAM).slice(11);
  return `${(sameYear ? dayMonth : dayMonthYear).format(instant)} at ${time}`;
}

/** "Sale ends 30 November at 23:59": what the pricing page says under a sale price. */
export function saleEndsText(sale: Sale, now: Date): string {
  return `Sale ends ${amsterdamMoment(saleEnd(sale), now)}`;
}

/** How a sale meets the plan's payments, said once on the page and the same as what is charged. */
export function salePaymentsNote(payments: number): string {
  return payments === 1 ? "" : `The sale price holds for all ${payments} monthly payments.`;
}

/**
 * What the checkout does with the sale the visitor's page showed (`shownSaleId`, or none) and the
 * sale as it stands now: charge the sale that runs now, or stop when the page promised a sale
 * price that no longer holds, so the visitor is told before paying. A sale that began after the
 * page loaded is simply charged (the price only goes down).
 */
export function saleAtCheckout(
  stored: Sale | null,
  shownSaleId: string | undefined,
  item: CatalogueItem,
  now: Date,
): { ok: true; item: CatalogueItem; discount: OrderDiscount | null } | { ok: false; item: CatalogueItem } {
  const charged = itemOnSale(item, stored, now);
  if (!shownSaleId || charged.discount?.saleId === shownSaleId) return { ok: true, ...charged };
  // The page showed that sale, but not on this plan: the normal price was what it promised.
  if (stored?.id === shownSaleId && !stored.planIds.some((id) => id === item.planId)) return { ok: true, ...charged };
  return { ok: false, item: charged.item };
}

/**
 * One line for the sale an order was bought in, the same on the test checkout and the back
 * office's orders: "20% off: €28 off each of the 3 payments (normal price €140)".
 */
export function saleLine(discount: OrderDiscount, payments: number): string {
  const each = payments === 1 ? "" : ` each of the ${payments} payments`;
  const off = `${formatEuro(discount.offCents)} off${each} (normal price ${formatEuro(discount.listAmountCents)})`;
  // "€20 off" says the amount already; a percentage is followed by what it came to.
  return discount.label === `${formatEuro(discount.offCents)} off` ? off : `${discount.label}: ${off}`;
}

/** What the visitor is told, before paying anything, when the sale their page showed is gone. */
export function saleEndedMessage(now: Pick<CatalogueItem, "planName" | "payments" | "amountCents" | "totalCents">) {
  return `The sale shown on this page has ended. ${now.planName} now costs ${paymentSummary(now)}. Nothing has been charged: choose the plan again to continue at this price.`;
}

/** "Progress", "Progress and Elite", "Essential, Progress and Elite". */
export function namesList(names: readonly string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");
}

/**
 * The sale in one sentence for the back office: "20% off Progress, from 27 November at 14:03
 * until 30 November at 23:59". Plans that are gone from the offers are left out.
 */
export function describeSale(sale: Sale, plans: readonly Pick<PlanTier, "id" | "name">[], now: Date): string {
  const names = plans.filter((p) => sale.planIds.some((id) => id === p.id)).map((p) => p.name);
  const from = amsterdamMoment(new Date(sale.startsAt), now);
  return `${saleLabel(sale)} ${namesList(names)}, from ${from} until ${amsterdamMoment(saleEnd(sale), now)}`;
}

/** Per plan on sale, its prices before and after: "Progress: €140 → €112 (1 month), €120 → €96 (3 months), …". */
export function salePriceLines(sale: Sale, plans: readonly PricedPlanInput[]): string[] {
  return plans.flatMap((plan) => {
    const prices = plan.monthlyPriceCents;
    if (!prices || !sale.planIds.some((id) => id === plan.id)) return [];
    const parts = (["1", "3", "6"] as const).map((d) => {
      const off = saleOffCents(sale, prices[d]);
      const kept = prices[d] - off < LOWEST_SALE_PRICE_CENTS;
      const after = kept ? "no sale: too low" : formatEuro(prices[d] - off);
      return `${formatEuro(prices[d])} → ${after} (${d === "1" ? "1 month" : `${d} months`})`;
    });
    return [`${plan.name}: ${parts.join(", ")}`];
  });
}

type PricedPlanInput = Pick<PlanTier, "id" | "name" | "monthlyPriceCents">;

// The trainer's form: what she types, the checks, and the messages under each field.

export const SALE_FIELDS = ["saleKind", "saleValue", "salePlans", "saleStarts", "saleEnds"] as const;
export type SaleField = (typeof SALE_FIELDS)[number];

/** The form as typed: the kind, the amount or percentage, the chosen plans, start and end in Amsterdam time. */
export interface SaleInput {
  kind: string;
  value: string;
  planIds: string[];
  /** "YYYY-MM-DDTHH:mm" on an Amsterdam clock; empty: now. */
  starts: string;
  ends: string;
}

export type SaleCheck =
  { ok: true; sale: Omit<Sale, "id" | "endedAt"> } | { ok: false; errors: Partial<Record<SaleField, string>> };

type PricedPlan = Pick<PlanTier, "id" | "name" | "monthlyPriceCents">;

/**
 * A start (empty: now) and an end she typed on the Amsterdam clock, for a sale or a code: the end
 * must be typed, still to come and after the start. Each refusal is worded for the field it goes under.
 */
export function readWindow(
  starts: string,
  ends: string,
  now: Date,
  noun: "sale" | "code",
): { startsAt: Date; endsAt: Date | null; startError?: string; endError?: string } {
  let startsAt = now;
  let startError: string | undefined;
  if (starts.trim()) {
    const read = readMoment(starts, "start");
    if (read.ok) startsAt = read.at;
    else startError = read.message;
  }
  if (!ends.trim()) return { startsAt, endsAt: null, startError, endError: `Choose when the ${noun} ends.` };
  const read = readMoment(ends, "end");
  if (!read.ok) return { startsAt, endsAt: null, startError, endError: read.message };
  if (read.at.getTime() <= now.getTime())
    return {
      startsAt,
      endsAt: null,
      startError,
      endError: `${amsterdamMoment(read.at, now)} has passed: pick an end that is still to come.`,
    };
  if (!startError && read.at.getTime() <= startsAt.getTime())
    return {
      startsAt,
      endsAt: null,
      startError,
      endError: `The ${noun} must end after it starts: pick a later end, or an earlier start.`,
    };
  return { startsAt, endsAt: read.at, startError };
}

function readMoment(raw: string, what: "start" | "end"): { ok: true; at: Date } | { ok: false; message: string } {
  // A browser's date-and-time field may add seconds; a typed one may have a space for the "T".
  const local = raw
    .trim()
    .replace(" ", "T")
    .replace(/^(\d{4}-\d\d-\d\dT\d\d:\d\d):\d\d(\.\d+)?$/, "$1");
  const result = instantOf(local, AMSTERDAM);
  if (result.ok) return { ok: true, at: result.instant };
  if (result.problem === "skipped")
    return {
      ok: false,
      message: `The clocks skip that hour on that day (summer time starts): pick another time for the ${what}.`,
    };
  return { ok: false, message: `Pick a date and a time for the ${what}, for example 30 November, 23:59.` };
}

/** Reads a whole percentage the way she may type it: "20", "20 %", "20%". */
function readPercent(raw: string): { ok: true; percent: number } | { ok: false; message: string } {
  const text = raw.replace(/[%\s]/g, "");
  if (text === "") return { ok: false, message: "Type how much off: a percentage from 1 to 99, for example 20." };
  if (/^\d+[.,]\d+$/.test(text)) return { ok: false, message: "Type a whole percentage, for example 20." };
  if (!/^\d+$/.test(text))
    return { ok: false, message: `"${raw.trim()}" is not a percentage; type a number, for example 20.` };
  const percent = Number(text);
  if (percent === 0) return { ok: false, message: "A sale of 0% changes nothing: type a percentage from 1 to 99." };
  if (percent >= 100)
    return { ok: false, message: `${percent}% off would give the plans away: type a percentage from 1 to 99.` };
  return { ok: true, percent };
}

/**
 * Checks a sale before it starts, against the published prices: a discount that leaves every
 * chosen price at €1 or more, at least one plan, and an end after both now and the start. The
 * messages say what to change, in the trainer's words; nothing typed is lost (the caller keeps it).
 */
export function checkSale(input: SaleInput, plans: readonly PricedPlan[], now: Date): SaleCheck {
  const errors: Partial<Record<SaleField, string>> = {};
  const kind = input.kind === "amount" ? "amount" : input.kind === "percent" ? "percent" : null;
  if (!kind) errors.saleKind = "Choose a percentage off or an amount off.";

  const purchasable = plans.filter(
    (p): p is PricedPlan & { id: PurchasablePlanId; monthlyPriceCents: Record<Duration, number> } =>
      p.id !== "custom" && p.monthlyPriceCents !== null,
  );
  const chosen = purchasable.filter((p) => input.planIds.includes(p.id));
  if (chosen.length === 0) errors.salePlans = "Choose at least one plan for the sale.";

  let percent: number | null = null;
  let amountOffCents: number | null = null;
  if (kind === "percent") {
    const read = readPercent(input.value);
    if (read.ok) percent = read.percent;
    else errors.saleValue = read.message;
  } else if (kind === "amount") {
    const read = parseEuro(input.value);
    if (!read.ok) errors.saleValue = read.message.replace("a price in euros", "an amount in euros");
    else if (read.cents === 0) errors.saleValue = "A sale of €0 off changes nothing: type an amount, for example 20.";
    else amountOffCents = read.cents;
  }
  if (kind && !errors.saleValue && chosen.length) {
    const discount: Pick<Sale, "kind" | "percent" | "amountOffCents"> = { kind, percent, amountOffCents };
    // The lowest price of the chosen plans is the one a discount can push too far.
    const lowest = chosen
      .flatMap((plan) => (["1", "3", "6"] as const).map((d) => ({ plan, d, cents: plan.monthlyPriceCents[d] })))
      .sort((a, b) => a.cents - b.cents)[0];
    if (lowest) {
      const where = `the ${lowest.plan.name} ${lowest.d}-month price of ${formatEuro(lowest.cents)} a month`;
      const off = saleOffCents(discount, lowest.cents);
      if (kind === "amount" && off >= lowest.cents)
        errors.saleValue = `${formatEuro(off)} off is ${off === lowest.cents ? "as much as" : "more than"} ${where}: take off less than that.`;
      else if (lowest.cents - off < LOWEST_SALE_PRICE_CENTS)
        errors.saleValue = `${saleLabel(discount)} would leave ${where} at ${formatEuro(lowest.cents - off)}; a sale price must be at least ${formatEuro(LOWEST_SALE_PRICE_CENTS)}.`;
    }
  }

  const window = readWindow(input.starts, input.ends, now, "sale");
  const { startsAt, endsAt } = window;
  if (window.startError) errors.saleStarts = window.startError;
  if (window.endError) errors.saleEnds = window.endError;

  if (Object.keys(errors).length || !kind || !endsAt) return { ok: false, errors };
  return {
    ok: true,
    sale: {
      kind,
      percent,
      amountOffCents,
      planIds: chosen.map((p) => p.id),
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
    },
  };
}

/** The form's values for a stored sale (to change it), or for a new one starting now. */
export function saleInputOf(sale: Sale | null, now: Date): SaleInput {
  if (!sale || saleState(sale, now) === "over")
    return { kind: "percent", value: "", planIds: [], starts: localDateTimeOf(now, AMSTERDAM), ends: "" };
  return {
    kind: sale.kind,
    value: sale.kind === "percent" ? String(sale.percent ?? "") : euroInput(sale.amountOffCents ?? 0),
    planIds: [...sale.planIds],
    starts: localDateTimeOf(new Date(sale.startsAt), AMSTERDAM),
    ends: localDateTimeOf(saleEnd(sale), AMSTERDAM),
  };
}
