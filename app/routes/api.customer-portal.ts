import { redirect } from "react-router";
import type { Route } from "./+types/api.customer-portal";
import { requireServices } from "~/infra/context";
import { SESSION_ID_PATTERN } from "~/features/checkout/provider.server";

/**
 * POST /api/customer-portal (form field session_id, from the success page): sends the buyer
 * to Stripe's customer portal to update the card and see invoices. Only a completed
 * checkout of this site opens a portal; anything else returns to the success page with a notice.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientIp } = requireServices(context);
  const form = await request.formData();
  const sessionId = String(form.get("session_id") ?? "");
  if (!SESSION_ID_PATTERN.test(sessionId)) return redirect("/success", 303);
  const back = `/success?session_id=${encodeURIComponent(sessionId)}`;
  const limit = await services.rateLimit(`portal:${clientIp}`, services.env.RATE_LIMIT_FORMS_PER_MINUTE, 60);
  if (!limit.allowed) return redirect(`${back}&portal=busy`, 303);
  try {
    const url = await services.payments.createPortalSession(sessionId, `${services.env.SITE_URL}${back}`);
    return redirect(url ?? `${back}&portal=unavailable`, 303);
  } catch (error) {
    services.logger.error({ err: error }, "customer portal session failed");
    return redirect(`${back}&portal=unavailable`, 303);
  }
}

export function loader() {
  return redirect("/pricing");
}
