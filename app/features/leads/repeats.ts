import { internationalNumber } from "./contact";

/** One questionnaire as sent: who (by e-mail and phone) and when. */
export interface Submission {
  id: string;
  email: string | null;
  phone: string | null;
  createdAt: string;
}

/** The other times the same person sent the questionnaire, oldest first. */
export interface Repeats {
  /** Sent before this one: this one is a repeat ("Also sent on …"). */
  earlier: { id: string; createdAt: string }[];
  /** Sent after this one ("Sent the form again on …"). */
  later: { id: string; createdAt: string }[];
}

export const NO_REPEATS: Repeats = { earlier: [], later: [] };

export const emailKey = (email: string | null | undefined): string | null => email?.trim().toLowerCase() || null;

/**
 * The phone number as E.164 digits, so "06 1234 5678", "0031 6 1234 5678" and "+31 6 1234 5678"
 * are one number (internationalNumber reads a leading 0 as Dutch, as the links do).
 */
export const phoneKey = (phone: string | null | undefined): string | null => internationalNumber(phone);

/**
 * The last nine digits of a number, which the database can compare on the digits as typed
 * (national or international form alike) to find candidates; samePerson then decides.
 */
export function phoneTail(phone: string | null | undefined): string | null {
  const digits = (phone ?? "").replace(/\D/g, "");
  return digits.length >= 8 ? digits.slice(-9) : null;
}

/** The same e-mail address (any case), or the same phone number once both are in E.164 form. */
export function samePerson(a: Pick<Submission, "email" | "phone">, b: Pick<Submission, "email" | "phone">): boolean {
  const email = emailKey(a.email);
  if (email && email === emailKey(b.email)) return true;
  const phone = phoneKey(a.phone);
  return phone !== null && phone === phoneKey(b.phone);
}

/** Which of `others` are the same person as `lead`, split into those sent before and after it. */
export function repeatsOf(lead: Submission, others: readonly Submission[]): Repeats {
  const same = others
    .filter((other) => other.id !== lead.id && samePerson(lead, other))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  const before = (other: Submission) =>
    other.createdAt < lead.createdAt || (other.createdAt === lead.createdAt && other.id < lead.id);
  const pick = ({ id, createdAt }: Submission) => ({ id, createdAt });
  return { earlier: same.filter(before).map(pick), later: same.filter((o) => !before(o)).map(pick) };
}
