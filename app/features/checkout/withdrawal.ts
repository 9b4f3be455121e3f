import { checkout } from "#content/checkout";
import { WITHDRAWAL_DAYS } from "#content/terms";

/** A checkout text with the withdrawal period's length filled in for "{days}". */
export const withDays = (text: string) => text.replaceAll("{days}", String(WITHDRAWAL_DAYS));

/** The checkout box's words, as shown and as stored with an order whose buyer ticked it. */
export const startNowText = () => withDays(checkout.pricing.startNow);

/** The day an order's coaching starts: at payment when the buyer asked, else after the period. */
export function coachingStartsOn(order: { startRequestedAt: Date | null }, paidAt: Date): Date {
  if (order.startRequestedAt) return paidAt;
  const start = new Date(paidAt);
  start.setUTCDate(start.getUTCDate() + WITHDRAWAL_DAYS + 1);
  return start;
}
