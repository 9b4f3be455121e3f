import type { ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { newsletterMessages } from "#content/newsletter";
import { site } from "#content/site";
import { seedArticleSource } from "~/features/blog/article-seeds.server";
import { allPosts, blogCategories } from "~/features/blog/posts.server";
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

describe("the blog overview page", () => {
  it("subscribes with source blog-overview", async () => {
    const source = seedArticleSource();
    const props = {
      loaderData: { posts: await allPosts(source), categories: await blogCategories(source) },
    } as unknown as ComponentProps<typeof BlogOverview>;
    const handler = createStaticHandler([
      {
        id: "root",
        path: "/",
        loader: () => ({ site }),
        children: [{ path: "blog", element: <BlogOverview {...props} /> }],
      },
    ]);
    const context = await handler.query(new Request(new URL("/blog", location.origin)));
    if (context instanceof Response) throw new Error(`/blog answered ${context.status}`);
    document.body.innerHTML = renderToStaticMarkup(
      <StaticRouterProvider
        router={createStaticRouter(handler.dataRoutes, context)}
        context={context}
        hydrate={false}
      />,
    );
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
});
