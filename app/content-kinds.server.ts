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
import {
  createContentStore,
  type ContentStore,
  type ContentStoreOptions,
  type LiveEntry,
} from "~/features/content/store.server";
import type { ReadFallback } from "~/features/content/last-read.server";

type SeedEntry = { key: string; data: unknown; publishedAt?: Date };

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

/** What a first start puts into the database, kind by kind, from today's content/ files. */
const siteContentSeeds: { [K in keyof typeof contentSchemas]?: () => SeedEntry[] } = {
  article: articleSeeds,
  offers: () => [{ key: "main", data: pricing }],
  // Events, testimonials, FAQ and site facts: one block, kept together.
  // The first event went live when its sign-ups opened (the offer's validFrom).
  event: () => [{ key: eventKeyFor(firstEvent), data: firstEvent, publishedAt: new Date("2025-04-20T09:00:00-06:00") }],
  testimonials: () => [{ key: "main", data: testimonialListOf(testimonials) }],
  faq: () => [{ key: "main", data: faqListOf(faq) }],
  site: () => [{ key: "main", data: siteFactsOf(site) }],
  // End of the events, testimonials, FAQ and site facts block.
};

/** First start: each kind is filled once from today's content/ files (never again afterwards). */
export async function seedSiteContent(store: SiteContentStore): Promise<void> {
  for (const [kind, entries] of Object.entries(siteContentSeeds) as [
    keyof typeof contentSchemas,
    () => SeedEntry[],
  ][]) {
    await store.seed(kind, entries);
  }
}

/**
 * The public pages' reads answered from the seeds, without a database: the last resort of a
 * server that starts during a database outage with nothing of its own kept (content-cache.json),
 * so that it shows the pages as first shipped rather than an error (docs/decisions/061-…). Only
 * what visitors read (live entries and the revision); the back office says the database is away.
 */
export function seedReads(startedAt = new Date()): ReadFallback {
  let live: Map<string, LiveEntry<unknown>[]> | undefined;
  const liveOf = (kind: string) => {
    live ??= new Map(
      Object.entries(contentSchemas).map(([name, schema]) => {
        const entries = siteContentSeeds[name as keyof typeof contentSchemas]?.() ?? [];
        return [
          name,
          entries.map((entry) => ({
            key: entry.key,
            data: schema.parse(entry.data) as unknown,
            publishedAt: entry.publishedAt ?? startedAt,
            firstPublishedAt: entry.publishedAt ?? startedAt,
          })),
        ];
      }),
    );
    return live.get(kind);
  };
  return (method, args) => {
    if (method === "revision") return { found: true, value: "seed" };
    const [kind, key] = args as [string, string | undefined];
    const entries = method === "live" || method === "listLive" ? liveOf(kind) : undefined;
    if (!entries) return { found: false };
    return method === "live"
      ? { found: true, value: entries.find((entry) => entry.key === key) }
      : { found: true, value: [...entries] };
  };
}
