import { data } from "react-router";
import type { Route } from "./+types/api-create-checkout-session";
import { requireServices } from "~/infra/context";
import { createCheckout } from "~/features/checkout/create-checkout.server";
import { CHECKOUT_MESSAGES, type CheckoutResponse } from "~/features/checkout/checkout-schema";

/** POST /api/create-checkout-session: JSON {priceId, planName, billingType, frequency} → {sessionUrl} or {message}. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientIp } = requireServices(context);
  const headers = { "Cache-Control": "no-store" };
  if (request.method !== "POST")
    return data<CheckoutResponse>({ message: "Method not allowed" }, { status: 405, headers });
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return data<CheckoutResponse>({ message: CHECKOUT_MESSAGES.invalid }, { status: 400, headers });
  }
  const result = await createCheckout(services, body, clientIp);
  if (!result.ok) return data<CheckoutResponse>({ message: result.message }, { status: result.status, headers });
  return data<CheckoutResponse>({ sessionUrl: result.sessionUrl }, { headers });
}

export function loader() {
  return data({ message: "Use POST" }, { status: 405, headers: { Allow: "POST" } });
}
