import type { Route } from "./+types/cancel";
import { seoMeta } from "~/features/site/seo";
import { CancelView } from "~/features/checkout/cancel-view";

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const root = matches[0]?.loaderData as { publicEnv: { SITE_URL: string } } | undefined;
  return seoMeta({
    title: "Payment Cancelled",
    description: "Your payment was cancelled and nothing was charged.",
    path: location.pathname,
    siteUrl: root?.publicEnv.SITE_URL ?? "",
    noindex: true,
  });
};

export default function CancelPage() {
  return (
    <section className="bg-gradient-to-b from-sand/70 to-white px-5 py-14 sm:py-20">
      <CancelView />
    </section>
  );
}
