import { readdirSync, readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, engines, type TestDatabase } from "../support/database";
import { parsePost } from "~/features/blog/content.server";
import { seededLeadMagnet } from "~/features/blog/lead-magnet-seeds.server";
import { allPosts, findPost, media } from "~/features/blog/posts.server";
import { relatedPosts, sortNewestFirst } from "~/features/blog/rules";
import { createSiteContentStore, seedSiteContent, type SiteContentStore } from "~/content-kinds.server";
import BlogPostPage from "~/routes/blog-post";
import type { BlogPost, BlogPostSummary } from "~/features/blog/types";

/**
 * The articles exactly as the file-based blog rendered them (the existing renderer on content/blog),
 * plus the one thing the import adds: the guide each sign-up form promised, now attached as its
 * lead magnet and named under the form.
 */
const before = sortNewestFirst(
  readdirSync("content/blog")
    .filter((name) => name.endsWith(".md"))
    .map((name) => parsePost(`content/blog/${name}`, readFileSync(`content/blog/${name}`, "utf8"), media))
    .map((post) => {
      const magnet = seededLeadMagnet(post.slug);
      return { ...post, leadMagnet: magnet ? { label: magnet.label } : null };
    }),
);

/** The post page's HTML as the server renders it for this post and its related posts. */
function pageHtml(post: BlogPost, all: readonly BlogPostSummary[]): string {
  const data = { post, related: relatedPosts(all, post) };
  const Stub = createRoutesStub([
    // The stub hands loaderData to the route component the way the framework does.
    { id: "post", path: "/blog/:slug", Component: BlogPostPage as never, loader: () => data },
  ]);
  return renderToString(
    createElement(Stub, { initialEntries: [`/blog/${post.slug}`], hydrationData: { loaderData: { post: data } } }),
  );
}

describe.each(engines)("articles imported into the content store on %s", (engine) => {
  let database: TestDatabase;
  let store: SiteContentStore;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    store = createSiteContentStore(database.db);
    await seedSiteContent(store);
  });
  afterAll(async () => {
    await database.drop();
  });

  it("holds every post of content/blog, live, in the same order", async () => {
    expect(before.length).toBeGreaterThan(0);
    const after = await allPosts(store);
    expect(after.map((p) => p.slug)).toEqual(before.map((p) => p.slug));
  });

  it("renders every post exactly as the file-based blog did", async () => {
    const afterAll = await allPosts(store);
    for (const post of before) {
      const imported = await findPost(store, post.slug);
      expect(imported, post.slug).toEqual(post);
      const html = pageHtml(imported!, afterAll);
      expect(html, post.slug).toContain(post.bodyBefore.slice(0, 80));
      expect(html, post.slug).toBe(pageHtml(post, before));
    }
  });

  it("shows a publish on the next read and drops an unpublished post", async () => {
    const trainer = { userId: "trainer" };
    const [first] = before;
    const entry = await store.get("article", first!.slug);
    await store.saveDraft("article", first!.slug, { ...entry!.draft, title: `${first!.title} (revised)` }, trainer);
    expect((await findPost(store, first!.slug))?.title).toBe(first!.title);
    await store.publish("article", first!.slug, trainer);
    await expect
      .poll(async () => (await findPost(store, first!.slug))?.title, { timeout: 5_000 })
      .toBe(`${first!.title} (revised)`);
    await store.unpublish("article", first!.slug, trainer);
    await expect.poll(async () => findPost(store, first!.slug), { timeout: 5_000 }).toBeUndefined();
  });
});
