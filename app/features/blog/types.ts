import type { MediaImage } from "#content/types";
import type { BlogCategory, leadFormFor } from "./rules";

/** What the overview, the header and the sitemaps need: no body. */
export interface BlogPostSummary {
  slug: string;
  title: string;
  excerpt: string;
  date: string;
  /** '8 april 2025' */
  dateLabel: string;
  category: BlogCategory;
  readTime: string;
  image: MediaImage;
}

export interface BlogPost extends BlogPostSummary {
  author: string;
  authorTitle: string;
  keywords: string[];
  metaTitle: string;
  metaDescription: string;
  leadForm: ReturnType<typeof leadFormFor>;
  /** What the sign-up form hands out after the confirmation click (a PDF or a link), if anything. */
  leadMagnet: { label: string } | null;
  /** Article HTML before the Conclusion heading (the lead form goes between the two parts). */
  bodyBefore: string;
  /** From the Conclusion heading to the end; empty when the post has none. */
  bodyAfter: string;
}
