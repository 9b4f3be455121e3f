import type { Db } from "~/infra/db.server";
import { articleSchema } from "~/features/blog/content.server";
import { articleSeeds } from "~/features/blog/article-seeds.server";
import { offersSchema } from "~/features/checkout/offers-schema";
import { pricing } from "#content/pricing";
import { createContentStore, type ContentStore, type ContentStoreOptions } from "./store.server";

/**
 * Every kind of content the site keeps in the database, with its schema. A new kind is one line
 * here and one seed below (docs/decisions/018-content-store.md).
 */
export const contentSchemas = {
  article: articleSchema,
  /** The plans and their prices: one entry, key "main". */
  offers: offersSchema,
};

export type SiteContentStore = ContentStore<typeof contentSchemas>;

export function createSiteContentStore(db: Db, options?: ContentStoreOptions): SiteContentStore {
  return createContentStore(db, contentSchemas, options);
}

/** First start: each kind is filled once from today's content/ files (never again afterwards). */
export async function seedSiteContent(store: SiteContentStore): Promise<void> {
  await store.seed("article", articleSeeds);
  await store.seed("offers", () => [{ key: "main", data: pricing }]);
}
