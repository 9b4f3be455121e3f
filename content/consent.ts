/**
 * The exact words shown next to each form about what the visitor agrees to. Every sign-up stores
 * the id of the version it was shown (table consent_records), so the back office can prove what a
 * person agreed to, and when.
 *
 * How to change a text: never edit a published version (old records would change meaning). Add a
 * new entry with a new id (kind and date), then point `currentConsent` at it. Keep every old entry.
 */
export type ConsentKind = "newsletter" | "intake" | "event";

export interface ConsentText {
  kind: ConsentKind;
  /** The sentence shown under the form; "privacy policy" in it links to /privacy-policy. */
  text: string;
}

export const consentTexts = {
  "newsletter-2026-11-23": {
    kind: "newsletter",
    text: "You agree to get this newsletter by e-mail about once a month; unsubscribe with one click in any issue. See the privacy policy.",
  },
  "intake-2026-11-23": {
    kind: "intake",
    text: "By sending this form you agree that Mila Jansen uses your answers and contact details to prepare and hold your free intake call and to contact you about it. Nothing is shared for marketing. Read more in the privacy policy.",
  },
  "event-2026-11-23": {
    kind: "event",
    text: "By signing up you agree that Mila Jansen uses your name and phone number to confirm your place and send practical updates about this event by WhatsApp or text message. Read more in the privacy policy.",
  },
  "event-2026-11-28": {
    kind: "event",
    text: "By signing up you agree that Mila Jansen uses your name and phone number to confirm your place and send practical updates about this event by WhatsApp or text message, and, if you give your e-mail address, to e-mail you the confirmation with a calendar file, a reminder the day before, word if a place comes free and one thank-you afterwards. Read more in the privacy policy.",
  },
} as const satisfies Record<string, ConsentText>;

export type ConsentVersion = keyof typeof consentTexts;

/** The version each form shows today. */
export const currentConsent = {
  newsletter: "newsletter-2026-11-23",
  intake: "intake-2026-11-23",
  event: "event-2026-11-28",
} as const satisfies Record<ConsentKind, ConsentVersion>;
