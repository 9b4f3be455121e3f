import { routeEntries, type ChangeFrequency } from "./route-meta";

export interface SitemapUrl {
  loc: string;
  lastmod?: string;
  changefreq: ChangeFrequency;
  priority: number;
}

/** Every indexable, non-dynamic page of the route table. */
export function staticSitemapUrls(siteUrl: string): SitemapUrl[] {
  return routeEntries
    .filter((entry) => entry.indexable && !entry.dynamic)
    .map((entry) => ({
      loc: `${siteUrl}${entry.path === "/" ? "/" : entry.path}`,
      changefreq: entry.changefreq,
      priority: entry.priority,
    }));
}

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

export function renderSitemapXml(urls: SitemapUrl[]): string {
  const body = urls
    .map(
      (u) =>
        `  <url>\n    <loc>${escapeXml(u.loc)}</loc>\n${u.lastmod ? `    <lastmod>${u.lastmod}</lastmod>\n` : ""}    <changefreq>${u.changefreq}</changefreq>\n    <priority>${u.priority.toFixed(1)}</priority>\n  </url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}

export function renderRobotsTxt(siteUrl: string): string {
  const disallowed = routeEntries
    .filter((entry) => !entry.indexable && !entry.crawlable)
    .map((entry) => `Disallow: ${entry.path}`);
  return [
    "User-agent: *",
    "Allow: /",
    ...disallowed,
    "Disallow: /admin",
    "Disallow: /api/",
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

/**
 * The blog overview (rendered per request, so not among the static pages) and
 * every post with its date as lastmod.
 */
export function blogSitemapUrls(siteUrl: string, posts: readonly { slug: string; date: string }[]): SitemapUrl[] {
  const overview = routeEntries.find((entry) => entry.id === "blog");
  const post = routeEntries.find((entry) => entry.id === "blog-post");
  const urls: SitemapUrl[] = [];
  if (overview?.dynamic)
    urls.push({
      loc: `${siteUrl}${overview.path}`,
      changefreq: overview.changefreq,
      priority: overview.priority,
      lastmod: posts[0]?.date,
    });
  for (const p of posts) {
    urls.push({
      loc: `${siteUrl}/blog/${p.slug}`,
      lastmod: p.date,
      changefreq: post?.changefreq ?? "monthly",
      priority: post?.priority ?? 0.7,
    });
  }
  return urls;
}
