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

/** The greeting from content/back-office.ts with the lead's first name and goal filled in. */
export function whatsAppGreeting(firstName: string, goal: string | null): string {
  const template = goal ? backOffice.whatsAppGreeting : backOffice.whatsAppGreetingNoGoal;
  return template.replaceAll("{firstName}", firstName).replaceAll("{goal}", goal ?? "");
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
  const number = internationalNumber(lead.phone);
  return {
    whatsapp: number
      ? `https://wa.me/${number}?text=${encodeURIComponent(whatsAppGreeting(lead.firstName, lead.goal))}`
      : null,
    call: number ? `tel:+${number}` : null,
    email: lead.email ? `mailto:${lead.email}` : null,
  };
}
