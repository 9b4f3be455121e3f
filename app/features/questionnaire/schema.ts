import "~/infra/zod-config";
import { z } from "zod";
import { hasNoControlCharacters, withoutInvisibleFormatting } from "~/infra/control-characters";
import { isValidEmail } from "~/infra/email-address";
import { AGE_RANGES, COMPETITION_GOALS, FREQUENCIES, GENDERS, GOALS, SPORTS } from "~/features/leads/vocabulary";
import { ELAPSED_FIELD, HONEYPOT_FIELD } from "~/infra/form-fields";
import {
  CONTACT_MAX_LENGTH,
  MESSAGES,
  PHONE_MAX_DIGITS,
  PHONE_MIN_DIGITS,
  PHONE_PATTERN,
  type ContactField,
} from "./contact-rules";

/**
 * The server's schema of a submission. The browser checks the contact step with the hand-written
 * rules of contact-rules.ts (the same limits and messages, no zod in the island); the action
 * re-validates every submission here, so the visitor sees the same messages either way
 * (contact-rules.test.ts compares the two).
 */
export { validateContact, type ContactField } from "./contact-rules";

/**
 * Every text field refuses control characters (only the message may span lines) and loses bidi and
 * zero-width characters (decision 058).
 */
const text = (max: number, options: { multiLine?: boolean } = {}) =>
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
      .max(max, MESSAGES.tooLong(max))
      .refine((v) => hasNoControlCharacters(v, options), MESSAGES.controlCharacters),
  );
const requiredText = (max: number) => text(max).pipe(z.string().min(1, MESSAGES.required));
/** Machine fields (keys, addresses): the same rule, without a message of their own. */
const singleLine = (schema: z.ZodString) => schema.refine((v) => hasNoControlCharacters(v), MESSAGES.controlCharacters);

const max = CONTACT_MAX_LENGTH;
export const contactSchema = z.object({
  firstName: requiredText(max.firstName),
  lastName: requiredText(max.lastName),
  email: requiredText(max.email).pipe(z.string().refine(isValidEmail, MESSAGES.email)),
  phone: requiredText(max.phone).pipe(
    z
      .string()
      .regex(PHONE_PATTERN, MESSAGES.phone)
      .refine((v) => {
        const digits = v.replace(/\D/g, "").length;
        return digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
      }, MESSAGES.phone),
  ),
  message: text(max.message, { multiLine: true }),
} satisfies Record<ContactField, z.ZodType>);

const optionalChoice = (values: readonly string[]) =>
  z
    .preprocess((v) => (v === "" || v === null ? undefined : v), z.string().max(40).optional())
    .refine((v) => v === undefined || values.includes(v), MESSAGES.required);

/**
 * Answers keyed by question number; which of 2 and 3 are required depends on question 1.
 * Every check runs in one pass so the plain form can show all missing answers at once.
 */
export const answersSchema = z
  .object({
    1: optionalChoice(GOALS),
    2: optionalChoice([...SPORTS, ...FREQUENCIES]),
    3: optionalChoice(COMPETITION_GOALS),
    4: optionalChoice(GENDERS),
    5: optionalChoice(AGE_RANGES),
  })
  .superRefine((answers, ctx) => {
    for (const n of [1, 4, 5] as const) {
      if (answers[n] === undefined) ctx.addIssue({ code: "custom", path: [n], message: MESSAGES.required });
    }
    const competition = answers[1] === "competition";
    const q2Options: readonly string[] = competition ? SPORTS : FREQUENCIES;
    if (answers[2] === undefined || !q2Options.includes(answers[2])) {
      ctx.addIssue({ code: "custom", path: [2], message: MESSAGES.required });
    }
    if (competition && answers[3] === undefined)
      ctx.addIssue({ code: "custom", path: [3], message: MESSAGES.required });
  })
  // Question 3 only exists for competitions; a stale value from an abandoned branch is dropped.
  .transform((answers) => {
    const stored: Record<string, string> = { q1: answers[1] ?? "", q4: answers[4] ?? "", q5: answers[5] ?? "" };
    if (answers[2] !== undefined) stored.q2 = answers[2];
    if (answers[1] === "competition" && answers[3] !== undefined) stored.q3 = answers[3];
    return stored;
  });

/** What the step flow posts as JSON (and what the no-JavaScript form is mapped onto). */
export const intakeSubmissionSchema = z.object({
  answers: answersSchema,
  contact: contactSchema,
  /** crypto.randomUUID() per form session: retries and double clicks store one row. */
  idempotencyKey: singleLine(z.string().trim().min(8).max(100)).optional(),
  /** Page the form was on. */
  sourceUrl: singleLine(z.string().max(2000)).optional(),
  /** Id of the consent text shown under the form (content/consent.ts). */
  consentVersion: singleLine(z.string().max(80)).optional(),
  /** Honeypot (see app/infra/form-guard.server.ts). */
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
  /** How long the visitor had the form open; measured by the browser, so no clock skew. */
  [ELAPSED_FIELD]: z.coerce.number().min(0).max(1e10).optional(),
});

export type IntakeSubmissionInput = z.input<typeof intakeSubmissionSchema>;

/** Field errors of a whole submission as "contact.email" / "answers.2" → message. */
export function flattenIssues(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "form";
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * The plain form's post fields (the no-JavaScript form uses these names).
 * sports-event carries question 2 for every goal: the sport for competitions, otherwise
 * the exercise frequency, so one radio group answers the one question 2 either way.
 */
export const FORM_POST_FIELDS = [
  "form-name",
  "service-type",
  "sports-event",
  "sports-goal",
  "gender",
  "age-range",
  "name",
  "goals",
  "first-name",
  "last-name",
  "email",
  "phone",
  "message",
] as const;

export const NOJS_FORM_NAME = "fitness-form";

/** Maps a posted form onto the JSON submission shape. */
export function fromFormPost(form: { get(name: string): unknown }): IntakeSubmissionInput {
  const str = (name: string): string | undefined => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const message = [str("message"), str("goals")].filter((v) => v && v.trim() !== "").join("\n\n");
  return {
    answers: {
      1: str("service-type"),
      2: str("sports-event"),
      3: str("sports-goal"),
      4: str("gender"),
      5: str("age-range"),
    } as IntakeSubmissionInput["answers"],
    contact: {
      firstName: str("first-name"),
      lastName: str("last-name"),
      email: str("email"),
      phone: str("phone"),
      message,
    },
    idempotencyKey: str("idempotency-key") || undefined,
    sourceUrl: str("source-url"),
    consentVersion: str("consent-version") || undefined,
    [HONEYPOT_FIELD]: str(HONEYPOT_FIELD),
  };
}

/** Where each submission error shows in the no-JavaScript form (field name of the post). */
export const formPostFieldOf: Record<string, string> = {
  "answers.1": "service-type",
  "answers.2": "sports-event",
  "answers.3": "sports-goal",
  "answers.4": "gender",
  "answers.5": "age-range",
  "contact.firstName": "first-name",
  "contact.lastName": "last-name",
  "contact.email": "email",
  "contact.phone": "phone",
  "contact.message": "message",
};
