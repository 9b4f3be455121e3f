import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { renderRss, rssDate } from "./rss";

const post = {
  slug: "a-post",
  title: "Fuel & <Recover>",
  excerpt: 'Eat "well".',
  date: "2025-04-08",
  dateLabel: "8 april 2025",
  category: "Nutrition" as const,
  readTime: "6 min read",
  image: { src: "blog/a.svg", alt: "", width: 1, height: 1 },
};

describe("renderRss", () => {
  it("renders a parseable RSS 2.0 feed with escaped text", () => {
    const xml = renderRss({ siteUrl: "https://example.nl", title: "Blog", description: "Tips", posts: [post] });
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(xml) as {
      rss: { "@_version": string; channel: { item: { title: string; link: string; pubDate: string } } };
    };
    expect(parsed.rss["@_version"]).toBe("2.0");
    expect(parsed.rss.channel.item.title).toBe("Fuel & <Recover>");
    expect(parsed.rss.channel.item.link).toBe("https://example.nl/blog/a-post");
    expect(parsed.rss.channel.item.pubDate).toBe("Tue, 08 Apr 2025 12:00:00 GMT");
  });
  it("writes RFC 822 dates", () => {
    expect(rssDate("2025-03-16")).toBe("Sun, 16 Mar 2025 12:00:00 GMT");
  });
});
