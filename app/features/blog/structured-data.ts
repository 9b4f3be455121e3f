import { site } from "#content/site";
import { trainer } from "#content/trainer";
import { AUTHOR_PATH, logoImageObject } from "~/kernel/structured-data";
import type { BlogPost } from "./types";

/**
 * A post's day as a moment with its zone, as search engines ask: the start of that day in
 * Amsterdam, where the coach publishes (+01:00 in winter, +02:00 in summer).
 */
export function amsterdamStartOfDay(date: string): string {
  const offsetAt = (instant: Date) =>
    new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Amsterdam", timeZoneName: "longOffset" })
      .formatToParts(instant)
      .find((part) => part.type === "timeZoneName")
      ?.value.replace("GMT", "") || "+00:00";
  // The offset in force at midnight: that of the evening before (a clock change happens at night).
  const eveningBefore = new Date(Date.parse(`${date}T00:00:00Z`) - 3 * 3_600_000);
  return `${date}T00:00:00${offsetAt(eveningBefore)}`;
}

const mediaPath = (src: string, width = 1440) => `/media/${src.replace(/\.[a-z0-9]+$/i, "")}-${width}.webp`;

export const postImageUrl = (post: Pick<BlogPost, "image">, siteUrl: string) =>
  `${siteUrl}${mediaPath(post.image.src)}`;

/** JSON-LD BlogPosting and BreadcrumbList for a post page, from the same data the page shows. */
export function postJsonLd(post: BlogPost, siteUrl: string): object[] {
  const url = `${siteUrl}/blog/${post.slug}`;
  return [
    {
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: post.title,
      description: post.metaDescription,
      image: [postImageUrl(post, siteUrl)],
      datePublished: amsterdamStartOfDay(post.date),
      dateModified: amsterdamStartOfDay(post.date),
      inLanguage: "en",
      articleSection: post.category,
      // Keywords are optional in the editor: none is no property, not an empty one.
      ...(post.keywords.length ? { keywords: post.keywords.join(", ") } : {}),
      mainEntityOfPage: { "@type": "WebPage", "@id": url },
      url,
      author:
        post.author === trainer.name
          ? {
              "@type": "Person",
              "@id": `${siteUrl}/#trainer`,
              name: post.author,
              jobTitle: post.authorTitle,
              url: `${siteUrl}${AUTHOR_PATH}`,
            }
          : { "@type": "Person", name: post.author, jobTitle: post.authorTitle },
      publisher: {
        "@type": "Organization",
        "@id": `${siteUrl}/#organization`,
        name: site.name,
        url: siteUrl,
        logo: logoImageObject(siteUrl),
      },
    },
    {
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: `${siteUrl}/` },
        { "@type": "ListItem", position: 2, name: "Blog", item: `${siteUrl}/blog` },
        { "@type": "ListItem", position: 3, name: post.title, item: url },
      ],
    },
  ];
}
