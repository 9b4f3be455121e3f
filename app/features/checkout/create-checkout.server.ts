import { randomUUID } from "node:crypto";
import type { Database } from "~/infra/db.server";
import type { Env } from "~/infra/env.server";
import { guardInput, type FormGuardContext } from "~/infra/form-guard.server";
import type { Logger } from "~/infra/logger.server";
import type { FirstTouch } from "~/infra/first-touch";
import { resolveCatalogueItem } from "./catalogue";
import { currentPricing, type OffersReader } from "./offers.server";
import { currentSale, type SaleReader } from "./sales.server";
import { saleAtCheckout, saleEndedMessage } from "./sale-rules";
import { CHECKOUT_MESSAGES, SALE_ENDED_STATUS, checkoutRequestSchema } from "./checkout-schema";
import { CODE_EMAIL_FIELD, CODE_FIELD, type CodeFieldName } from "./checkout-messages";
import { checkCodeFor, codeMessage, normalizeCode, priceWithCode, type DiscountCode } from "./code-rules";
import { findCode, heldCheckout, releaseCodeUse, takeCodeUse, heldUse } from "./codes.server";
import { isValidEmail } from "~/infra/email-address";
import { attachSession, checkoutClosed, createPendingOrder, type Order } from "./fulfilment.server";
import { startNowText } from "./withdrawal";
import type { PaymentProvider } from "./provider.server";

/** What creating a checkout needs from the server's services. */
export type CheckoutServices = FormGuardContext["services"] &
  OffersReader &
  SaleReader & {
    env: Pick<Env, "SITE_URL" | "RATE_LIMIT_FORMS_PER_MINUTE">;
    database: Pick<Database, "db">;
    payments: PaymentProvider;
    logger: Logger;
  };

export type CreateCheckoutResult =
  | { ok: true; sessionUrl: string }
  | { ok: false; status: number; message: string; saleEnded?: boolean; field?: CodeFieldName };

/** A code's use could not be taken inside the order's transaction: nothing of it is kept. */
class CodeRefused extends Error {
  constructor(readonly answer: { ok: false; status: number; message: string; field: CodeFieldName }) {
    super("code refused");
  }
}

/**
 * The server side of 'choose a plan': the form guard (rate limit, honeypot), validate, look the plan up in the
 * server's own catalogue (never the client's price) at the sale price if a sale runs now, store a
 * pending order, and open a checkout session for it with the order id as client reference and
 * metadata. When the page showed a sale that has ended since, nothing is charged yet: the visitor
 * is told the price now and chooses again. A code typed with it is checked here, and its use taken
 * in the order's own transaction, so a refused use leaves no order behind.
 */
