import { site } from "#content/site";
import type { BlogPost } from "./types";

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
      datePublished: post.date,
      dateModified: post.date,
      inLanguage: "en",
      articleSection: post.category,
      keywords: post.keywords.join(", "),
      mainEntityOfPage: { "@type": "WebPage", "@id": url },
      url,
      author: { "@type": "Person", name: post.author, jobTitle: post.authorTitle, url: siteUrl },
      publisher: {
        "@type": "Organization",
        name: site.name,
        url: siteUrl,
        logo: { "@type": "ImageObject", url: `${siteUrl}/favicon.svg` },
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
