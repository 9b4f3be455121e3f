/**
 * Reading progress under the header, drawn by CSS alone (a scroll-driven animation, blog.css) and
 * absent in browsers without them: the post is a document page with no script for it.
 */
export function ReadingProgress({ title }: { title: string }) {
  return (
    <div aria-hidden="true" className="blog-progress pointer-events-none fixed inset-x-0 top-16 z-40">
      {/* The title fades in here once the hero has scrolled away (blog.css). */}
      <div className="blog-progress-title hidden border-b border-navy/10 bg-white/95 backdrop-blur">
        <p className="mx-auto max-w-[44.5rem] truncate px-5 py-2 text-sm font-semibold text-navy">{title}</p>
      </div>
      <div className="h-1 bg-navy/5">
        <div className="blog-progress-bar h-full origin-left bg-teal" />
      </div>
    </div>
  );
}
