import { coachingStartsOn } from "~/features/checkout/withdrawal";

/** A paid order as the Clients page reads it, with its payments. */
export interface ClientOrder {
  status: string;
  paymentsTotal: number;
  paymentsMade: number;
  amountCents: number;
  startRequestedAt: Date | null;
  createdAt: Date;
  payments: { amountCents: number; status: string; createdAt: Date }[];
}

export interface ClientTerms {
  starts: Date;
  ends: Date;
  /** Before the start, between start and end, or after the end. */
  phase: "starting" | "running" | "ended";
  made: { count: number; cents: number };
  /** Payments still due: none once the order is finished, cancelled or expired. */
  toCome: { count: number; cents: number; next: Date | null };
}

/** Orders whose buyer stopped paying for good: nothing more is due. */
const STOPPED = new Set(["cancelled", "expired"]);

/** The same day `months` calendar months later (the 31st becomes the month's last day). */
export function addMonths(date: Date, months: number): Date {
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  target.setUTCHours(date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds());
  return target;
}

/**
 * A client's plan in dates and money: the coaching starts when the buyer asked for it at checkout
 * (at once, or after the withdrawal period), lasts one month per payment of the plan (1, 3 or 6),
 * and an instalment plan is charged monthly from the first payment.
 */
export function clientTerms(order: ClientOrder, now: Date): ClientTerms {
  const succeeded = order.payments
    .filter((p) => p.status === "succeeded")
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const paidAt = succeeded[0]?.createdAt ?? order.createdAt;
  const starts = coachingStartsOn(order, paidAt);
  const ends = addMonths(starts, order.paymentsTotal);
  const madeCount = Math.max(order.paymentsMade, succeeded.length);
  const dueCount = STOPPED.has(order.status) ? 0 : Math.max(0, order.paymentsTotal - madeCount);
  return {
    starts,
    ends,
    phase: now < starts ? "starting" : now < ends ? "running" : "ended",
    made: { count: madeCount, cents: succeeded.reduce((sum, p) => sum + p.amountCents, 0) },
    toCome: {
      count: dueCount,
      cents: dueCount * order.amountCents,
      next: dueCount > 0 ? addMonths(paidAt, madeCount) : null,
    },
  };
}