export async function createCheckout(
  services: CheckoutServices,
  raw: unknown,
  clientIp: string,
  visitor: { firstTouch?: FirstTouch | null } = {},
): Promise<CreateCheckoutResult> {
  // Both routes read the body their own way (JSON, or a no-JavaScript form mapped to this shape).
  const guard = await guardInput({ services, clientIp }, "checkout", raw);
  if (!guard.ok && guard.problem === "rate-limited")
    return { ok: false, status: 429, message: CHECKOUT_MESSAGES.tooMany };
  // A filled honeypot gets the same answer as a tampered plan.
  if (!guard.ok) return { ok: false, status: 400, message: CHECKOUT_MESSAGES.invalid };

  const parsed = checkoutRequestSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, status: 400, message: CHECKOUT_MESSAGES.invalid };
  // The published prices and the sale at this moment: what the visitor was shown is what is charged.
  const [pricing, sale] = await Promise.all([currentPricing(services), currentSale(services)]);
  const listed = resolveCatalogueItem(parsed.data, pricing);
  if (!listed) return { ok: false, status: 400, message: CHECKOUT_MESSAGES.invalid };
  const now = new Date();
  const priced = saleAtCheckout(sale, parsed.data.saleId, listed, now);
  if (!priced.ok)
    return { ok: false, status: SALE_ENDED_STATUS, saleEnded: true, message: saleEndedMessage(priced.item) };
  const refuse = (field: CodeFieldName, message: string) => ({ ok: false as const, status: 400, message, field });

  // A code is only ever its text: the server finds it and works the price out (decision 076).
  const typed = normalizeCode(parsed.data[CODE_FIELD] ?? "");
  let code: DiscountCode | null = null;
  let email: string | null = null;
  // The checkout holding a once-per-person code's use for the typed e-mail, read once: her own
  // earlier, unpaid one (its use moves here, even the last one) or a paid one (used already).
  let held: Awaited<ReturnType<typeof heldCheckout>> = null;
  if (typed) {
    const found = await findCode(services.database.db, typed);
    const typedEmail = (parsed.data[CODE_EMAIL_FIELD] ?? "").trim().toLowerCase();
    if (found?.oncePerPerson && isValidEmail(typedEmail))
      held = await heldCheckout(services.database.db, found.id, typedEmail);
    const checked = checkCodeFor(found, typed, listed.planId, pricing.plans, now, heldUse(held));
    if (!checked.ok) return refuse(CODE_FIELD, checked.message);
    code = checked.code;
    if (code.oncePerPerson) {
      if (!typedEmail) return refuse(CODE_EMAIL_FIELD, codeMessage("needsEmail", code.code));
      if (!isValidEmail(typedEmail)) return refuse(CODE_EMAIL_FIELD, "Please enter a valid email address");
      email = typedEmail;
    }
  }
  const { item, sale: discount, code: orderCode } = priceWithCode(listed, sale, code, now);

  const { payments: provider, database, env, logger } = services;
  const idempotencyKey = parsed.data.idempotencyKey ?? randomUUID();
  // The visitor's earlier checkout holding this once-per-person code (not a retry of this one) gives
  // its use to this one only once it can no longer be paid: closed at the provider first, outside
  // any transaction. Paid meanwhile: the code is used. Not reachable: nothing changes (decision 081).
  const earlier =
    code?.oncePerPerson && orderCode && held?.status === "pending" && held.idempotencyKey !== idempotencyKey
      ? held
      : null;
  const tryAgain = () => ({ ...refuse(CODE_FIELD, codeMessage("tryAgain", code?.code ?? "")), status: 503 });
  let closedEarlier = false;
  if (code && earlier?.sessionId && earlier.provider === provider.kind) {
    let closed: "expired" | "complete";
    try {
      closed = await provider.expireCheckoutSession(earlier.sessionId);
    } catch (error) {
      logger.warn({ err: error, orderId: earlier.orderId }, "earlier checkout could not be closed");
      return tryAgain();
    }
    if (closed === "complete") return refuse(CODE_FIELD, codeMessage("alreadyUsed", code.code));
    closedEarlier = true;
  }
  // Recorded the way the provider's own closing is: Stripe's expiry, or Cancel on the test checkout.
  const closeEarlier = (orderId: string) =>
    checkoutClosed(database.db, orderId, provider.kind === "test" ? "cancelled" : "expired").catch((error: unknown) =>
      logger.warn({ err: error, orderId }, "closed checkout not recorded"),
    );
  let order: Order;
  let movedFrom: string | undefined;
  try {
    order = await database.db.transaction(async (tx) => {
      const pending = await createPendingOrder(tx, {
        item,
        discount,
        code: orderCode,
        provider: provider.kind,
        idempotencyKey,
        leadId: parsed.data.leadId,
        firstTouch: visitor.firstTouch,
        startRequest: parsed.data.startNow ? startNowText() : null,
      });
      if (code && orderCode) {
        const taken = await takeCodeUse(tx, code, pending.order.id, email, earlier?.orderId ?? null);
        if (!taken.ok)
          throw new CodeRefused(
            taken.refusal === "open" ? tryAgain() : refuse(CODE_FIELD, codeMessage(taken.refusal, code.code)),
          );
        movedFrom = taken.movedFrom;
      }
      return pending.order;
    });
  } catch (error) {
    // The earlier checkout was closed but kept its use: it gives it back now, as at its expiry.
    if (earlier && closedEarlier) await closeEarlier(earlier.orderId);
    if (error instanceof CodeRefused) return error.answer;
    logger.error({ err: error, plan: item.key }, "checkout order could not be stored");
    return { ok: false, status: 502, message: CHECKOUT_MESSAGES.failed };
  }
  if (movedFrom) await closeEarlier(movedFrom);
  try {
    // A key reused for a different plan is a client bug or tampering, not a retry.
    if (order.planId !== item.planId || order.billingType !== item.billingType) {
      return { ok: false, status: 400, message: CHECKOUT_MESSAGES.invalid };
    }
    const session = await provider.createCheckoutSession({
      order,
      item: listed,
      customerEmail: orderCode ? email : null,
      successUrl: `${env.SITE_URL}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${env.SITE_URL}/cancel`,
    });
    await attachSession(database.db, order.id, session.id);
    logger.info({ orderId: order.id, plan: item.key, provider: provider.kind }, "checkout session created");
    return { ok: true, sessionUrl: session.url };
  } catch (error) {
    logger.error({ err: error, plan: item.key }, "checkout session could not be created");
    // No payment page: the code's use goes back at once rather than at an expiry that never comes.
    await releaseCodeUse(database.db, order.id).catch(() => undefined);
    return { ok: false, status: 502, message: CHECKOUT_MESSAGES.failed };
  }
}
