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

export type CheckoutResponse = { sessionUrl: string } | { message: string };
