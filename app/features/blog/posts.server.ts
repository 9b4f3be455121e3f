import { parsePosts, toSummary, type MediaLookup } from "./content.server";
import type { BlogPost, BlogPostSummary } from "./types";
import { sortCategories, sortNewestFirst, type BlogCategory } from "./rules";

/**
 * The posts, inlined into the server bundle when it is built (Vite reads the files) and
 * validated on first use; posts.server.test.ts parses every file, so a malformed post fails the
 * tests with its file and field before it can reach the site.
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

/** Parsed once, on the first request that needs a post (every page: the header lists them). */
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
