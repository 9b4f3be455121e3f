/**
 * Slot for the newsletter forms (footer, blog overview, in-article, sticky bar).
 * Owned by the newsletter feature, which replaces this body.
 */
export interface NewsletterFormProps {
  variant: "footer" | "blog-overview" | "in-article" | "sticky";
  /** BLOG_SOURCE: the post path on /blog/{slug}, 'blog-overview' on /blog, otherwise 'footer'. */
  source: string;
  serviceType?: string;
  content?: { title: string; description: string; ctaText: string; disclaimer?: string; inputPlaceholder: string };
  className?: string;
}

export function NewsletterForm({ content }: NewsletterFormProps) {
  return <div>{content?.title ?? "Newsletter"}</div>;
}
