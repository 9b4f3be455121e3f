import { describe, expect, it } from "vitest";
import { allPosts } from "./posts.server";
import { getBlogNavigation, MENU_POSTS_PER_CATEGORY } from "./navigation.server";
import { seedArticleSource } from "./article-seeds.server";
import { blogCategoryPath } from "~/kernel/navigation";

describe("the header's Blog menu", () => {
  it(`lists at most ${MENU_POSTS_PER_CATEGORY} articles per category, the newest, and links to all of the category`, async () => {
    const seeded = await seedArticleSource().listLive("article");
    const model = seeded[0]!;
    // One category with many more articles than the menu holds, each a day newer than the last.
    const many = Array.from({ length: 3 * MENU_POSTS_PER_CATEGORY + 1 }, (_, n) => {
      const day = new Date(Date.UTC(2030, 0, 1 + n));
      return {
        ...model,
        key: `${model.key}-${n}`,
        data: { ...model.data, title: `${model.data.title} ${n}`, date: day.toISOString().slice(0, 10) },
        publishedAt: day,
        firstPublishedAt: day,
      };
    });
    const source = { revision: () => Promise.resolve("many"), listLive: () => Promise.resolve([...seeded, ...many]) };

    const posts = await allPosts(source);
    const nav = await getBlogNavigation(source);
    expect(nav.map((group) => group.category)).toEqual([...new Set(posts.map((p) => p.category))].sort());
    for (const group of nav) {
      const newest = posts.filter((p) => p.category === group.category).slice(0, MENU_POSTS_PER_CATEGORY);
      expect(group.posts, group.category).toEqual(newest.map(({ slug, title }) => ({ slug, title })));
      expect(group.allHref, group.category).toBe(blogCategoryPath(group.category));
    }
    expect(nav.find((group) => group.category === model.data.category)?.posts).toHaveLength(MENU_POSTS_PER_CATEGORY);
  });
});
