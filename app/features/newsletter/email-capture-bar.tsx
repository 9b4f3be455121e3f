import { NewsletterForm } from "./newsletter-form";
import { blogPostCopy } from "#content/newsletter";
import { Icon } from "~/ui/icon";

/**
 * E-mail capture bar of a post: slides up once half the article is read, stays away for this post
 * once dismissed, and for good once the reader subscribed. The server sends it hidden; the post is a
 * document page, and capture-bar.enhancer.ts shows and dismisses it (without script it never shows:
 * the in-article form is there).
 */
export function EmailCaptureBar({ slug, source, serviceType }: { slug: string; source: string; serviceType?: string }) {
  return (
    <div hidden data-enhance="capture-bar" data-slug={slug}>
      {/* Room at the end of the page so the bar never covers the footer's last links. */}
      <div aria-hidden="true" className="h-24" />
      <aside
        aria-label="Newsletter"
        className="blog-capture-bar fixed inset-x-0 bottom-0 z-50 border-t border-white/10 bg-navy/95 text-white shadow-[0_-8px_30px_rgba(11,31,58,0.25)] backdrop-blur"
      >
        <div className="mx-auto flex max-w-5xl items-start gap-3 px-4 py-3 sm:items-center sm:px-6">
          <NewsletterForm variant="sticky" source={source} serviceType={serviceType} className="min-w-0 flex-1" />
          <button
            type="button"
            data-dismiss=""
            aria-label={blogPostCopy.stickyDismiss}
            className="grid size-11 shrink-0 place-items-center rounded-full text-white/80 hover:bg-white/10 hover:text-white"
          >
            <Icon name="close" className="size-5" strokeWidth={2} />
          </button>
        </div>
      </aside>
    </div>
  );
}
