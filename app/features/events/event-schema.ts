import "~/infra/zod-config";
import { z } from "zod";
import {
  CONTROL_CHARACTER_MESSAGE,
  hasNoControlCharacters,
  withoutInvisibleFormatting,
} from "~/infra/control-characters";
import { ELAPSED_FIELD, HONEYPOT_FIELD } from "~/infra/form-fields";

import { isValidEmail } from "~/infra/email-address";
import {
  EVENT_FIELDS,
  EVENT_LIMITS,
  EVENT_MESSAGES,
  EVENT_PHONE_PATTERN,
  tooLongMessage,
  type EventField,
} from "./event-rules";

export { EVENT_MESSAGES, type EventField };

/**
 * The event signup form: name and phone, both required after trimming and without bidi or zero-width
 * characters; an optional e-mail address for the event's messages (event-rules.ts for the browser).
 */
const trimmed = (message: string, max: number) =>
  z.preprocess(
    (v) =>
      v === undefined || v === null
        ? ""
        : typeof v === "string"
          ? withoutInvisibleFormatting(v, { keepJoiners: true })
          : v,
    z
      .string()
      .trim()
      .min(1, message)
      .max(max, tooLongMessage(max))
      .refine((v) => hasNoControlCharacters(v), CONTROL_CHARACTER_MESSAGE),
  );
const singleLine = (schema: z.ZodString) => schema.refine((v) => hasNoControlCharacters(v), CONTROL_CHARACTER_MESSAGE);

export const eventSignupSchema = z.object({
  name: trimmed(EVENT_MESSAGES.name, EVENT_LIMITS.name),
  phone: trimmed(EVENT_MESSAGES.phone, EVENT_LIMITS.phone).refine(
    (v) => v === "" || EVENT_PHONE_PATTERN.test(v),
    EVENT_MESSAGES.phoneInvalid,
  ),
  /** Optional: absent or "" when left empty (no confirmation, reminder or waiting-list e-mail then). */
  email: z
    .preprocess(
      (v) =>
        v === undefined || v === null
          ? ""
          : typeof v === "string"
            ? withoutInvisibleFormatting(v, { keepJoiners: true })
            : v,
      z
        .string()
        .trim()
        .max(EVENT_LIMITS.email, tooLongMessage(EVENT_LIMITS.email))
        .refine((v) => hasNoControlCharacters(v), CONTROL_CHARACTER_MESSAGE)
        .refine((v) => v === "" || isValidEmail(v), EVENT_MESSAGES.emailInvalid),
    )
    .optional(),
  idempotencyKey: singleLine(z.string().trim().min(8).max(100)).optional(),
  sourceUrl: singleLine(z.string().max(2000)).optional(),
  /** Id of the consent text shown under the form (content/consent.ts). */
  consentVersion: singleLine(z.string().max(80)).optional(),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
  [ELAPSED_FIELD]: z.coerce.number().min(0).max(1e10).optional(),
});

export type EventSignupInput = z.input<typeof eventSignupSchema>;

export function validateEventSignup(input: EventSignupInput): Partial<Record<EventField, string>> {
  const result = eventSignupSchema.safeParse(input);
  if (result.success) return {};
  const errors: Partial<Record<EventField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (isEventField(field)) errors[field] ??= issue.message;
  }
  return errors;
}

export const isEventField = (field: unknown): field is EventField => EVENT_FIELDS.includes(field as EventField);

export type EventOutcome =
  /** `waitlisted`: the event was full, so the name went on its waiting list. */
  /** `held`: sent faster than a person types, so kept for the trainer to check by hand (held.server.ts). */
  | { status: "ok"; leadId: string; waitlisted?: boolean; held?: true }
  /** The thanks message still shows after this note. */
  | { status: "failed"; message: string }
  | {
      status: "invalid";
      errors: Partial<Record<EventField, string>>;
      values: { name: string; phone: string; email: string };
    }
  | { status: "rate-limited"; message: string }
  | { status: "bad-request"; message: string }
  /** The event has started or passed: nothing is stored. */
  | { status: "closed"; message: string };

/** The event is full: what the page and the form say instead of offering a place. */
export const WAITLIST_TEXTS = {
  badge: "Fully booked",
  heading: "This event is full: join the waiting list",
  intro: "Every place is taken. Leave your name and number and I will message you as soon as a place comes free.",
  button: "Join the waiting list",
  thanks: "You are on the waiting list. I will message you if a place comes free.",
} as const;

/** No event has been published yet: nothing to sign up for. */
export const NO_EVENT_MESSAGE = "There is no event to sign up for at the moment.";

/** The refusal of a late signup, naming the date so the visitor knows why. */
export function closedMessage(dateLabel: string): string {
  return `Sign-ups are closed: the event on ${dateLabel} has already taken place. Subscribe to the newsletter to hear about the next one.`;
}
