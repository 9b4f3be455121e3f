import type { Route } from "./+types/api-stripe-webhook";
import { requireServices } from "~/context";

/** POST /api/stripe-webhook: Stripe's signed events (exempt from the global POST limit). */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = requireServices(context);
  // The signature covers the exact bytes Stripe sent, so the body is read as text, never parsed first.
  const payload = await request.text();
  const result = await services.payments.handleWebhook(payload, request.headers.get("stripe-signature"));
  // A payment may have settled an order: its confirmation and her notice are queued before Stripe
  // hears 200. If that fails, a 500 has Stripe deliver the event again, and the redelivery (already
  // processed, so answered as a duplicate) queues them.
  if (result.status === 200) {
    try {
      await services.orderConfirmations.queue();
    } catch (error) {
      services.logger.error({ err: error }, "queueing order messages failed");
      return Response.json({ received: false }, { status: 500, headers: { "Cache-Control": "no-store" } });
    }
  }
  return Response.json(result.body, { status: result.status, headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  return Response.json({ message: "Use POST" }, { status: 405, headers: { Allow: "POST" } });
}
