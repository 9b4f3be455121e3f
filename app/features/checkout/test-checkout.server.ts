import { randomBytes } from "node:crypto";
import type { Db } from "~/infra/db.server";
import type { BillingType } from "#content/types";
import { closePendingOrder, findOrder } from "./fulfilment.server";
import type { PaymentProvider } from "./provider.server";

/** The test checkout's own page; the id is the order's session id. */
export const testCheckoutPath = (sessionId: string) => `/checkout/test/${sessionId}`;

const PAID_STATUSES = new Set(["paid", "active", "completed"]);

/**
 * The built-in provider used when no Stripe key is configured: a local, clearly labelled
 * test page stands in for Stripe's hosted checkout, so the whole purchase works on a
 * fresh machine with no account and no network.
 */
export function createTestCheckoutProvider(db: Db, siteUrl: string): PaymentProvider {
  return {
    kind: "test",
    async createCheckoutSession() {
      const id = `cs_test_local_${randomBytes(18).toString("base64url").replace(/[-]/g, "x")}`;
      return { id, url: `${siteUrl}${testCheckoutPath(id)}` };
    },
    async retrieveCompletedCheckout(sessionId) {
      const order = await findOrder(db, { sessionId });
      if (!order || order.provider !== "test" || !PAID_STATUSES.has(order.status)) return null;
      return {
        sessionId,
        orderRef: order.id,
        planName: order.planName,
        billingType: order.billingType as BillingType,
        paymentsTotal: order.paymentsTotal,
        amountPaidCents: order.amountCents,
        currency: order.currency,
        paid: true,
        canManage: false,
      };
    },
    async expireCheckoutSession(sessionId) {
      // Its page pays only a pending order: cancelled (only if still pending), it can no longer be paid.
      const order = await findOrder(db, { sessionId });
      if (!order || order.provider !== "test") return "expired";
      if (await closePendingOrder(db, order.id, "cancelled")) return "expired";
      const now = await findOrder(db, { id: order.id });
      return now && PAID_STATUSES.has(now.status) ? "complete" : "expired";
    },
    async createPortalSession() {
      return null;
    },
    async publishPrices() {
      return { created: [], archived: [] };
    },
    async handleWebhook() {
      return { status: 404, body: { received: false, error: "Stripe is not configured" } };
    },
  };
}
