import type { Db } from "~/infra/db.server";
import { testPaymentSchema, type TestPaymentErrors } from "./checkout-schema";
import {
  checkoutClosed,
  completeCheckout,
  findOrder,
  recordPayment,
  type Order,
  type SubscriberLookup,
} from "./fulfilment.server";
import { codeEmailOfOrder } from "./codes.server";

export async function findTestOrder(db: Db, sessionId: string): Promise<Order | undefined> {
  const order = await findOrder(db, { sessionId });
  return order?.provider === "test" ? order : undefined;
}

export type TestPaymentResult = { ok: true } | { ok: false; errors: TestPaymentErrors };

/**
 * Completes a test checkout the way Stripe's web hook completes a real one: the session
 * completes (a one-off payment is recorded with it), and an instalment plan records its
 * first paid invoice. Payment ids derive from the session, so a double submit counts once.
 */
export async function payTestOrder(
  db: Db,
  order: Order,
  form: Record<string, unknown>,
  subscriberOf: SubscriberLookup,
): Promise<TestPaymentResult> {
  const parsed = testPaymentSchema.safeParse(form);
  if (!parsed.success) {
    const errors: TestPaymentErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if ((field === "email" || field === "cardNumber" || field === "expiry" || field === "cvc") && !errors[field])
        errors[field] = issue.message;
    }
    return { ok: false, errors };
  }
  // A once-per-person code was checked for one address: the payment is made with that one, as Stripe does.
  const codeEmail = await codeEmailOfOrder(db, order.id);
  if (codeEmail && parsed.data.email.toLowerCase() !== codeEmail)
    return {
      ok: false,
      errors: { email: `Your code is once per person and was checked for ${codeEmail}: pay with that address.` },
    };
  const sessionId = order.providerSessionId;
  if (!sessionId) throw new Error(`test order ${order.id} has no session`);
  const instalments = order.paymentsTotal > 1;
  await completeCheckout(
    { db, subscriberOf },
    {
      orderId: order.id,
      sessionId,
      customerEmail: parsed.data.email,
      paid: true,
      payment: instalments ? undefined : { providerPaymentId: `pi_test_${sessionId}`, amountCents: order.amountCents },
    },
  );
  if (instalments)
    await recordPayment(
      { db, subscriberOf },
      {
        orderId: order.id,
        providerPaymentId: `in_test_${sessionId}_1`,
        amountCents: order.amountCents,
      },
    );
  return { ok: true };
}

/** Cancelled before paying: like an expired Stripe checkout, the code's use goes back. */
export async function cancelTestOrder(db: Db, order: Order): Promise<void> {
  await checkoutClosed(db, order.id, "cancelled");
}

export { codeEmailOfOrder };
