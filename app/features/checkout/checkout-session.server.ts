import { data, redirect } from "react-router";
import { firstTouchOfRequest } from "~/infra/first-touch";
import { isSameOrigin } from "~/infra/same-origin";
import { createCheckout, type CheckoutServices } from "./create-checkout.server";
import {
  CHECKOUT_MESSAGES,
  checkoutRequestFromForm,
  leadIdFromReferer,
  type CheckoutResponse,
} from "./checkout-schema";
import { currentPricing } from "./offers.server";

/**
 * POST /api/create-checkout-session: JSON {priceId, planName, billingType, frequency} → {sessionUrl} or {message}.
 * Only JSON, which another site's page cannot send without a CORS preflight this server never
 * grants, or the plain form encoding from this site's own pages; anything else (text/plain
 * JSON, no content type) is how a foreign page would create pending orders, so it gets 415.
 */
export async function checkoutSessionAnswer(request: Request, services: CheckoutServices, clientIp: string) {
  const headers = { "Cache-Control": "no-store" };
  if (request.method !== "POST")
    return data<CheckoutResponse>({ message: "Method not allowed" }, { status: 405, headers });
  const contentType = (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  let body: unknown;
  if (contentType === "application/json") {
    try {
      body = await request.json();
    } catch {
      return data<CheckoutResponse>({ message: CHECKOUT_MESSAGES.invalid }, { status: 400, headers });
    }
  } else if (contentType === "application/x-www-form-urlencoded") {
    if (!isSameOrigin(request.headers.get("origin"), request.headers.get("referer"), services.env.SITE_URL))
      return data<CheckoutResponse>({ message: CHECKOUT_MESSAGES.crossSite }, { status: 403, headers });
    try {
      const leadId = leadIdFromReferer(request.headers.get("referer"), services.env.SITE_URL);
      const form = await request.formData();
      body = { ...checkoutRequestFromForm(form, await currentPricing(services)), ...(leadId ? { leadId } : {}) };
    } catch {
      return data<CheckoutResponse>({ message: CHECKOUT_MESSAGES.invalid }, { status: 400, headers });
    }
  } else {
    return data<CheckoutResponse>(
      { message: CHECKOUT_MESSAGES.unsupportedType },
      { status: 415, headers: { ...headers, "Accept-Post": "application/json, application/x-www-form-urlencoded" } },
    );
  }
  const result = await createCheckout(services, body, clientIp, { firstTouch: firstTouchOfRequest(request) });
  if (!result.ok)
    return data<CheckoutResponse>(
      {
        message: result.message,
        ...(result.saleEnded ? { saleEnded: true } : {}),
        ...(result.field ? { field: result.field } : {}),
      },
      { status: result.status, headers },
    );
  // The plain form gets the browser sent on to the checkout, like the pricing page's own form.
  if (contentType !== "application/json") return redirect(result.sessionUrl, { status: 303, headers });
  return data<CheckoutResponse>({ sessionUrl: result.sessionUrl }, { headers });
}
