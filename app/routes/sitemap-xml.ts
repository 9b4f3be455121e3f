import type { Route } from "./+types/sitemap-xml";
import { requireServices } from "~/context";
import { blogSitemapUrls, renderSitemapXml, staticSitemapUrls } from "~/kernel/sitemap";
import { allPosts } from "~/features/blog/posts.server";
import { REVALIDATE } from "~/infra/cache-control";
import { issueSitemapUrls } from "~/features/newsletter/issues.server";

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = requireServices(context);
  const siteUrl = services.env.SITE_URL;
  const xml = renderSitemapXml([
    ...staticSitemapUrls(siteUrl),
    ...blogSitemapUrls(siteUrl, await allPosts(services.content)),
    ...(await issueSitemapUrls(services.database.db, siteUrl)),
  ]);
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": REVALIDATE },
  });
}
