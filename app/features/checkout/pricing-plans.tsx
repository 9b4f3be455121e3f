import { checkout as copy } from "#content/checkout";
import { useSite } from "~/features/site/seo";
import type { PricingContent } from "#content/types";
import { Island } from "~/features/islands/island";
import { catalogueItem, formatEuro, paymentSummary } from "./catalogue";
import { savingsNotices } from "./price-rules";
import { PricingPlansView, type PricingError, type PricingView } from "./pricing-plans-view";
import { startNowText, withDays } from "./withdrawal";

export type { PricingError } from "./pricing-plans-view";

/** What the plan cards show, worked out from the published prices, the page's words and the booking link. */
export function pricingView(pricing: PricingContent, bookingUrl: string): PricingView {
  return {
    durations: pricing.durations,
    savings: savingsNotices(pricing),
    plans: pricing.plans.map((plan) => ({
      id: plan.id,
      name: plan.name,
      tagline: plan.tagline,
      highlight: plan.highlight,
      features: plan.features,
      prices: plan.monthlyPriceCents
        ? pricing.durations.flatMap((d) => {
            const item = catalogueItem(plan, d.billingType);
            return item
              ? [
                  {
                    duration: d.value,
                    billingType: d.billingType,
                    amount: formatEuro(item.amountCents),
                    summary: paymentSummary(item),
                  },
                ]
              : [];
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
      bookingUrl,
    },
  };
}

/** The back office's preview of a price draft: the same cards, with buttons that buy nothing. */
export function PricingPlans({ pricing, preview = false }: { pricing: PricingContent; preview?: boolean }) {
  const { bookingUrl } = useSite();
  return <PricingPlansView view={pricingView(pricing, bookingUrl)} preview={preview} />;
}

const loadCheckout = () => import("./checkout.island");

/**
 * The pricing page's plans as an island (docs/decisions/027-island-budgets.md): it hydrates on its
 * own after load; a "Choose" tapped before that shows busy at once and is sent when it runs; with
 * scripts blocked the form posts to the page's action.
 */
export function PricingCheckout({
  pricing,
  initialError,
}: {
  pricing: PricingContent;
  initialError?: PricingError | null;
}) {
  const { bookingUrl } = useSite();
  const props = { view: pricingView(pricing, bookingUrl), initialError: initialError ?? null };
  return <Island name="checkout" props={props} render={() => <PricingPlansView {...props} />} load={loadCheckout} />;
}
