import type { Route } from "./+types/api-intake";
import { requireServices } from "~/context";
import { handleIntake } from "~/features/questionnaire/intake.server";

/** The questionnaire's step flow posts its JSON here (the pages around it are prerendered). */
export async function action({ request, context }: Route.ActionArgs) {
  const result = await handleIntake(request, requireServices(context));
  return Response.json(result.outcome, {
    status: result.status,
    headers: { "Cache-Control": "no-store", ...result.headers },
  });
}
