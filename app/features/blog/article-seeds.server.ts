import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { articleSchema, splitPostFile } from "./content.server";
import type { ArticleSource } from "./posts.server";
import { seededLeadMagnet } from "./lead-magnet-seeds.server";

/**
 * The articles of content/blog, the content store's first-start seed. Read from the working
 * directory at start-up, like the migrations: the server process runs outside the Vite bundle.
 * Each keeps its front-matter date as the moment it went live, and gets the printable guide its
 * sign-up form promises (content/lead-magnets) as its lead magnet.
 */
export function articleSeeds(
  dir = path.resolve(process.cwd(), "content/blog"),
): { key: string; data: Record<string, unknown>; publishedAt: Date }[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".md"))
    .map((name) => {
      const { slug, data } = splitPostFile(`content/blog/${name}`, readFileSync(path.join(dir, name), "utf8"));
      const leadMagnet = seededLeadMagnet(slug);
      return {
        key: slug,
        data: leadMagnet ? { ...data, leadMagnet } : data,
        publishedAt: new Date(`${String(data.date)}T00:00:00Z`),
      };
    });
}

/**
 * The seed as the blog would read it from the store right after the first start: lets the unit
 * tests check the seeded articles against the blog's rules without a database.
 */
export function seedArticleSource(): ArticleSource {
  const entries = articleSeeds().map((seed) => ({
    key: seed.key,
    data: articleSchema.parse(seed.data),
    publishedAt: seed.publishedAt,
    firstPublishedAt: seed.publishedAt,
  }));
  return { revision: () => Promise.resolve("seed"), listLive: () => Promise.resolve(entries) };
}
