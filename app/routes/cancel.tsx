import type { Route } from "./+types/cancel";
import { seoMeta, siteUrlFromMatches } from "~/kernel/seo";
import { CancelView } from "~/features/checkout/cancel-view";

export const meta: Route.MetaFunction = ({ location, matches }) => {
  return seoMeta({
    title: "Payment Cancelled",
    description: "Your payment was cancelled and nothing was charged.",
    path: location.pathname,
    siteUrl: siteUrlFromMatches(matches),
  });
};

export default function CancelPage() {
  return (
    <section className="bg-gradient-to-b from-sand/70 to-white px-5 py-14 sm:py-20">
      <CancelView />
    </section>
  );
}
