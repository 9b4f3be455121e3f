import type { Route } from "./+types/blog-rss-xml";
import { requireServices } from "~/context";
import { allPosts } from "~/features/blog/posts.server";
import { REVALIDATE } from "~/infra/cache-control";
import { renderRss } from "~/features/blog/rss";
import { blogOverview } from "#content/newsletter";
import { site } from "#content/site";

/** GET /blog/rss.xml: RSS 2.0 feed of every post, newest first. */
export async function loader({ context }: Route.LoaderArgs) {
  const { services } = requireServices(context);
  const xml = renderRss({
    siteUrl: services.env.SITE_URL,
    title: `${site.name} ${blogOverview.title}`,
    description: blogOverview.metaDescription,
    posts: await allPosts(services.content),
  });
  return new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": REVALIDATE },
  });
}
