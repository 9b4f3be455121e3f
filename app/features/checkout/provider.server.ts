import type { BillingType, PricingContent } from "#content/types";
import type { CatalogueItem } from "./catalogue";
import type { Order } from "./fulfilment.server";

/** What the pages and endpoints need from a payment provider (Stripe or the test checkout). */
export interface PaymentProvider {
  kind: "stripe" | "test";
  /**
   * Starts a hosted checkout for an order; the browser is sent to `url`. `item` is the plan at its
   * normal price (Stripe's price); an order bought in a sale has its discount and its sale amount.
   */
  createCheckoutSession(input: {
    order: Order;
    item: CatalogueItem;
    /** The e-mail a once-per-person code was checked for, which the payment is then made with. */
    customerEmail?: string | null;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ id: string; url: string }>;
  /**
   * Closes an unpaid hosted checkout so it can no longer be paid (a once-per-person code's use is
   * moving to the same visitor's newer checkout, decision 081). "expired": it cannot be paid now,
   * closed here or before; "complete": it was paid first. Throws when the provider cannot be reached.
   */
  expireCheckoutSession(sessionId: string): Promise<"expired" | "complete">;
  /**
   * The finished checkout behind a success page's session_id, verified with the provider.
   * Null for an unknown, forged or unfinished session.
   */
  retrieveCompletedCheckout(sessionId: string): Promise<CompletedCheckout | null>;
  /** Address of the provider's customer portal for this checkout's customer, if any. */
  createPortalSession(sessionId: string, returnUrl: string): Promise<string | null>;
  /**
   * Makes the provider charge these prices from now on (before they are shown): Stripe gets a
   * new price per changed amount and archives the old one; the test checkout charges the
   * catalogue directly and has nothing to do.
   */
  publishPrices(content: PricingContent): Promise<{ created: string[]; archived: string[] }>;
  /** A provider webhook delivery (raw body and signature header). */
  handleWebhook(payload: string, signature: string | null): Promise<WebhookResult>;
}

export interface WebhookResult {
  status: number;
  body: { received: boolean; duplicate?: boolean; error?: string };
}

export interface CompletedCheckout {
  sessionId: string;
  /** The order's id: what analytics may see (the session id opens the customer portal). */
  orderRef: string;
  planName: string;
  billingType: BillingType;
  paymentsTotal: number;
  /** What was actually charged now, in cents (the first instalment for instalment plans). */
  amountPaidCents: number;
  currency: string;
  /** False while a bank payment is still being confirmed. */
  paid: boolean;
  /** The provider has a customer portal for this buyer. */
  canManage: boolean;
}

/** Session ids as the providers issue them; anything else never reaches an API call. */
export const SESSION_ID_PATTERN = /^cs_(test|live)_[A-Za-z0-9_]{8,200}$/;
