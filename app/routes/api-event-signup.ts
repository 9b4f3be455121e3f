import type { Route } from "./+types/api-event-signup";
import { requireServices } from "~/context";
import { handleEventSignup } from "~/features/events/event-signup.server";

/** The event signup form posts its JSON here when JavaScript runs. */
export async function action({ request, context }: Route.ActionArgs) {
  const result = await handleEventSignup(request, requireServices(context));
  return Response.json(result.outcome, {
    status: result.status,
    headers: { "Cache-Control": "no-store", ...result.headers },
  });
}
