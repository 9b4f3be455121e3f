import type { PrivacyContent } from "./types";
import { site } from "./site";

/** How many days a consumer has to withdraw from a distance contract under Dutch law. */
export const WITHDRAWAL_DAYS = 14;

const business = `${site.name} (Mila Jansen, sole proprietorship, ${site.address.city}, ${site.address.country}; ${site.registrationNumber}; VAT number ${site.vatNumber}; ${site.contactEmail})`;

/** The general terms that apply to every coaching plan bought on this site. */
export const terms: PrivacyContent = {
  lastUpdated: "2026-11-23",
  intro:
    "These terms apply to every coaching plan you buy on this website. They are written to be read: if something is unclear, e-mail me before you buy and I will explain it.",
  sections: [
    {
      heading: "Who you buy from",
      paragraphs: [`You buy from ${business}.`],
    },
    {
      heading: "What you buy",
      paragraphs: [
        "A coaching plan is a service for the number of months you choose: a personal training plan, the check-ins and support the plan's description lists, and access to the online environment for that period.",
        `If you ask at checkout for your coaching to start right away, the plan starts on the day your payment is confirmed; otherwise it starts the day after the ${WITHDRAWAL_DAYS}-day withdrawal period ends.`,
      ],
    },
    {
      heading: "Prices and payment",
      paragraphs: [
        "Every price on this site is in euros and includes Dutch VAT (btw). A 1-month plan is paid at once; a 3- or 6-month plan is paid per month, and the monthly payments end by themselves after the last month.",
        "Payments are handled by the payment provider named at checkout. I never see or store your card details.",
      ],
    },
    {
      heading: `Your ${WITHDRAWAL_DAYS}-day right of withdrawal`,
      paragraphs: [
        `As a consumer you may withdraw from the contract within ${WITHDRAWAL_DAYS} days of the day it is made, without giving a reason. The withdrawal page explains how, and has a form you can use.`,
        "Coaching only starts within those days when you ask for it at checkout. If you then withdraw, you pay for the part of the plan you received up to the moment you tell me, counted pro rata per day; you get back the rest.",
        "Once the whole service has been delivered within the withdrawal period at your request, the right of withdrawal ends.",
      ],
    },
    {
      heading: "Ending a longer plan",
      paragraphs: [
        "After the withdrawal period a 3- or 6-month plan runs for the months you chose. You can stop the monthly payments for the months that follow from the customer portal linked in your order e-mail; months already paid are not refunded.",
      ],
    },
    {
      heading: "Your health",
      paragraphs: [
        "Training carries some risk. Tell me about injuries, illness or pregnancy before we start, and check with a doctor when in doubt. My coaching does not replace medical advice.",
      ],
    },
    {
      heading: "Complaints",
      paragraphs: [
        `Tell me by e-mail at ${site.contactEmail}; I answer within 14 days. If we cannot solve it together, you may go to the competent court in the Netherlands or, if you live in the EU, use the European Commission's online dispute resolution platform.`,
      ],
    },
    {
      heading: "Law",
      paragraphs: [
        "Dutch law applies. This never takes away the protection the law of the country where you live gives you as a consumer.",
      ],
    },
  ],
};

/** The withdrawal page: how to withdraw, what happens to the money, and the model form. */
export const withdrawal: PrivacyContent = {
  lastUpdated: "2026-11-23",
  intro: `You may change your mind. Within ${WITHDRAWAL_DAYS} days of buying a coaching plan you can withdraw from it without giving a reason.`,
  sections: [
    {
      heading: "How to withdraw",
      paragraphs: [
        `Send me a clear message before the ${WITHDRAWAL_DAYS} days have passed: an e-mail to ${site.contactEmail} is enough. You may use the form below, but you do not have to. The ${WITHDRAWAL_DAYS} days count from the day after your order.`,
      ],
    },
    {
      heading: "Your money back",
      paragraphs: [
        `I refund what you paid within ${WITHDRAWAL_DAYS} days of receiving your message, in the same way you paid, at no cost to you.`,
        "If you asked at checkout for the coaching to start within the withdrawal period, I keep the part of the price for the days of coaching you received until your message, counted pro rata; you get back the rest.",
      ],
    },
    {
      heading: "Model withdrawal form",
      paragraphs: [
        "Copy this text into an e-mail or a letter, fill it in and send it only if you want to withdraw.",
        `To: ${business}.`,
        "I give notice that I withdraw from my contract for the following coaching plan:",
      ],
      list: [
        "Plan and duration:",
        "Ordered on:",
        "Your name:",
        "Your address:",
        "Your signature (only on paper):",
        "Date:",
      ],
    },
  ],
};
