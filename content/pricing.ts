import type { PricingContent } from "./types";

export const pricing: PricingContent = {
  title: "Flexible Plans for Every Goal",
  subtitle:
    "Every plan includes a personal training plan, access to the online environment and WhatsApp support. Choose how much guidance you want, and save when you commit for longer.",
  durations: [
    { value: "1", label: "1 month", billingType: "onetime" },
    { value: "3", label: "3 months", billingType: "monthly3x" },
    { value: "6", label: "6 months", billingType: "monthly6x" },
  ],
  plans: [
    {
      id: "essential",
      name: "Essential",
      tagline: "A clear plan and a coach on call",
      monthlyPriceCents: { "1": 11000, "3": 9000, "6": 8000 },
      features: [
        "Personalized training plan",
        "Kick-off call to set your goals",
        "End-of-month evaluation",
        "Daily WhatsApp support",
      ],
      highlight: false,
    },
    {
      id: "progress",
      name: "Progress",
      tagline: "Regular check-ins and nutrition guidance",
      monthlyPriceCents: { "1": 14000, "3": 12000, "6": 10500 },
      features: [
        "Everything in Essential",
        "Basic nutrition plan",
        "2 check-ins per month",
        "Monthly plan adjustments",
      ],
      highlight: true,
    },
    {
      id: "elite",
      name: "Elite",
      tagline: "Maximum guidance, fully tailored",
      monthlyPriceCents: { "1": 17500, "3": 15000, "6": 12500 },
      features: [
        "Everything in Progress",
        "Fully customized nutrition plan",
        "4 check-ins per month",
        "Plan adjustments whenever needed",
      ],
      highlight: false,
    },
    {
      id: "custom",
      name: "Custom Program",
      tagline: "For special goals, teams or a mix of services",
      monthlyPriceCents: null,
      features: [
        "Tailored to a specific event or situation",
        "Flexible check-in frequency",
        "Coaching for couples, friends or small teams",
        "Price agreed after a free intake",
      ],
      highlight: false,
    },
  ],
  afterPaymentNote:
    "Thank you for your order! Mila will contact you personally within 24 hours to schedule your kick-off and start building your plan.",
};
