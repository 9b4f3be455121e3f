/**
 * Texts of the checkout screens (/success, /cancel and the built-in test checkout).
 * Prices and plans live in pricing.ts; contact links in site.ts.
 */
export interface CheckoutContent {
  pricing: {
    /** Label above the duration toggle. */
    durationLabel: string;
    mostPopular: string;
    perMonth: string;
    /** Beside every price: Dutch consumers must see that the price includes VAT. */
    inclVat: string;
    choose: string;
    loading: string;
    contact: string;
    contactNote: string;
    secureNote: string;
    /**
     * The buyer's request to start within the withdrawal period ("{days}": the number of days);
     * stored word for word with the order.
     */
    startNow: string;
    /** Under the box: what happens when it is left unticked. */
    startNowHint: string;
    /** Beside the box: the terms and withdrawal pages. */
    termsNote: string;
    /** The discount code's disclosure, its field, and the e-mail a once-per-person code needs. */
    codeSummary: string;
    codeLabel: string;
    codeHint: string;
    codeEmailLabel: string;
    codeEmailHint: string;
  };
  success: {
    title: string; // "Thank You!"
    intro: string;
    sessionLabel: string;
    planLabel: string;
    paidLabel: string;
    processingNote: string;
    nextTitle: string; // "What happens next?"
    steps: [NextStep, NextStep, NextStep];
    homeButton: string; // "Return to Home"
    manageButton: string;
    manageNote: string;
    portalUnavailable: string;
    /** "{seconds}" is replaced by the remaining seconds. */
    countdown: string;
    stay: string;
    stayed: string;
  };
  failure: {
    title: string; // "Something went wrong"
    noSession: string; // "No session ID found"
    unknownSession: string;
    pricingLink: string; // "Return to pricing page"
  };
  cancel: {
    title: string; // "Payment Cancelled"
    processing: string; // "Processing..."
    intro: string;
    reasonsTitle: string;
    reasons: string[];
    pricingLink: string;
    messagingPrompt: string;
    messagingLink: string;
    countdown: string;
    stay: string;
    stayed: string;
  };
  testCheckout: {
    badge: string;
    title: string;
    explanation: string;
    summaryTitle: string;
    payButton: string;
    cancelButton: string;
    cardHint: string;
    notFound: string;
    alreadyPaid: string;
  };
}

export interface NextStep {
  title: string;
  description: string;
}

export const checkout: CheckoutContent = {
  pricing: {
    durationLabel: "Plan duration",
    mostPopular: "Most popular",
    perMonth: "/ month",
    inclVat: "incl. btw",
    choose: "Choose {plan}",
    loading: "Redirecting to checkout…",
    contact: "Contact",
    contactNote: "Book a free intake and we agree on a plan and price together.",
    secureNote: "Secure payment by card or iDEAL. Instalment plans stop automatically after the last payment.",
    startNow:
      "Start my coaching right away, within the {days}-day withdrawal period. I understand that if I then withdraw, I pay for the days of coaching I received until then.",
    startNowHint: "Leave it unticked and your plan starts the day after the {days} days are over.",
    termsNote: "By choosing a plan you buy it under my terms and conditions, and you may withdraw within {days} days.",
    codeSummary: "Have a discount code?",
    codeLabel: "Discount code",
    codeHint:
      "Type it, then choose your plan; the price with the code is shown before you pay. A code does not add to a running sale unless it says so: you get whichever takes off more.",
    codeEmailLabel: "Your e-mail address (for codes that are once per person)",
    codeEmailHint: "Only needed for a code that is once per person; you then pay with this same address.",
  },
  success: {
    title: "Thank You!",
    intro: "Your payment went through and your coaching plan is booked. A receipt is on its way to your inbox.",
    sessionLabel: "Order reference",
    planLabel: "Plan",
    paidLabel: "Paid today",
    processingNote: "Your bank is still confirming the payment; we start as soon as it arrives.",
    nextTitle: "What happens next?",
    steps: [
      {
        title: "Mila gets in touch",
        description: "Within 24 hours you get a personal WhatsApp message or e-mail to plan your kick-off call.",
      },
      {
        title: "Kick-off call",
        description: "Together you go through your goals, schedule, history and anything that held you back before.",
      },
      {
        title: "Your plan goes live",
        description: "Your first training weeks appear in the online environment, with check-ins on the calendar.",
      },
    ],
    homeButton: "Return to Home",
    manageButton: "Manage my plan",
    manageNote: "Update your card or download invoices in Stripe's secure customer portal.",
    portalUnavailable: "The plan page is not available right now. Please try again later or send Mila a message.",
    countdown: "Taking you to the home page in {seconds} seconds.",
    stay: "Stay on this page",
    stayed: "You're staying on this page.",
  },
  failure: {
    title: "Something went wrong",
    noSession: "No session ID found",
    unknownSession:
      "We could not find a completed payment for this link. If money was taken from your account, send Mila a message and she will sort it out.",
    pricingLink: "Return to pricing page",
  },
  cancel: {
    title: "Payment Cancelled",
    processing: "Processing...",
    intro: "No worries: your payment was cancelled and nothing was charged.",
    reasonsTitle: "Common reasons people stop at checkout",
    reasons: [
      "You want to compare the plans once more",
      "You'd rather talk to Mila before committing",
      "Your card or bank app asked for an extra check that timed out",
      "You want to pay in instalments instead of all at once",
    ],
    pricingLink: "Return to pricing",
    messagingPrompt: "Questions about which plan fits you?",
    messagingLink: "Message Mila on WhatsApp",
    countdown: "Taking you back to the pricing page in {seconds} seconds.",
    stay: "Stay on this page",
    stayed: "You're staying on this page.",
  },
  testCheckout: {
    badge: "Test mode",
    title: "Test checkout",
    explanation:
      "No payment provider is configured, so this built-in test checkout stands in for Stripe. No money moves. Use the test card 4242 4242 4242 4242 with any future expiry date and any security code.",
    summaryTitle: "Order summary",
    payButton: "Pay {amount}",
    cancelButton: "Cancel and return",
    cardHint: "Test card: 4242 4242 4242 4242",
    notFound: "This test checkout does not exist or has already been used.",
    alreadyPaid: "This order has already been paid.",
  },
};
