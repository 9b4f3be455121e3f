/**
 * How long each kind of personal data is kept. The privacy notice (content/privacy.ts) prints
 * these figures and the retention job (app/features/back-office/retention.server.ts) applies
 * them, so the promise and the practice cannot drift apart. Change a number here and both follow.
 */
export const retention = {
  /** Intake questionnaires of people who did not become clients, counted from the day the form was sent. */
  leadMonths: 12,
  /** Event signups, counted from the day of the event. */
  eventSignupMonthsAfterEvent: 1,
  /** Newsletter sign-ups whose confirmation link was never pressed. */
  unconfirmedNewsletterDays: 30,
  /** After unsubscribing: the consent records (proof), then only the address stays as a suppression entry. */
  unsubscribedProofMonths: 24,
  /** Orders and payments: Dutch tax law (art. 52 AWR) asks for seven years. */
  orderYears: 7,
  /** Which newsletter issue went to which address and how (sent, refused): then only the counts stay. */
  newsletterDeliveryMonths: 12,
  /**
   * The e-mails, notifications and web hook calls the site sent, or gave up on (copies as sent,
   * with their addresses and the other side's answer): long enough for her to look back on a
   * quarter in the Messages page and answer "did you send me…?".
   */
  sentMessageDays: 90,
  /**
   * An order confirmation carries the withdrawal information; without it the buyer's withdrawal
   * period grows by up to 12 months (art. 10 of the Consumer Rights Directive, 2011/83/EU), so
   * the proof that it went out is kept that long.
   */
  orderConfirmationMonths: 13,
  /** The back office's own audit log. */
  auditLogMonths: 12,
  /** Form submissions held for review because they came in faster than a person types, never reviewed. */
  heldSubmissionDays: 30,
  /** Page-speed measurements of real visits (no personal data): the window the back office summarises. */
  webVitalsDays: 28,
} as const;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** The privacy notice's list, written from the figures above. */
export const retentionNotice = [
  `Intake questionnaire, booked intake calls and intake notes of people who do not become clients: deleted ${plural(retention.leadMonths, "month")} after the form was sent.`,
  "Coaching data of clients (plans, check-ins, messages): kept for the duration of the coaching and deleted 24 months after it ends, unless you ask me to delete it sooner.",
  `Order and invoice records: ${plural(retention.orderYears, "year")}, as required by Dutch tax law; if you ask for erasure before then, I remove your name and e-mail address from them and keep only the amounts and dates.`,
  `Event signups: deleted ${plural(retention.eventSignupMonthsAfterEvent, "month")} after the event.`,
  `Forms sent so quickly that they were held for a check by hand and never accepted: deleted after ${plural(retention.heldSubmissionDays, "day")}.`,
  `Copies of the e-mails and notifications this website sent you or me (confirmations, the welcome e-mail, notices of a form or an order), with whether they arrived: deleted ${plural(retention.sentMessageDays, "day")} after they were sent or given up; the confirmation of an order after ${plural(retention.orderConfirmationMonths, "month")}, as proof that the terms and withdrawal information reached you.`,
  `Newsletter sign-ups that were never confirmed: deleted after ${plural(retention.unconfirmedNewsletterDays, "day")}.`,
  `For each newsletter issue, whether it reached your address (or why not): ${plural(retention.newsletterDeliveryMonths, "month")}, after which only the issue's totals stay.`,
  `Newsletter: until you unsubscribe. After that I keep the record of your consent for ${plural(retention.unsubscribedProofMonths, "month")} as proof, and only your e-mail address on a suppression list, so that you are never mailed again by mistake.`,
  "Proof of consent (when and on which page you agreed, which text you saw, your browser and the network part of your internet address, never the full address): kept as long as the data it belongs to.",
];
