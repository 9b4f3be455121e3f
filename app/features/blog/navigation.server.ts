import { blogCategoryPath, type BlogNavGroup } from "~/kernel/navigation";
import { allPosts, blogCategories, type ArticleSource } from "./posts.server";

/**
 * Articles per category in the header's Blog menu. The header is on every page, so the menu is
 * bounded: a page weighs the same with 200 articles as with 10 (docs/decisions/075-…).
 */
export const MENU_POSTS_PER_CATEGORY = 2;

/** The header's Blog menu (root loader): categories alphabetically, posts newest first; only slugs and titles reach the page. */
export async function getBlogNavigation(source: ArticleSource): Promise<BlogNavGroup[]> {
  const [posts, categories] = await Promise.all([allPosts(source), blogCategories(source)]);
  return categories.map((category) => ({
    category,
    posts: posts
      .filter((p) => p.category === category)
      .slice(0, MENU_POSTS_PER_CATEGORY)
      .map(({ slug, title }) => ({ slug, title })),
    allHref: blogCategoryPath(category),
  }));
}
