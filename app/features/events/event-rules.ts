import {
  CONTROL_CHARACTER_MESSAGE,
  hasNoControlCharacters,
  withoutInvisibleFormatting,
} from "~/infra/control-characters";
import { isValidEmail, MAX_EMAIL_LENGTH } from "~/infra/email-address";

/**
 * The event signup form's field rules without zod, for the page's enhancer (event-signup.enhancer.ts):
 * name and phone, both required after trimming, each under its length, free of control characters,
 * the phone an optional plus then digits, spaces, hyphens and parentheses; the e-mail address
 * optional (docs/decisions/079), and when given, a valid one. event-schema.ts holds the
 * server's schema with the same limits and messages; event-rules.test.ts holds them to the same verdicts.
 */
export const EVENT_MESSAGES = {
  name: "Name is required",
  phone: "Phone number is required",
  /** The phone rule (optional plus, then digits, spaces, hyphens, parentheses). */
  phoneInvalid: "Please enter a valid phone number",
  /** The e-mail address is optional; one that is given must be an address mail can reach. */
  emailInvalid: "Please enter a valid email address, or leave it empty",
  /** A failed insert whose cause we know (the database). */
  databaseError: "Something went wrong. Our database is currently unavailable. You can still reserve your spot!",
  /** Anything else (network, unexpected answer). */
  unexpectedError: "Unexpected error. Our database is currently unavailable. You can still reserve your spot!",
} as const;

export const EVENT_LIMITS = { name: 120, phone: 40, email: MAX_EMAIL_LENGTH } as const;
export const EVENT_PHONE_PATTERN = /^\+?[\d\s\-()]*\d[\d\s\-()]*$/;

export type EventField = "name" | "phone" | "email";
export const EVENT_FIELDS: readonly EventField[] = ["name", "phone", "email"];

export const tooLongMessage = (max: number) => `Please keep this under ${max} characters`;

function fieldError(value: unknown, required: string, max: number): string | undefined {
  const text = typeof value === "string" ? withoutInvisibleFormatting(value, { keepJoiners: true }).trim() : "";
  if (text.length < 1) return required;
  if (text.length > max) return tooLongMessage(max);
  if (!hasNoControlCharacters(text)) return CONTROL_CHARACTER_MESSAGE;
  return undefined;
}

/** The optional address: empty is fine; else under its length, one line, and a valid address. */
function emailError(value: unknown): string | undefined {
  const text = typeof value === "string" ? withoutInvisibleFormatting(value, { keepJoiners: true }).trim() : "";
  if (text === "") return undefined;
  if (text.length > EVENT_LIMITS.email) return tooLongMessage(EVENT_LIMITS.email);
  if (!hasNoControlCharacters(text)) return CONTROL_CHARACTER_MESSAGE;
  return isValidEmail(text) ? undefined : EVENT_MESSAGES.emailInvalid;
}

/** The first message per field, as the server's schema gives it; an empty object when all are fine. */
export function checkEventSignup(input: {
  name?: unknown;
  phone?: unknown;
  email?: unknown;
}): Partial<Record<EventField, string>> {
  const errors: Partial<Record<EventField, string>> = {};
  const name = fieldError(input.name, EVENT_MESSAGES.name, EVENT_LIMITS.name);
  if (name) errors.name = name;
  const phone = fieldError(input.phone, EVENT_MESSAGES.phone, EVENT_LIMITS.phone);
  if (phone) errors.phone = phone;
  else if (!EVENT_PHONE_PATTERN.test(withoutInvisibleFormatting(input.phone as string, { keepJoiners: true }).trim()))
    errors.phone = EVENT_MESSAGES.phoneInvalid;
  const email = emailError(input.email);
  if (email) errors.email = email;
  return errors;
}
