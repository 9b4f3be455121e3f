import type { BlogPostSummary } from "./types";

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c] ?? c);

/** RFC 822 date as RSS 2.0 wants it, at noon UTC so no time zone moves it to another day. */
export const rssDate = (isoDate: string) => new Date(`${isoDate}T12:00:00Z`).toUTCString();

export function renderRss(feed: {
  siteUrl: string;
  title: string;
  description: string;
  posts: readonly BlogPostSummary[];
}): string {
  const { siteUrl, posts } = feed;
  const items = posts
    .map((post) => {
      const url = `${siteUrl}/blog/${post.slug}`;
      return [
        "    <item>",
        `      <title>${escapeXml(post.title)}</title>`,
        `      <link>${escapeXml(url)}</link>`,
        `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
        `      <pubDate>${rssDate(post.date)}</pubDate>`,
        `      <category>${escapeXml(post.category)}</category>`,
        `      <description>${escapeXml(post.excerpt)}</description>`,
        "    </item>",
      ].join("\n");
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeXml(feed.title)}</title>
    <link>${escapeXml(`${siteUrl}/blog`)}</link>
    <description>${escapeXml(feed.description)}</description>
    <language>en</language>
    <atom:link href="${escapeXml(`${siteUrl}/blog/rss.xml`)}" rel="self" type="application/rss+xml" />
${posts[0] ? `    <lastBuildDate>${rssDate(posts[0].date)}</lastBuildDate>\n` : ""}${items}
  </channel>
</rss>
`;
}
