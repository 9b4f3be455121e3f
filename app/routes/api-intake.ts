import type { Route } from "./+types/api-intake";
import { requireServices } from "~/context";
import { handleIntake } from "~/features/questionnaire/intake.server";
import { trainerReach } from "~/features/site/site-content.server";

/** The questionnaire's step flow (an island) posts its JSON here; its plain form posts to /start. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServices(context);
  const result = await handleIntake(request, ctx, () => trainerReach(ctx.services));
  return Response.json(result.outcome, {
    status: result.status,
    headers: { "Cache-Control": "no-store", ...result.headers },
  });
}
