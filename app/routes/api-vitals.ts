import type { Route } from "./+types/api-vitals";
import { requireServices } from "~/context";
import { handleVitalsReport } from "~/features/vitals/collect.server";

/** Real visitors' Core Web Vitals, sent by app/features/vitals/start-vitals.ts when a page is hidden. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  return handleVitalsReport(request, requireServices(context));
}
