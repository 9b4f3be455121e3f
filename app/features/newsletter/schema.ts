// zod/mini: the same validation in a fraction of the bytes, since this form is on every page.
import "~/infra/zod-config";
import * as z from "zod/mini";
import { newsletterMessages } from "#content/newsletter";
import { isValidEmail } from "~/infra/email-address";

export const NEWSLETTER_VARIANTS = ["footer", "blog-overview", "in-article", "sticky"] as const;

/** BLOG_SOURCE: the post path on /blog/{slug}, 'blog-overview' on /blog, otherwise 'footer'. */
export const sourceSchema = z.union([
  z.literal("footer"),
  z.literal("blog-overview"),
  // The closed event page (/nicaragua) offers the newsletter for the next event.
  z.literal("event"),
  z.string().check(z.regex(/^\/blog\/[a-z0-9]+(-[a-z0-9]+)*$/)),
]);

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** The site's one e-mail rule (infra/email-address), which also refuses control characters. */
export const emailSchema = z
  .string({ error: newsletterMessages.error })
  .check(
    z.trim(),
    z.minLength(1, newsletterMessages.error),
    z.maxLength(254, newsletterMessages.invalidEmail),
    z.refine(isValidEmail, { error: newsletterMessages.invalidEmail }),
  );

/** One schema for the browser's check and the server's. */
export const subscribeSchema = z.object({
  email: emailSchema,
  source: sourceSchema,
  serviceType: z.pipe(
    z.transform(blankToUndefined),
    z.optional(z.string().check(z.regex(/^[a-z]+(_[a-z]+)*$/), z.maxLength(60))),
  ),
  variant: z.enum(NEWSLETTER_VARIANTS),
  /** Id of the consent text shown under the form (content/consent.ts) and the page's path. */
  consentVersion: z.optional(z.string().check(z.maxLength(80))),
  page: z.optional(z.string().check(z.maxLength(300))),
});

export type SubscribeInput = z.infer<typeof subscribeSchema>;

/** Trimmed and lower-cased: one row per mailbox however it was typed. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export interface SubscribeResponse {
  ok: boolean;
  message: string;
  /** Set when the e-mail field itself is the problem (shown under the field). */
  field?: "email";
  /** A confirmation e-mail is on its way (double opt-in): the form says so and offers a resend. */
  confirmByEmail?: boolean;
  /** Sent faster than a person types: held for the trainer's check by hand (`message` says so). */
  held?: boolean;
}
