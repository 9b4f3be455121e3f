import { Link } from "react-router";
import { Picture } from "~/ui/picture";
import { blogOverview } from "#content/newsletter";
import type { BlogPostSummary } from "./types";

/** One card of the overview grid and of the 'Keep reading' row. */
export function PostCard({
  post,
  headingLevel = 2,
  priority = false,
}: {
  post: BlogPostSummary;
  headingLevel?: 2 | 3;
  priority?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const href = `/blog/${post.slug}`;
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-navy/10 transition-shadow focus-within:ring-2 focus-within:ring-teal hover:shadow-lg">
      <div className="aspect-[16/9] overflow-hidden bg-sand">
        <Picture
          image={post.image}
          sizes="(min-width: 1152px) 360px, (min-width: 768px) 45vw, 100vw"
          priority={priority}
          imgClassName="h-full w-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
        />
      </div>
      <div className="flex flex-1 flex-col p-6">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="rounded-full bg-teal/10 px-3 py-0.5 font-semibold text-teal-700">{post.category}</span>
          <span className="text-ink/75">{post.readTime}</span>
        </p>
        <Heading className="mt-3 text-xl font-bold leading-snug tracking-tight text-navy">
          <Link
            discover="none"
            to={href}
            prefetch="intent"
            className="after:absolute after:inset-0 focus-visible:outline-none"
          >
            {post.title}
          </Link>
        </Heading>
        <p className="mt-3 line-clamp-3 flex-1 leading-relaxed text-ink/80">{post.excerpt}</p>
        <p aria-hidden="true" className="mt-5 font-semibold text-teal-700">
          {/* One text node: React separates two adjacent ones with a comment, 12 cards a page. */}
          {`${blogOverview.readMore} `}
          <span className="inline-block transition-transform group-hover:translate-x-1">→</span>
        </p>
      </div>
    </article>
  );
}
