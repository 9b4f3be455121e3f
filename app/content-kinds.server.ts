import type { Db } from "~/infra/db.server";
import { articleSchema } from "~/features/blog/content.server";
import { articleSeeds } from "~/features/blog/article-seeds.server";
import { offersSchema } from "~/features/checkout/offers-schema";
import { saleSchema } from "~/features/checkout/sale-schema";
import { pricing } from "#content/pricing";
// Events, testimonials, FAQ and site facts (the studio's kinds).
import { eventSchema, eventKeyFor } from "~/features/events/event-content";
import { event as firstEvent } from "#content/event";
import {
  faqListOf,
  faqSchema,
  siteFactsOf,
  siteFactsSchema,
  testimonialListOf,
  testimonialsSchema,
} from "~/features/site/site-content-schemas";
import { site } from "#content/site";
import { faq } from "#content/faq";
import { testimonials } from "#content/testimonials";
import { createContentStore, type ContentStore, type ContentStoreOptions } from "~/features/content/store.server";

/**
 * Every kind of content the site keeps in the database, with its schema. A new kind is one line
 * here and one seed below (docs/decisions/018-content-store.md). The registry knows every kind's
 * feature, so it sits above the features beside app/context.ts (docs/decisions/051-layers-and-the-kernel.md);
 * a feature names only its own kinds (ContentStore<{ event: ... }>: EventStore, StudioStore).
 */
export const contentSchemas = {
  article: articleSchema,
  /** The plans and their prices: one entry, key "main". */
  offers: offersSchema,
  /** The trainer's newest sale (running, to come or over): one entry, key "main", made by her first sale. */
  sale: saleSchema,
  // Events, testimonials, FAQ and site facts: one block, kept together.
  /** One entry per event, keyed by its day and venue (2026-05-18-playa-maderas). */
  event: eventSchema,
  /** The testimonials in the trainer's order, hidden ones included: one entry, key "main". */
  testimonials: testimonialsSchema,
  /** The FAQ in the trainer's order, hidden ones included: one entry, key "main". */
  faq: faqSchema,
  /** The business's facts (contact, links, KvK and VAT numbers, city): one entry, key "main". */
  site: siteFactsSchema,
  // End of the events, testimonials, FAQ and site facts block.
};

export type SiteContentStore = ContentStore<typeof contentSchemas>;

export function createSiteContentStore(db: Db, options?: ContentStoreOptions): SiteContentStore {
  return createContentStore(db, contentSchemas, options);
}

/** First start: each kind is filled once from today's content/ files (never again afterwards). */
export async function seedSiteContent(store: SiteContentStore): Promise<void> {
  await store.seed("article", articleSeeds);
  await store.seed("offers", () => [{ key: "main", data: pricing }]);
  // Events, testimonials, FAQ and site facts: one block, kept together.
  // The first event went live when its sign-ups opened (the offer's validFrom).
  await store.seed("event", () => [
    { key: eventKeyFor(firstEvent), data: firstEvent, publishedAt: new Date("2025-04-20T09:00:00-06:00") },
  ]);
  await store.seed("testimonials", () => [{ key: "main", data: testimonialListOf(testimonials) }]);
  await store.seed("faq", () => [{ key: "main", data: faqListOf(faq) }]);
  await store.seed("site", () => [{ key: "main", data: siteFactsOf(site) }]);
  // End of the events, testimonials, FAQ and site facts block.
}
