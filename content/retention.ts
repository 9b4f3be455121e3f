/**
 * How long each kind of personal data is kept (the privacy notice shows these figures, and the
 * nightly retention job in app/features/back-office/retention.server.ts applies them). Change a
 * number here and both follow.
 */
export const retention = {
  /** Intake leads who did not become clients, counted from the last change to the lead. */
  leadMonths: 24,
  /** Event signups, counted from the signup. */
  eventSignupMonths: 12,
  /** Newsletter sign-ups never confirmed. */
  unconfirmedNewsletterDays: 30,
  /** Unsubscribed addresses (kept meanwhile as proof of the consent and its withdrawal). */
  unsubscribedNewsletterMonths: 24,
  /** Orders and payments: Dutch bookkeeping law (art. 52 AWR) asks for seven years. */
  orderYears: 7,
  /** The back office's own audit log. */
  auditLogMonths: 12,
} as const;
