import { allPosts, blogCategories } from "./posts.server";

/** Blog posts grouped by category for the header's Blog dropdown (root loader). Owned by the blog feature. */
export interface BlogNavGroup {
  category: string;
  posts: { slug: string; title: string }[];
}

/** Categories alphabetically, posts newest first; only slugs and titles reach the page. */
export function getBlogNavigation(): BlogNavGroup[] {
  const posts = allPosts();
  return blogCategories().map((category) => ({
    category,
    posts: posts.filter((p) => p.category === category).map(({ slug, title }) => ({ slug, title })),
  }));
}
