/**
 * The forms whose too-fast submissions are held for review (held.server.ts), and what the visitor is
 * told then: the truth (it arrived and is checked by hand), in the trainer's voice. Not a `.server`
 * module: the forms in the browser show these texts too.
 */
export const HELD_FORMS = ["intake", "event", "newsletter"] as const;
export type HeldForm = (typeof HELD_FORMS)[number];

/**
 * What the visitor is told: the truth (it arrived, it is checked by hand), in the trainer's voice.
 * The newsletter's text is its page's "held" status (content/newsletter.ts).
 */
export const HELD_MESSAGES = {
  intake:
    "Your answers arrived, but so quickly that my spam check held them for me to look at by hand. I will get back to you within two working days; you can book your free intake call below in the meantime.",
  event:
    "Your sign-up arrived, but so quickly that my spam check held it for me to look at by hand. I will confirm your place by message within a day.",
} as const satisfies Partial<Record<HeldForm, string>>;
