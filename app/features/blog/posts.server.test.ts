import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { allPosts, blogCategories, findPost } from "./posts.server";
import { getBlogNavigation } from "./navigation.server";
import { seedArticleSource } from "./article-seeds.server";
import { fullTitle, MAX_TITLE_LENGTH } from "~/kernel/seo";

describe("the articles seeded from content/blog", () => {
  const source = seedArticleSource();

  it(`have a page title of at most ${MAX_TITLE_LENGTH} characters`, async () => {
    const posts = await allPosts(source);
    expect(posts.length).toBeGreaterThan(0);
    for (const summary of posts) {
      const post = await findPost(source, summary.slug);
      expect(post, summary.slug).toBeDefined();
      expect(fullTitle(post!.metaTitle).length, summary.slug).toBeLessThanOrEqual(MAX_TITLE_LENGTH);
    }
  });

  it("are all valid, newest first, one per file", async () => {
    const files = readdirSync("content/blog").filter((f) => f.endsWith(".md"));
    const posts = await allPosts(source);
    expect(posts.map((p) => `${p.slug}.md`).sort()).toEqual(files.sort());
    const dates = posts.map((p) => p.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("groups the navigation by category alphabetically with titles only", async () => {
    const nav = await getBlogNavigation(source);
    expect(nav.map((g) => g.category)).toEqual(await blogCategories(source));
    expect(nav.map((g) => g.category)).toEqual([...nav.map((g) => g.category)].sort());
    expect(Object.keys(nav[0]?.posts[0] ?? {})).toEqual(["slug", "title"]);
  });

  it("renders a new revision of the source, and only once per revision", async () => {
    let revision = "1";
    let reads = 0;
    const entries = await seedArticleSource().listLive("article");
    const changing = {
      revision: () => Promise.resolve(revision),
      listLive: () => {
        reads += 1;
        return Promise.resolve(revision === "1" ? entries : entries.slice(1));
      },
    };
    expect(await allPosts(changing)).toHaveLength(entries.length);
    expect(await allPosts(changing)).toHaveLength(entries.length);
    expect(reads).toBe(1);
    revision = "2";
    expect(await allPosts(changing)).toHaveLength(entries.length - 1);
    expect(await findPost(changing, entries[0]!.key)).toBeUndefined();
  });
});
