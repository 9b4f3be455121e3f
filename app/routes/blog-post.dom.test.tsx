import type { ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { newsletterMessages } from "#content/newsletter";
import { site } from "#content/site";
import { seedArticleSource } from "~/features/blog/article-seeds.server";
import { allPosts, findPost } from "~/features/blog/posts.server";
import { enhance } from "~/features/newsletter/newsletter.enhancer";
import { RESET_DELAY_MS } from "~/features/newsletter/reset-delay";
import BlogPostPage from "./blog-post";

/**
 * A post's two newsletter forms (in the article and in the capture bar) as the page renders them for
 * a seeded article, run by their enhancer against a stubbed server: what they send for the post.
 * The capture bar's showing and hiding: features/newsletter/capture-bar.enhancer.dom.test.tsx.
 */

let sent: URLSearchParams[] = [];

/** Renders the first seeded article's page as the server does and runs the newsletter enhancer on its forms. */
async function renderPost() {
  const source = seedArticleSource();
  const slug = (await allPosts(source))[0]?.slug ?? "";
  const post = await findPost(source, slug);
  if (!post) throw new Error("no seeded article");
  const props = { loaderData: { post, related: [] } } as unknown as ComponentProps<typeof BlogPostPage>;
  const handler = createStaticHandler([
    {
      id: "root",
      path: "/",
      loader: () => ({ site }),
      children: [{ path: "blog/:slug", element: <BlogPostPage {...props} /> }],
    },
  ]);
  const context = await handler.query(new Request(new URL(`/blog/${slug}`, location.origin)));
  if (context instanceof Response) throw new Error(`/blog/${slug} answered ${context.status}`);
  document.body.innerHTML = renderToStaticMarkup(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />,
  );
  for (const part of document.querySelectorAll<HTMLElement>('[data-enhance~="newsletter"]')) enhance(part);
  return post;
}

async function subscribeIn(form: HTMLElement, email: string) {
  form.querySelector<HTMLInputElement>('input[name="email"]')!.value = email;
  form.querySelector<HTMLButtonElement>('form[data-own-errors] button[type="submit"]')!.click();
  await vi.advanceTimersByTimeAsync(0);
}

const statuses = (scope: HTMLElement) => [...scope.querySelectorAll('[role="status"]')].map((el) => el.textContent);

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
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
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("a blog post's newsletter forms", () => {
  it("the in-article form subscribes with the post path, its service type and resets after 5 s", async () => {
    const post = await renderPost();
    const form = document.querySelector<HTMLElement>('[data-newsletter="in-article"]')!;
    await subscribeIn(form, "article.reader@example.com");
    expect(sent).toHaveLength(1);
    expect(sent[0]?.get("source")).toBe(`/blog/${post.slug}`);
    expect(sent[0]?.get("serviceType")).toBe(post.leadForm.serviceType);
    expect(sent[0]?.get("variant")).toBe("in-article");
    expect(statuses(form)).toEqual([newsletterMessages.success]);
    await vi.advanceTimersByTimeAsync(RESET_DELAY_MS["in-article"] + 100);
    expect(statuses(form)).toEqual([]);
  });

  it("the capture bar's form subscribes as the sticky variant with the post path", async () => {
    const post = await renderPost();
    const bar = document.querySelector<HTMLElement>('[data-enhance="capture-bar"]')!;
    const form = bar.querySelector<HTMLElement>('[data-newsletter="sticky"]')!;
    await subscribeIn(form, "sticky.reader@example.com");
    expect(sent.map((body) => body.get("variant"))).toEqual(["sticky"]);
    expect(sent[0]?.get("source")).toBe(`/blog/${post.slug}`);
    expect(sent[0]?.get("serviceType")).toBe(post.leadForm.serviceType);
    expect(statuses(form)).toEqual([newsletterMessages.success]);
  });
});
