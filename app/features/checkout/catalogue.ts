import { pricing } from "#content/pricing";
import type { BillingType, Duration, PlanTier, PricingContent } from "#content/types";

/**
 * The plan catalogue as the checkout understands it, derived from content/pricing.ts:
 * the same data the pricing page renders is what the server charges. Pure functions,
 * safe for the browser bundle.
 */

export type PurchasablePlanId = Exclude<PlanTier["id"], "custom">;

export const BILLING_TYPES = ["onetime", "monthly3x", "monthly6x"] as const satisfies readonly BillingType[];

const DURATION_FOR_BILLING: Record<BillingType, Duration> = { onetime: "1", monthly3x: "3", monthly6x: "6" };
const BILLING_FOR_DURATION: Record<Duration, BillingType> = { "1": "onetime", "3": "monthly3x", "6": "monthly6x" };

/** 1 month = onetime, 3 months = monthly3x, 6 months = monthly6x. */
export function billingTypeFor(duration: Duration): BillingType {
  return BILLING_FOR_DURATION[duration];
}

export function durationFor(billingType: BillingType): Duration {
  return DURATION_FOR_BILLING[billingType];
}

/** Number of payments a billing type makes: 1, 3 or 6. */
export function paymentsFor(billingType: BillingType): number {
  return Number(DURATION_FOR_BILLING[billingType]);
}

/**
 * The public price identifier a plan card sends. It names a catalogue entry, not a
 * provider price: the server maps it to Stripe's price id from configuration, so the
 * page's HTML (revalidated by content revision) never changes when Stripe prices do.
 */
export function catalogueKey(planId: PurchasablePlanId, billingType: BillingType): string {
  return `${planId}:${billingType}`;
}

export interface CatalogueItem {
  key: string;
  planId: PurchasablePlanId;
  planName: string;
  billingType: BillingType;
  duration: Duration;
  /** 1 for a one-off payment, otherwise the number of monthly instalments. */
  payments: number;
  /** One payment, in euro cents. */
  amountCents: number;
  totalCents: number;
  currency: "eur";
}

function isPurchasable(
  plan: PlanTier,
): plan is PlanTier & { id: PurchasablePlanId; monthlyPriceCents: Record<Duration, number> } {
  return plan.id !== "custom" && plan.monthlyPriceCents !== null;
}

export function catalogueItem(plan: PlanTier, billingType: BillingType): CatalogueItem | null {
  if (!isPurchasable(plan)) return null;
  const duration = durationFor(billingType);
  const payments = paymentsFor(billingType);
  const amountCents = plan.monthlyPriceCents[duration];
  return {
    key: catalogueKey(plan.id, billingType),
    planId: plan.id,
    planName: plan.name,
    billingType,
    duration,
    payments,
    amountCents,
    totalCents: amountCents * payments,
    currency: "eur",
  };
}

/** Every purchasable plan and billing type (what `npm run stripe:sync` creates prices for). */
export function allCatalogueItems(content: PricingContent = pricing): CatalogueItem[] {
  return content.plans.flatMap((plan) =>
    BILLING_TYPES.map((billingType) => catalogueItem(plan, billingType)).filter(
      (item): item is CatalogueItem => item !== null,
    ),
  );
}

export interface CheckoutSelection {
  priceId: string;
  planName: string;
  billingType: string;
  frequency: string;
}

/**
 * Looks a checkout request up in the catalogue. Everything the client sends must agree:
 * a known purchasable plan, a billing type that matches the frequency, and the price id
 * of exactly that plan and billing type. Anything else is null ('Invalid plan or price ID').
 */
export function resolveCatalogueItem(
  selection: CheckoutSelection,
  content: PricingContent = pricing,
): CatalogueItem | null {
  const plan = content.plans.find((p) => p.name === selection.planName);
  if (!plan) return null;
  const billingType = BILLING_TYPES.find((b) => b === selection.billingType);
  if (!billingType) return null;
  if (selection.frequency !== durationFor(billingType)) return null;
  const item = catalogueItem(plan, billingType);
  if (!item || item.key !== selection.priceId) return null;
  return item;
}

const wholeEuro = new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR", maximumFractionDigits: 0 });
const euroAndCents = new Intl.NumberFormat("en-IE", { style: "currency", currency: "EUR", minimumFractionDigits: 2 });

/** €90 for whole euros, €104.50 otherwise. */
export function formatEuro(cents: number): string {
  return (cents % 100 === 0 ? wholeEuro : euroAndCents).format(cents / 100);
}

/** '3 × €90, €270 in total' for instalments, '€110, one payment' for the one-off plan. */
export function paymentSummary(item: Pick<CatalogueItem, "payments" | "amountCents" | "totalCents">): string {
  if (item.payments === 1) return `${formatEuro(item.amountCents)}, one payment`;
  return `${item.payments} × ${formatEuro(item.amountCents)}, ${formatEuro(item.totalCents)} in total`;
}
