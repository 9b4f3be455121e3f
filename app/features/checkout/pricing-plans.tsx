import { checkout as copy } from "#content/checkout";
import { useSite } from "~/kernel/seo";
import type { PricingContent } from "#content/types";
import { Island } from "~/features/islands/island";
import { catalogueItem, formatEuro, paymentSummary } from "./catalogue";
import { savingsNotices } from "./price-rules";
import {
  amsterdamMoment,
  itemOnSale,
  namesList,
  saleEnd,
  saleEndsText,
  saleFor,
  saleLabel,
  salePaymentsNote,
  type Sale,
} from "./sale-rules";
import { PricingPlansView, type PricingError, type PricingView } from "./pricing-plans-view";
import { startNowText, withDays } from "./withdrawal";

export type { PricingError } from "./pricing-plans-view";

/**
 * What the plan cards show, worked out from the published prices, the sale running `now` (if
 * any), the page's words and the booking link. The savings notices compare the normal prices.
 */
export function pricingView(
  pricing: PricingContent,
  bookingUrl: string,
  sale: Sale | null = null,
  now: Date = new Date(),
): PricingView {
  const onSale = pricing.plans.filter((plan) =>
    Object.values(plan.monthlyPriceCents ?? {}).some((cents) => saleFor(sale, plan.id, cents, now)),
  );
  return {
    durations: pricing.durations,
    savings: savingsNotices(pricing),
    sale:
      sale && onSale.length
        ? {
            id: sale.id,
            headline: `Sale: ${saleLabel(sale)} ${namesList(onSale.map((p) => p.name))} until ${amsterdamMoment(saleEnd(sale), now)} (Amsterdam time).`,
            note: "On a 3- or 6-month plan the sale price holds for every monthly payment.",
          }
        : null,
    plans: pricing.plans.map((plan) => ({
      id: plan.id,
      name: plan.name,
      tagline: plan.tagline,
      highlight: plan.highlight,
      features: plan.features,
      saleId: sale && onSale.includes(plan) ? sale.id : null,
      prices: plan.monthlyPriceCents
        ? pricing.durations.flatMap((d) => {
            const listedItem = catalogueItem(plan, d.billingType);
            if (!listedItem) return [];
            const { item, discount } = itemOnSale(listedItem, sale, now);
            return [
              {
                duration: d.value,
                billingType: d.billingType,
                amount: formatEuro(item.amountCents),
                summary: paymentSummary(item),
                sale:
                  discount && sale
                    ? {
                        was: formatEuro(listedItem.amountCents),
                        wasSummary: paymentSummary(listedItem),
                        label: discount.label,
                        ends: saleEndsText(sale, now),
                        note: salePaymentsNote(item.payments),
                      }
                    : null,
              },
            ];
          })
        : null,
    })),
    texts: {
      durationLabel: copy.pricing.durationLabel,
      mostPopular: copy.pricing.mostPopular,
      perMonth: copy.pricing.perMonth,
      inclVat: copy.pricing.inclVat,
      choose: copy.pricing.choose,
      loading: copy.pricing.loading,
      contact: copy.pricing.contact,
      contactNote: copy.pricing.contactNote,
      secureNote: copy.pricing.secureNote,
      startNow: startNowText(),
      startNowHint: withDays(copy.pricing.startNowHint),
      termsNote: withDays(copy.pricing.termsNote),
      codeSummary: copy.pricing.codeSummary,
      codeLabel: copy.pricing.codeLabel,
      codeHint: copy.pricing.codeHint,
      codeEmailLabel: copy.pricing.codeEmailLabel,
      codeEmailHint: copy.pricing.codeEmailHint,
      bookingUrl,
    },
  };
}

/** The back office's preview of a price draft: the same cards at the normal prices, with buttons that buy nothing. */
export function PricingPlans({ pricing, preview = false }: { pricing: PricingContent; preview?: boolean }) {
  const { bookingUrl } = useSite();
  return <PricingPlansView view={pricingView(pricing, bookingUrl)} preview={preview} />;
}

/**
 * The pricing page's plans as an island (docs/decisions/027-island-budgets.md): it hydrates on its
 * own after load; a "Choose" tapped before that shows busy at once and is sent when it runs; with
 * scripts blocked the form posts to the page's action.
 */
export function PricingCheckout({
  pricing,
  sale,
  now,
  initialError,
}: {
  pricing: PricingContent;
  /** The sale as published, and the moment the page is for (the loader's, so the HTML and the island agree). */
  sale: Sale | null;
  now: Date;
  initialError?: PricingError | null;
}) {
  const { bookingUrl } = useSite();
  const props = { view: pricingView(pricing, bookingUrl, sale, now), initialError: initialError ?? null };
  return <Island name="checkout" props={props} render={() => <PricingPlansView {...props} />} />;
}
