import { data } from "react-router";
import type { Route } from "./+types/success";
import { seoMeta, siteUrlFromMatches } from "~/kernel/seo";
import { requireServices } from "~/context";
import { SESSION_ID_PATTERN } from "~/features/checkout/provider.server";
import { SuccessView, type SuccessData } from "~/features/checkout/success-view";

export const meta: Route.MetaFunction = ({ location, matches }) => {
  return seoMeta({
    title: "Payment Successful",
    description: "Your coaching plan is booked.",
    path: location.pathname,
    siteUrl: siteUrlFromMatches(matches),
  });
};

const noStore = { "Cache-Control": "no-store" };

export function headers() {
  return noStore;
}

/** The thank-you only appears for a checkout the payment provider confirms as completed. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = requireServices(context);
  const url = new URL(request.url);
  const sessionId = url.searchParams.get("session_id");
  if (!sessionId) return data<SuccessData>({ state: "missing" }, { headers: noStore });
  if (!SESSION_ID_PATTERN.test(sessionId)) return data<SuccessData>({ state: "unknown" }, { headers: noStore });
  try {
    const checkout = await services.payments.retrieveCompletedCheckout(sessionId);
    if (!checkout) return data<SuccessData>({ state: "unknown" }, { headers: noStore });
    return data<SuccessData>(
      { state: "paid", checkout, portalNotice: url.searchParams.has("portal") },
      { headers: noStore },
    );
  } catch (error) {
    services.logger.error({ err: error }, "checkout session lookup failed");
    return data<SuccessData>({ state: "unknown" }, { headers: noStore });
  }
}

export default function SuccessPage({ loaderData }: Route.ComponentProps) {
  return (
    <section className="bg-gradient-to-b from-sand/70 to-white px-5 py-14 sm:py-20">
      <SuccessView data={loaderData} />
    </section>
  );
}
