import { data } from "react-router";
import type { Route } from "./+types/api-create-checkout-session";
import { requireServices } from "~/context";
import { checkoutSessionAnswer } from "~/features/checkout/checkout-session.server";

/** POST /api/create-checkout-session: a checkout for a plan (features/checkout/checkout-session.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientIp } = requireServices(context);
  return checkoutSessionAnswer(request, services, clientIp);
}

export function loader() {
  return data({ message: "Use POST" }, { status: 405, headers: { Allow: "POST" } });
}
