import type { Route } from "./+types/api-questionnaire-step";
import { requireServices } from "~/context";
import { handleStepReport } from "~/features/questionnaire/step-counts.server";

/** One question reached, sent by the questionnaire island once per visit and question (no cookie, no identifier). */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  return handleStepReport(request, requireServices(context));
}
