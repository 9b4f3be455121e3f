import { parsePosts, toSummary, type MediaLookup } from "./content.server";
import type { BlogPost, BlogPostSummary } from "./types";
import { sortCategories, sortNewestFirst, type BlogCategory } from "./rules";

/**
 * The posts, read and validated when the server bundle is built (Vite inlines the
 * files), so a malformed post fails `react-router build` with its file and field.
 */
const files = import.meta.glob<string>("/content/blog/*.md", { query: "?raw", import: "default", eager: true });
const svgs = import.meta.glob<string>("/content/media/**/*.svg", { query: "?raw", import: "default", eager: true });
// Only the names of raster artwork are needed (to check the file exists), never the bytes.
const rasters = import.meta.glob("/content/media/**/*.{png,jpg,jpeg,webp}", { query: "?url", import: "default" });

const media: MediaLookup = {
  has: (path) => `/content/media/${path}` in svgs || `/content/media/${path}` in rasters,
  svg: (path) => svgs[`/content/media/${path}`],
};

let cache: { posts: readonly BlogPost[]; summaries: readonly BlogPostSummary[] } | undefined;

/** Parsed on first use: the prerender step calls it for every post page and /sitemap, so a bad post stops the build. */
function load() {
  if (!cache) {
    const posts = sortNewestFirst(parsePosts(files, media));
    cache = { posts, summaries: posts.map(toSummary) };
  }
  return cache;
}

/** Newest first. */
export function allPosts(): readonly BlogPostSummary[] {
  return load().summaries;
}

export function findPost(slug: string): BlogPost | undefined {
  return load().posts.find((post) => post.slug === slug);
}

/** Categories that have posts, alphabetically. */
export function blogCategories(): BlogCategory[] {
  return sortCategories(load().summaries.map((p) => p.category)) as BlogCategory[];
}
