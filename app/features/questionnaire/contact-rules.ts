/**
 * The contact step's rules and messages without a validation library, so the questionnaire island
 * carries no zod (docs/decisions/027-island-budgets.md). The server's schema (schema.ts) states the
 * same rules with zod and takes its limits and messages from here (messages.ts); contact-rules.test.ts
 * checks that both give the same answer for the same input.
 */
import { hasNoControlCharacters, withoutInvisibleFormatting } from "~/infra/control-characters";
import { isValidEmail } from "~/infra/email-address";
import { CONTACT_FIELDS, MESSAGES, type ContactField, type ContactValues } from "./messages";

export { CONTACT_FIELDS, MESSAGES, type ContactField, type ContactValues };

/** An optional plus, then only digits, spaces, hyphens and parentheses. */
export const PHONE_PATTERN = /^\+?[\d\s\-()]+$/;
/** libphonenumber's limits: at most 17 digits; a calling code plus a 2-digit number at least. */
export const PHONE_MIN_DIGITS = 4;
export const PHONE_MAX_DIGITS = 17;

/** Longest accepted value of each contact field, after trimming. */
export const CONTACT_MAX_LENGTH: Record<ContactField, number> = {
  firstName: 100,
  lastName: 100,
  email: 254,
  phone: 40,
  message: 2000,
};

/** True when the phone number has only phone characters and a plausible number of digits. */
export function isPlausiblePhone(value: string): boolean {
  if (!PHONE_PATTERN.test(value)) return false;
  const digits = value.replace(/\D/g, "").length;
  return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
}

/** The first problem with one field's (already trimmed) value, or null when it is fine. */
function problemWith(field: ContactField, value: string): string | null {
  const max = CONTACT_MAX_LENGTH[field];
  if (value.length > max) return MESSAGES.tooLong(max);
  if (!hasNoControlCharacters(value, { multiLine: field === "message" })) return MESSAGES.controlCharacters;
  if (field === "message") return null;
  if (value === "") return MESSAGES.required;
  if (field === "email" && !isValidEmail(value)) return MESSAGES.email;
  if (field === "phone" && !isPlausiblePhone(value)) return MESSAGES.phone;
  return null;
}

/**
 * Checks the contact step: the trimmed values, or the first message per field (for showing under
 * each field). A missing field counts as empty; anything but text is refused (the server refuses
 * it too, in its own words: the step's fields only ever give text).
 */
export function validateContact(
  input: Partial<Record<ContactField, unknown>>,
): { ok: true; values: ContactValues } | { ok: false; errors: Partial<Record<ContactField, string>> } {
  const values = {} as ContactValues;
  const errors: Partial<Record<ContactField, string>> = {};
  for (const field of CONTACT_FIELDS) {
    const raw = input[field] ?? "";
    if (typeof raw !== "string") {
      errors[field] = MESSAGES.required;
      continue;
    }
    values[field] = withoutInvisibleFormatting(raw, { keepJoiners: true }).trim();
    const problem = problemWith(field, values[field]);
    if (problem) errors[field] = problem;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values };
}
