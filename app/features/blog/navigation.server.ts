import type { BlogNavGroup } from "~/kernel/navigation";
import { allPosts, blogCategories, type ArticleSource } from "./posts.server";

/** The header's Blog dropdown (root loader): categories alphabetically, posts newest first; only slugs and titles reach the page. */
export async function getBlogNavigation(source: ArticleSource): Promise<BlogNavGroup[]> {
  const [posts, categories] = await Promise.all([allPosts(source), blogCategories(source)]);
  return categories.map((category) => ({
    category,
    posts: posts.filter((p) => p.category === category).map(({ slug, title }) => ({ slug, title })),
  }));
}
