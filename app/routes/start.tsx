import { useLocation } from "react-router";
import type { Route } from "./+types/start";
import { findRouteEntry } from "~/features/site/route-meta";
import { seoMeta } from "~/features/site/seo";

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const entry = findRouteEntry(location.pathname);
  const root = matches[0]?.loaderData as { publicEnv: { SITE_URL: string } } | undefined;
  return seoMeta({ title: entry?.title ?? "", description: entry?.title ?? "", path: location.pathname, siteUrl: root?.publicEnv.SITE_URL ?? "" });
};

export default function Page() {
  const entry = findRouteEntry(useLocation().pathname);
  return (
    <section className="mx-auto max-w-6xl px-4 py-16">
      <h1 className="text-3xl font-bold text-navy">{entry?.title}</h1>
    </section>
  );
}
