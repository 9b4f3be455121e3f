import type { LiveEntry } from "~/features/content/store.server";
import { renderPost, toSummary, type ArticleData, type MediaLookup } from "./content.server";
import type { BlogPost, BlogPostSummary } from "./types";
import { sortCategories, sortNewestFirst, type BlogCategory } from "./rules";

/**
 * The published articles, read from the content store (kind "article") and rendered once per
 * content revision: a publish changes the revision, so the next request renders the new set.
 */

/** What the blog needs of the content store. */
export interface ArticleSource {
  revision(): Promise<string>;
  listLive(kind: "article"): Promise<LiveEntry<ArticleData>[]>;
}

const svgs = import.meta.glob<string>("/content/media/**/*.svg", { query: "?raw", import: "default", eager: true });
// Only the names of raster artwork are needed (to check the file exists), never the bytes.
const rasters = import.meta.glob("/content/media/**/*.{png,jpg,jpeg,webp}", { query: "?url", import: "default" });

/**
 * Pictures uploaded in the back office live in the database (app/features/content/uploads.server.ts)
 * and are served under /media/uploads/; their name carries their size, so rendering needs no query.
 */
const UPLOAD_SIZE = /^uploads\/[0-9a-f-]{36}-(\d+)x(\d+)\.webp$/;

export const media: MediaLookup = {
  has: (path) => UPLOAD_SIZE.test(path) || `/content/media/${path}` in svgs || `/content/media/${path}` in rasters,
  svg: (path) => svgs[`/content/media/${path}`],
  size: (path) => {
    const m = UPLOAD_SIZE.exec(path);
    return m ? { width: Number(m[1]), height: Number(m[2]) } : undefined;
  },
};

interface Loaded {
  posts: readonly BlogPost[];
  summaries: readonly BlogPostSummary[];
}

/** Per source (the server has one store), so two databases in one test process never share a rendering. */
const caches = new WeakMap<ArticleSource, { revision: string; loaded: Promise<Loaded> }>();

/** Renders the live articles; one that cannot be rendered (its artwork is gone) is left out, not the whole blog. */
async function render(source: ArticleSource): Promise<Loaded> {
  const entries = await source.listLive("article");
  const posts = sortNewestFirst(
    entries.flatMap((entry) => {
      try {
        return [renderPost(entry.key, entry.data, media)];
      } catch {
        return [];
      }
    }),
  );
  return { posts, summaries: posts.map(toSummary) };
}

async function load(source: ArticleSource): Promise<Loaded> {
  const revision = await source.revision();
  const cached = caches.get(source);
  if (cached?.revision === revision) return cached.loaded;
  const loaded = render(source);
  caches.set(source, { revision, loaded });
  // A failed read must not be remembered for the whole revision.
  loaded.catch(() => {
    if (caches.get(source)?.loaded === loaded) caches.delete(source);
  });
  return loaded;
}

/** Newest first. */
export async function allPosts(source: ArticleSource): Promise<readonly BlogPostSummary[]> {
  return (await load(source)).summaries;
}

export async function findPost(source: ArticleSource, slug: string): Promise<BlogPost | undefined> {
  return (await load(source)).posts.find((post) => post.slug === slug);
}

/** Categories that have posts, alphabetically. */
export async function blogCategories(source: ArticleSource): Promise<BlogCategory[]> {
  return sortCategories((await load(source)).summaries.map((p) => p.category)) as BlogCategory[];
}
