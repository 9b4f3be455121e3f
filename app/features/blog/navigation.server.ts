import { allPosts, blogCategories, type ArticleSource } from "./posts.server";

/** Blog posts grouped by category for the header's Blog dropdown (root loader). Owned by the blog feature. */
export interface BlogNavGroup {
  category: string;
  posts: { slug: string; title: string }[];
}

/** Categories alphabetically, posts newest first; only slugs and titles reach the page. */
export async function getBlogNavigation(source: ArticleSource): Promise<BlogNavGroup[]> {
  const [posts, categories] = await Promise.all([allPosts(source), blogCategories(source)]);
  return categories.map((category) => ({
    category,
    posts: posts.filter((p) => p.category === category).map(({ slug, title }) => ({ slug, title })),
  }));
}
