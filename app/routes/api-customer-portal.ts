import { redirect } from "react-router";
import type { Route } from "./+types/api-customer-portal";
import { requireServices } from "~/context";
import { guardInput } from "~/infra/form-guard.server";
import { SESSION_ID_PATTERN } from "~/features/checkout/provider.server";

/**
 * GET /api/customer-portal?session_id=… (the success page's 'Manage my plan' link): sends the
 * buyer to Stripe's customer portal to update the card and see invoices. A link rather than
 * a form, because the CSP's form-action only allows Stripe's checkout host as a redirect target.
 * Only a completed checkout of this site opens a portal; anything else returns with a notice.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const { services } = ctx;
  const sessionId = new URL(request.url).searchParams.get("session_id") ?? "";
  if (!SESSION_ID_PATTERN.test(sessionId))
    return redirect("/success", { status: 303, headers: { "Cache-Control": "no-store" } });
  const back = `/success?session_id=${encodeURIComponent(sessionId)}`;
  // A link, not a form: only the rate limit of the form guard applies (no body, no honeypot).
  const guard = await guardInput(ctx, "portal", null);
  if (!guard.ok) return redirect(`${back}&portal=busy`, 303);
  try {
    const url = await services.payments.createPortalSession(sessionId, `${services.env.SITE_URL}${back}`);
    return redirect(url ?? `${back}&portal=unavailable`, { status: 303, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    services.logger.error({ err: error }, "customer portal session failed");
    return redirect(`${back}&portal=unavailable`, 303);
  }
}
