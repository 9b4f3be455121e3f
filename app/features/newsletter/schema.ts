import { z } from "zod";
import { newsletterMessages } from "../../../content/newsletter";

export const NEWSLETTER_VARIANTS = ["footer", "blog-overview", "in-article", "sticky"] as const;
export type NewsletterVariant = (typeof NEWSLETTER_VARIANTS)[number];

/** BLOG_SOURCE: the post path on /blog/{slug}, 'blog-overview' on /blog, otherwise 'footer'. */
export const sourceSchema = z.union([z.literal("footer"), z.literal("blog-overview"), z.string().regex(/^\/blog\/[a-z0-9]+(-[a-z0-9]+)*$/)]);

const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

export const emailSchema = z
  .string({ message: newsletterMessages.error })
  .trim()
  .min(1, newsletterMessages.error)
  .max(254, newsletterMessages.invalidEmail)
  .pipe(z.email({ message: newsletterMessages.invalidEmail }));

/** One schema for the browser's check and the server's. */
export const subscribeSchema = z.object({
  email: emailSchema,
  source: sourceSchema,
  serviceType: z.preprocess(blankToUndefined, z.string().regex(/^[a-z]+(_[a-z]+)*$/).max(60).optional()),
  variant: z.enum(NEWSLETTER_VARIANTS),
});

export type SubscribeInput = z.infer<typeof subscribeSchema>;

/** Trimmed and lower-cased: one row per mailbox however it was typed. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export interface SubscribeResponse {
  ok: boolean;
  message: string;
  /** Set when the e-mail field itself is the problem (shown under the field). */
  field?: "email";
}
