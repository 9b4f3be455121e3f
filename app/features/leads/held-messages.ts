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

/** A messaging link without its prefilled text (wa.me/3161…?text=…): short enough to read and type. */
function readableLink(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname === "/" ? "" : parsed.pathname}`;
  } catch {
    return url;
  }
}

/**
 * What a visitor is told when too many forms are already held (a robot flood; decision 057): her
 * form was not kept, and how to reach the trainer directly instead, in the trainer's voice.
 */
export function heldFullMessage(contact: { email: string; messagingUrl: string }): string {
  const link = readableLink(contact.messagingUrl);
  const channel = /(^|\.)(wa\.me|whatsapp\.com)/i.test(link) ? "on WhatsApp" : "by message";
  return `So many forms are waiting for my check right now that yours could not be kept. Please reach me directly: ${channel} at ${link} or by e-mail at ${contact.email}.`;
}
