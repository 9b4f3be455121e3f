import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { allPosts, blogCategories, findPost } from "./posts.server";
import { getBlogNavigation } from "./navigation.server";

describe("the posts in content/blog", () => {
  it("are all valid, newest first, one per file", () => {
    const files = readdirSync("content/blog").filter((f) => f.endsWith(".md"));
    const posts = allPosts();
    expect(posts.map((p) => `${p.slug}.md`).sort()).toEqual(files.sort());
    const dates = posts.map((p) => p.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("read in 5 to 8 minutes and each has a Conclusion", () => {
    for (const summary of allPosts()) {
      const post = findPost(summary.slug);
      expect(post?.bodyAfter, summary.slug).toMatch(/^<h2 id="conclusion">/);
      const minutes = Number(summary.readTime.split(" ")[0]);
      expect(minutes, summary.slug).toBeGreaterThanOrEqual(5);
      expect(minutes, summary.slug).toBeLessThanOrEqual(8);
    }
  });

  it("groups the navigation by category alphabetically with titles only", () => {
    const nav = getBlogNavigation();
    expect(nav.map((g) => g.category)).toEqual(blogCategories());
    expect(nav.map((g) => g.category)).toEqual([...nav.map((g) => g.category)].sort());
    expect(nav.flatMap((g) => g.posts)).toHaveLength(allPosts().length);
    expect(Object.keys(nav[0]?.posts[0] ?? {})).toEqual(["slug", "title"]);
  });

  it("gives the cadence post the default lead form", () => {
    expect(findPost("optimize-running-cadence")?.leadForm).toMatchObject({
      ctaText: "Get My Plan",
      serviceType: "running_training",
    });
  });
});
