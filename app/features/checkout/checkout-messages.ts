/** The checkout's fixed error texts; shown to the visitor as 'Error: {message}'. */
export const CHECKOUT_MESSAGES = {
  failed: "Failed to create checkout session",
  invalid: "Invalid plan or price ID",
  unexpected: "An unexpected error occurred",
  tooMany: "Too many checkout attempts. Please wait a minute and try again.",
  /** Never sent by our own pages: only a foreign page or a script sends these. */
  unsupportedType: "Send the checkout request as JSON (application/json)",
  crossSite: "This request did not come from this site. Reload the pricing page and try again.",
} as const;

/** The checkout box's form field and the value a ticked box posts. */
export const START_NOW_FIELD = "startNow";
export const START_NOW_VALUE = "yes";

/** The plan form's hidden field naming the sale the page showed (docs/decisions/043-sales.md). */
export const SALE_FIELD = "saleId";

/** The plan form's code field and the e-mail a once-per-person code is checked for (decision 076). */
export const CODE_FIELD = "code";
export const CODE_EMAIL_FIELD = "codeEmail";

/**
 * `saleEnded`: the sale the page showed no longer holds for the chosen plan; the message says the
 * price now, and the cards go back to their normal prices until the page is loaded again.
 */
export type CheckoutResponse =
  | { sessionUrl: string }
  /** `field`: the message goes under the code or its e-mail field, not the plan's button. */
  | { message: string; saleEnded?: boolean; field?: CodeFieldName };

export type CodeFieldName = typeof CODE_FIELD | typeof CODE_EMAIL_FIELD;

/** The status of that answer: the request was fine, the price it was made for is gone. */
export const SALE_ENDED_STATUS = 409;
