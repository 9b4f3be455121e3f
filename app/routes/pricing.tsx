import { data, redirect } from "react-router";
import type { Route } from "./+types/pricing";
import { seoMeta, siteUrlFromMatches } from "~/kernel/seo";
import { fromPriceLabel } from "~/features/site/from-price.server";
import { requireServices } from "~/context";
import { readFormBody } from "~/infra/form-guard.server";
import { createCheckout } from "~/features/checkout/create-checkout.server";
import { checkoutRequestFromForm } from "~/features/checkout/checkout-schema";
import { CODE_EMAIL_FIELD, CODE_FIELD } from "~/features/checkout/checkout-messages";
import { PricingCheckout, type PricingError } from "~/features/checkout/pricing-plans";
import { currentPricing } from "~/features/checkout/offers.server";
import { currentSale } from "~/features/checkout/sales.server";

/**
 * The published prices and the sale, with the moment they are shown for: a sale lowers the prices
 * from its start until its end, worked out per request (the page's ETag moves at both, see
 * sales.server.ts), so it ends on its minute without anyone touching it.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { services } = requireServices(context);
  const [pricing, sale] = await Promise.all([currentPricing(services), currentSale(services)]);
  return {
    pricing,
    sale,
    now: new Date().toISOString(),
    description: `${pricing.title}: coaching plans from ${fromPriceLabel(pricing)} per month, paid at once or in monthly instalments.`,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, location, matches }) => {
  return seoMeta({
    title: "Pricing",
    description: loaderData?.description ?? "",
    path: location.pathname,
    siteUrl: siteUrlFromMatches(matches),
  });
};

const DURATIONS = ["1", "3", "6"] as const;

/**
 * Without JavaScript a plan button posts this form; with JavaScript the page calls
 * /api/create-checkout-session instead. Both end in the same createCheckout().
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientIp } = requireServices(context);
  // A malformed body maps to an empty request, which createCheckout refuses as invalid.
  const body = await readFormBody(request, ["form"]);
  const input = checkoutRequestFromForm(
    body?.type === "form" ? body.value : new FormData(),
    await currentPricing(services),
  );
  const result = await createCheckout(services, input, clientIp);
  if (result.ok) return redirect(result.sessionUrl, 303);
  const sent = (name: string) => (typeof input[name] === "string" ? (input[name] as string) : "");
  return data<{ error: PricingError }>(
    {
      error: {
        planName: String(input.planName ?? ""),
        message: result.message,
        ...(result.field ? { field: result.field } : {}),
        // The form comes back as it was sent: the code, its e-mail, the box and the plan's length.
        values: {
          code: sent(CODE_FIELD),
          codeEmail: sent(CODE_EMAIL_FIELD),
          startNow: input.startNow === true,
          duration: DURATIONS.find((d) => d === input.frequency) ?? null,
        },
      },
    },
    { status: result.status },
  );
}

export default function PricingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { pricing, sale, now } = loaderData;
  return (
    <>
      <section
        aria-labelledby="pricing-title"
        className="bg-gradient-to-b from-sand/70 to-white px-5 pb-8 pt-16 sm:pt-20"
      >
        <div className="mx-auto max-w-3xl text-center">
          <h1 id="pricing-title" className="text-4xl font-extrabold tracking-tight text-navy sm:text-5xl">
            {pricing.title}
          </h1>
          <p className="mt-4 text-lg leading-relaxed text-ink/80">{pricing.subtitle}</p>
        </div>
      </section>
      <section aria-label="Plans" className="px-5 pb-20 pt-4">
        <div className="mx-auto max-w-6xl">
          <PricingCheckout pricing={pricing} sale={sale} now={new Date(now)} initialError={actionData?.error ?? null} />
        </div>
      </section>
    </>
  );
}
