import "~/infra/zod-config";
import { z } from "zod";
import type { ContentStore } from "~/features/content/store.server";
import type { FaqEntry, SiteContent, Testimonial } from "#content/types";

/**
 * Testimonials, FAQ and the site facts as the trainer keeps them in the back office (content kinds
 * "testimonials", "faq" and "site", one entry each, key "main"; docs/decisions/033-*). Each list is
 * one entry, so an added, edited, moved or hidden item is one new version of the whole list, and a
 * restore undoes any of them. Hidden items stay in the list and off the site.
 */

const text = (what: string, max: number) =>
  z
    .string({ error: `Fill in ${what}.` })
    .trim()
    .min(1, `Fill in ${what}.`)
    .max(max, `Keep ${what} under ${max} characters.`);

export const testimonialItemSchema = z.object({
  /** Stable number of the testimonial (never reused), so edits and moves address the right one. */
  id: z.number().int().positive(),
  name: text("the client's name (first name and initial, e.g. Sanne K.)", 60),
  rating: z
    .number({ error: "Choose a rating from 1 to 5 stars." })
    .int("Choose a rating from 1 to 5 stars.")
    .min(1, "Choose a rating from 1 to 5 stars.")
    .max(5, "Choose a rating from 1 to 5 stars.") as z.ZodType<Testimonial["rating"]>,
  programme: text("the programme the client followed", 60),
  date: z
    .string({ error: "Give the date as a day, e.g. 2025-03-19." })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Give the date as a day, e.g. 2025-03-19.")
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), "That day does not exist."),
  text: text("what the client said", 800),
  hidden: z.boolean().default(false),
});

export const testimonialsSchema = z
  .object({ items: z.array(testimonialItemSchema).max(100, "Keep at most 100 testimonials.") })
  .refine(
    (list) => new Set(list.items.map((t) => t.id)).size === list.items.length,
    "Two testimonials share a number.",
  );

export const faqItemSchema = z.object({
  id: z.number().int().positive(),
  question: text("the question", 200),
  answer: text("the answer", 2_000),
  hidden: z.boolean().default(false),
});

export const faqSchema = z
  .object({ items: z.array(faqItemSchema).max(60, "Keep at most 60 questions.") })
  .refine((list) => new Set(list.items.map((f) => f.id)).size === list.items.length, "Two questions share a number.")
  .refine(
    (list) => new Set(list.items.map((f) => f.question.toLowerCase())).size === list.items.length,
    "The same question is in the list twice.",
  );

export type TestimonialItem = z.output<typeof testimonialItemSchema>;
export type TestimonialList = z.output<typeof testimonialsSchema>;
export type FaqItem = z.output<typeof faqItemSchema>;
export type FaqList = z.output<typeof faqSchema>;

/** A Dutch Chamber of Commerce (KvK) number: 8 digits; "KvK 8765 4321" is read as 87654321. */
export const KVK_PATTERN = /^\d{8}$/;
/** A Dutch VAT number: NL, 9 digits, B, 2 digits (NL004587321B01). */
export const VAT_PATTERN = /^NL\d{9}B\d{2}$/;

const squeeze = (value: unknown) => (typeof value === "string" ? value.replace(/[\s.-]/g, "") : value);

const httpsLink = (what: string) =>
  z
    .string({ error: `Fill in ${what}.` })
    .trim()
    .min(1, `Fill in ${what}.`)
    .max(500, `Keep ${what} under 500 characters.`)
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return url.protocol === "https:" && url.hostname.includes(".");
        } catch {
          return false;
        }
      },
      `${what[0]?.toUpperCase()}${what.slice(1)} must be a full web address starting with https://.`,
    );

/**
 * The business's facts, edited in one place. The registration number is stored as the footer shows
 * it ("KvK 87654321"); the VAT number upper-case without spaces.
 */
export const siteFactsSchema = z.object({
  contactEmail: z
    .string({ error: "Fill in the contact e-mail address." })
    .trim()
    .toLowerCase()
    .pipe(z.email("The contact e-mail address needs an @ and a domain, e.g. hello@example.com.")),
  messagingUrl: httpsLink("the WhatsApp or messaging link"),
  bookingUrl: httpsLink("the booking link"),
  social: z
    .array(
      z.object({
        label: text("the social network's name (e.g. Instagram)", 40),
        href: httpsLink("the social link"),
      }),
    )
    .max(10, "Keep at most 10 social links."),
  registrationNumber: z.preprocess(
    (value) => (typeof value === "string" ? squeeze(value.replace(/^\s*kvk\s*:?/i, "")) : value),
    z
      .string({ error: "Fill in the KvK number." })
      .regex(KVK_PATTERN, "A KvK number is 8 digits, e.g. 87654321.")
      .transform((digits) => `KvK ${digits}`),
  ),
  vatNumber: z.preprocess(
    (value) => (typeof value === "string" ? String(squeeze(value)).toUpperCase() : value),
    z
      .string({ error: "Fill in the VAT number." })
      .regex(VAT_PATTERN, "A Dutch VAT number is NL, 9 digits, B and 2 digits, e.g. NL004587321B01."),
  ),
  address: z.object({
    city: text("the city", 80),
    country: text("the country", 80),
  }),
});

export type SiteFacts = z.output<typeof siteFactsSchema>;

/** The facts part of the site's seed (content/site.ts). */
export function siteFactsOf(site: SiteContent): SiteFacts {
  const { contactEmail, messagingUrl, bookingUrl, social, registrationNumber, vatNumber, address } = site;
  return { contactEmail, messagingUrl, bookingUrl, social, registrationNumber, vatNumber, address };
}

/** The seed lists as the store keeps them: every item visible, in today's order. */
export const testimonialListOf = (items: Testimonial[]): TestimonialList => ({
  items: items.map((t) => ({ ...t, hidden: false })),
});
export const faqListOf = (items: FaqEntry[]): FaqList => ({
  items: items.map((f, i) => ({ id: i + 1, question: f.question, answer: f.answer, hidden: false })),
});

/** What visitors see: the items not hidden, in the trainer's order, without the back office's fields. */
export const visibleTestimonials = (list: TestimonialList): Testimonial[] =>
  list.items.filter((t) => !t.hidden).map(({ hidden: _hidden, ...t }) => t);
export const visibleFaq = (list: FaqList): FaqEntry[] =>
  list.items.filter((f) => !f.hidden).map(({ question, answer }) => ({ question, answer }));

/** What the studio's editors need of the content store: testimonials, FAQ and site facts (registry: app/content-kinds.server.ts). */
export type StudioStore = ContentStore<{
  testimonials: typeof testimonialsSchema;
  faq: typeof faqSchema;
  site: typeof siteFactsSchema;
}>;
