import type { ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { newsletterMessages } from "#content/newsletter";
import { site } from "#content/site";
import { seedArticleSource } from "~/features/blog/article-seeds.server";
import { allPosts, blogCategories, type ArticleSource } from "~/features/blog/posts.server";
import { BLOG_PAGE_SIZE, blogListing } from "~/features/blog/rules";
import { enhance } from "~/features/newsletter/newsletter.enhancer";
import BlogOverview from "./blog";

/**
 * The blog overview's newsletter form as the page renders it (the seeded articles), run by its
 * enhancer against a stubbed server: what it sends and what it says. No server, no browser.
 */

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

/** The overview as the server renders it, for one page of the seeded articles (as many as `query` says a page holds). */
async function renderOverview(query = "", source: ArticleSource = seedArticleSource()) {
  const categories = await blogCategories(source);
  const loaderData = { ...blogListing(await allPosts(source), categories, new URLSearchParams(query)), categories };
  const props = { loaderData } as unknown as ComponentProps<typeof BlogOverview>;
  const handler = createStaticHandler([
    {
      id: "root",
      path: "/",
      loader: () => ({ site }),
      children: [{ path: "blog", element: <BlogOverview {...props} /> }],
    },
  ]);
  const context = await handler.query(new Request(new URL(`/blog?${query}`, location.origin)));
  if (context instanceof Response) throw new Error(`/blog answered ${context.status}`);
  document.body.innerHTML = renderToStaticMarkup(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />,
  );
  return loaderData;
}

describe("the blog overview page", () => {
  it("subscribes with source blog-overview", async () => {
    await renderOverview();
    const form = document.querySelector<HTMLElement>('[data-newsletter="blog-overview"]')!;
    enhance(form);

    const sent: URLSearchParams[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn((_url: RequestInfo | URL, init?: RequestInit) => {
        sent.push(new URLSearchParams(String(init?.body ?? "")));
        return Promise.resolve(
          new Response(JSON.stringify({ ok: true, message: newsletterMessages.success, confirmByEmail: false }), {
            status: 200,
            headers: { "Content-Type": "application/json" },
          }),
        );
      }),
    );
    form.querySelector<HTMLInputElement>('input[name="email"]')!.value = "overview@example.com";
    form.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await vi.advanceTimersByTimeAsync(0);

    expect(sent.map((body) => body.get("source"))).toEqual(["blog-overview"]);
    expect(sent[0]?.get("variant")).toBe("blog-overview");
    expect([...form.querySelectorAll('[role="status"]')].map((el) => el.textContent)).toEqual([
      newsletterMessages.success,
    ]);
  });

  it("pages its articles, keeping the category, with links to the newer and the older ones", async () => {
    const [model] = await seedArticleSource().listLive("article");
    const entries = Array.from({ length: 3 * BLOG_PAGE_SIZE }, (_, n) => {
      const day = new Date(Date.UTC(2030, 0, 1 + n));
      const data = { ...model!.data, title: `${model!.data.title} ${n}`, date: day.toISOString().slice(0, 10) };
      return { ...model!, key: `${model!.key}-${n}`, data, publishedAt: day, firstPublishedAt: day };
    });
    const category = model!.data.category!;
    const { posts } = await renderOverview(`category=${category}&page=2`, {
      revision: () => Promise.resolve("paged"),
      listLive: () => Promise.resolve(entries),
    });
    expect(posts).toHaveLength(BLOG_PAGE_SIZE);
    expect(document.querySelectorAll("main article, article")).toHaveLength(BLOG_PAGE_SIZE);
    const link = (rel: string) => document.querySelector(`a[rel="${rel}"]`)?.getAttribute("href");
    expect(link("prev")).toBe(`/blog?category=${category}`);
    expect(link("next")).toBe(`/blog?category=${category}&page=3`);
  });
});
