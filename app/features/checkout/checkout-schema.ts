import "~/infra/zod-config";
import { z } from "zod";
import { CONTROL_CHARACTER_MESSAGE, hasNoControlCharacters } from "~/infra/control-characters";
import { isValidEmail } from "~/infra/email-address";
import { HONEYPOT_FIELD } from "~/infra/form-fields";
import type { PricingContent } from "#content/types";
import { CODE_EMAIL_FIELD, CODE_FIELD, SALE_FIELD, START_NOW_FIELD, START_NOW_VALUE } from "./checkout-messages";

// Zod-free, so the pricing page's checkout island can use them (docs/decisions/027-island-budgets.md).
export { CHECKOUT_MESSAGES, SALE_ENDED_STATUS, type CheckoutResponse } from "./checkout-messages";

/**
 * The checkout request, the same for the JSON endpoint and the
 * no-JavaScript form post. Shape problems and catalogue mismatches get one answer:
 * the visitor cannot fix either, and the message must not help someone probing prices.
 */
export const checkoutRequestSchema = z.object({
  priceId: z.string().trim().min(1).max(100).refine(hasNoControlCharacters),
  planName: z.string().trim().min(1).max(100).refine(hasNoControlCharacters),
  billingType: z.enum(["onetime", "monthly3x", "monthly6x"]),
  frequency: z.enum(["1", "3", "6"]),
  /** Per click, from the browser: a double click or a retried request reuses one order. */
  idempotencyKey: z.uuid().optional(),
  /** The lead whose thank-you page led here (/pricing?lead=...), so the order is tied to them. */
  leadId: z.uuid().optional(),
  /** The buyer asked for the coaching to start within the withdrawal period (the checkout's box). */
  startNow: z.boolean().optional(),
  /**
   * The sale the page showed on the chosen plan, if any: never a price, only so the checkout can
   * tell the visitor when that sale has ended since (the server works the price out itself).
   */
  saleId: z.uuid().optional(),
  /**
   * A discount code as typed (decision 076): only its text, never an amount; the server finds the
   * code and works the price out itself. Over-long or odd input is an unknown code, said under the field.
   */
  [CODE_FIELD]: z.string().max(200).optional(),
  /** The e-mail a once-per-person code is checked for; checked by createCheckout, message under its field. */
  [CODE_EMAIL_FIELD]: z.string().max(320).optional(),
  /** Honeypot: people never see it, so it stays empty. */
  [HONEYPOT_FIELD]: z.string().max(200).optional(),
});

const BILLING_TYPES = ["onetime", "monthly3x", "monthly6x"] as const;
const DURATION_OF = { onetime: "1", monthly3x: "3", monthly6x: "6" } as const;

/**
 * The no-JavaScript plan form (a plan button posts priceId "plan:billingType"; the plan's name is
 * looked up from its id in the published prices) mapped onto the checkout request, so both ways in end in the same validation.
 */
export function checkoutRequestFromForm(
  form: { get(name: string): unknown },
  published: Pick<PricingContent, "plans">,
): Record<string, string | boolean> {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const priceId = field("priceId");
  const billingType = BILLING_TYPES.find((b) => b === priceId.split(":")[1]);
  return {
    priceId,
    // The plan buttons share one form (with the start box), so the plan comes from the button.
    planName: published.plans.find((plan) => plan.id === priceId.split(":")[0])?.name ?? "",
    // Ticked, or not sent at all; any other value is refused by the schema (not a boolean).
    startNow: { [START_NOW_VALUE]: true, "": false }[field(START_NOW_FIELD)] ?? field(START_NOW_FIELD),
    billingType: billingType ?? "",
    frequency: billingType ? DURATION_OF[billingType] : "",
    ...(field(SALE_FIELD) ? { saleId: field(SALE_FIELD) } : {}),
    ...(field(CODE_FIELD) ? { [CODE_FIELD]: field(CODE_FIELD) } : {}),
    ...(field(CODE_EMAIL_FIELD) ? { [CODE_EMAIL_FIELD]: field(CODE_EMAIL_FIELD) } : {}),
    [HONEYPOT_FIELD]: field(HONEYPOT_FIELD),
  };
}

/** The lead id of a /pricing?lead=... page, from where a plain form post came (its Referer). */
export function leadIdFromReferer(referer: string | null, siteUrl: string): string | undefined {
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    if (url.origin !== new URL(siteUrl).origin) return undefined;
    const lead = url.searchParams.get("lead") ?? "";
    return z.uuid().safeParse(lead).success ? lead : undefined;
  } catch {
    return undefined;
  }
}

const TEST_CARD = "4242424242424242";

/** A card is valid through the last day of its expiry month. */
export function notExpired(expiry: string, today: Date = new Date()): boolean {
  const [month, year] = expiry.split("/").map((part) => Number(part.trim()));
  if (!month || year === undefined || Number.isNaN(year)) return false;
  const lastValid = new Date(Date.UTC(2000 + year, month, 1));
  return today.getTime() < lastValid.getTime();
}

/** The built-in test checkout's form: only Stripe's well-known test card is accepted. */
export const testPaymentSchema = z.object({
  email: z
    .string()
    .trim()
    .refine((v) => hasNoControlCharacters(v), CONTROL_CHARACTER_MESSAGE)
    .refine(isValidEmail, "Please enter a valid email address"),
  cardNumber: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ""))
    .refine((v) => v === TEST_CARD, { error: "Use the test card number 4242 4242 4242 4242" }),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, { error: "Enter the expiry date as MM / YY" })
    .refine((v) => notExpired(v), { error: "This card has expired" }),
  cvc: z
    .string()
    .trim()
    .regex(/^\d{3,4}$/, { error: "Enter the 3 or 4 digit security code" }),
  [HONEYPOT_FIELD]: z.string().max(200).optional(),
});

export type TestPaymentErrors = Partial<Record<"email" | "cardNumber" | "expiry" | "cvc" | "form", string>>;
