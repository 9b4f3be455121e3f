import { backOffice } from "#content/back-office";

/** The ways the back office lets the trainer reach a lead in one tap. */
export const CONTACT_CHANNELS = ["whatsapp", "call", "email"] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

export const isContactChannel = (value: unknown): value is ContactChannel =>
  typeof value === "string" && (CONTACT_CHANNELS as readonly string[]).includes(value);

export const CONTACT_LABELS: Record<ContactChannel, string> = {
  whatsapp: "WhatsApp",
  call: "Call",
  email: "E-mail",
};

/**
 * The number in international form without "+" or spaces, as wa.me and tel: links want it.
 * Leads are mostly Dutch and often type a national number ("06 1234 5678"), so a single
 * leading 0 means the Netherlands (+31); "00" and "+" introduce a country code.
 */
export function internationalNumber(phone: string | null | undefined): string | null {
  const raw = (phone ?? "").trim();
  if (!raw) return null;
  const digits = raw.replace(/\D/g, "");
  let number: string;
  if (raw.startsWith("+")) number = digits;
  else if (digits.startsWith("00")) number = digits.slice(2);
  else if (digits.startsWith("0")) number = `31${digits.slice(1)}`;
  else number = digits;
  // E.164 numbers have at most 15 digits; fewer than 8 cannot be a reachable mobile number.
  return number.length >= 8 && number.length <= 15 ? number : null;
}

/** A text from content/back-office.ts with its `{placeholders}` filled in. */
export function fillIn(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The greeting from content/back-office.ts with the lead's first name and goal filled in. */
export function whatsAppGreeting(firstName: string, goal: string | null): string {
  const template = goal ? backOffice.whatsAppGreeting : backOffice.whatsAppGreetingNoGoal;
  return fillIn(template, { firstName, goal: goal ?? "" });
}

/** A WhatsApp chat with this number, the message ready in its box; null for no usable number. */
export function whatsAppLink(phone: string | null | undefined, text: string): string | null {
  const number = internationalNumber(phone);
  return number ? `https://wa.me/${number}?text=${encodeURIComponent(text)}` : null;
}

/** The dialler with this number; null for no usable number. */
export function callLink(phone: string | null | undefined): string | null {
  const number = internationalNumber(phone);
  return number ? `tel:+${number}` : null;
}

/** The first word of a name as typed ("Anna de Vries" → "Anna"), for a greeting. */
export const firstNameOf = (name: string | null | undefined): string => name?.trim().split(/\s+/)[0] || "there";

/**
 * WhatsApp and Call for someone who signed up for an event: the greeting names the event and
 * its day; `placeFree` is the message for someone just moved up from the waiting list.
 */
export function eventSignupLinks(
  signup: { name: string | null; phone: string | null },
  event: { title: string; date: string } | null,
  placeFree = false,
): { whatsapp: string | null; call: string | null } {
  const template = placeFree ? backOffice.placeFreeWhatsApp : backOffice.eventWhatsApp;
  const text = fillIn(template, {
    firstName: firstNameOf(signup.name),
    event: event?.title ?? "the event",
    date: event?.date ?? "the day",
  });
  return { whatsapp: whatsAppLink(signup.phone, text), call: callLink(signup.phone) };
}

export interface ContactLinks {
  whatsapp: string | null;
  call: string | null;
  email: string | null;
}

/** One-tap links for a lead; a channel is null when the lead gave nothing to reach them by. */
export function contactLinks(lead: {
  firstName: string;
  goal: string | null;
  phone: string | null;
  email: string | null;
}): ContactLinks {
  return {
    whatsapp: whatsAppLink(lead.phone, whatsAppGreeting(lead.firstName, lead.goal)),
    call: callLink(lead.phone),
    email: lead.email ? `mailto:${lead.email}` : null,
  };
}
