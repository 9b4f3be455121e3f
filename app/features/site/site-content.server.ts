import { site as seedSite } from "#content/site";
import { faq as seedFaq } from "#content/faq";
import { testimonials as seedTestimonials } from "#content/testimonials";
import type { FaqEntry, PricingContent, SiteContent, Testimonial } from "#content/types";
import { publishedFromPrice, withFromPrice } from "./from-price.server";
import {
  faqListOf,
  testimonialListOf,
  visibleFaq,
  visibleTestimonials,
  type FaqList,
  type SiteFacts,
  type TestimonialList,
} from "./site-content-schemas";

/** What reading the site's content needs from the content store (app/features/content). */
export interface SiteContentReader {
  content: {
    live(kind: "site", key: "main"): Promise<{ data: SiteFacts } | undefined>;
    live(kind: "testimonials", key: "main"): Promise<{ data: TestimonialList } | undefined>;
    live(kind: "faq", key: "main"): Promise<{ data: FaqList } | undefined>;
    live(kind: "offers", key: "main"): Promise<{ data: PricingContent } | undefined>;
  };
}

/** The store's key for the one entry of each of these kinds. */
export const SITE_CONTENT_KEY = "main";

/**
 * The business as visitors see it now: its name and description (the brand, content/site.ts) with
 * the facts published in the back office (contact, links, KvK and VAT numbers, city), and the
 * description's price from the published offers. Read per request, so a publish shows on the next
 * page; the seed stands in only while nothing is published.
 */
export async function currentSite(services: SiteContentReader): Promise<SiteContent> {
  const [facts, fromPrice] = await Promise.all([
    services.content.live("site", SITE_CONTENT_KEY).then((entry) => entry?.data),
    publishedFromPrice(services),
  ]);
  const site = facts ? { ...seedSite, ...facts } : seedSite;
  return { ...site, description: withFromPrice(site.description, fromPrice) };
}

/**
 * The contact address as published, for e-mails (the newsletter's unsubscribe-by-mail header). A
 * mail must still go out while the database is unreachable, so the seed's address answers then.
 */
export async function publishedContactEmail(services: { content?: SiteContentReader["content"] }): Promise<string> {
  if (!services.content) return seedSite.contactEmail;
  try {
    return (await currentSite({ content: services.content })).contactEmail;
  } catch {
    return seedSite.contactEmail;
  }
}

/**
 * Her WhatsApp and e-mail as published, for an answer that could not keep a form: the content kept
 * on disk answers while the database is away, the seed if even that cannot be read.
 */
export async function trainerReach(services: SiteContentReader): Promise<{ messagingUrl: string; email: string }> {
  const site = await currentSite(services).catch(() => seedSite);
  return { messagingUrl: site.messagingUrl, email: site.contactEmail };
}

/** The published testimonials a visitor sees, in the trainer's order. */
export async function currentTestimonials(services: SiteContentReader): Promise<Testimonial[]> {
  const list = (await services.content.live("testimonials", SITE_CONTENT_KEY))?.data;
  return visibleTestimonials(list ?? testimonialListOf(seedTestimonials));
}

/** The published FAQ a visitor sees, in the trainer's order. */
export async function currentFaq(services: SiteContentReader): Promise<FaqEntry[]> {
  const list = (await services.content.live("faq", SITE_CONTENT_KEY))?.data;
  return visibleFaq(list ?? faqListOf(seedFaq));
}
