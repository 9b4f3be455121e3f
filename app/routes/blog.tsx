import { Link, useNavigation } from "react-router";
import type { Route } from "./+types/blog";
import { seoMeta, siteUrlFromMatches } from "~/kernel/seo";
import { allPosts, blogCategories } from "~/features/blog/posts.server";
import { requireServices } from "~/context";
import { PostCard } from "~/features/blog/post-card";
import { blogListing } from "~/features/blog/rules";
import { NewsletterForm } from "~/features/newsletter/newsletter-form";
import { blogOverview } from "#content/newsletter";
import { site } from "#content/site";
import { blogCategoryPath } from "~/kernel/navigation";

/**
 * ?category=Running filters and ?page=2 pages on the server, so both work without JavaScript; only
 * the page's articles reach the document (a page weighs the same however many there are).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { content } = requireServices(context).services;
  const [posts, categories] = await Promise.all([allPosts(content), blogCategories(content)]);
  return { ...blogListing(posts, categories, new URL(request.url).searchParams), categories };
}

/** The overview's address for one page of a category (or of all articles). */
function listingPath(category: string | null, page: number) {
  const query = new URLSearchParams();
  if (category) query.set("category", category);
  if (page > 1) query.set("page", String(page));
  return query.size ? `/blog?${query}` : "/blog";
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const siteUrl = siteUrlFromMatches(matches);
  return seoMeta({
    title: blogOverview.title,
    description: blogOverview.metaDescription,
    // Filtered views are the same articles: one canonical address.
    path: "/blog",
    siteUrl,
    // The blog itself; each article describes itself in full on its own page (a list of them here
    // repeated the cards' titles and links: 220 bytes as sent, docs/decisions/097-colour-rules-written-once-and-what-the-size-budget-asks.md).
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Blog",
        name: `${site.name} ${blogOverview.title}`,
        description: blogOverview.metaDescription,
        url: `${siteUrl}/blog`,
      },
    ],
  });
};

export default function BlogOverview({ loaderData }: Route.ComponentProps) {
  const { posts: visible, categories, active, page, pages } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith("/blog/");

  const pill = (selected: boolean) =>
    `inline-flex min-h-11 items-center rounded-full px-5 text-sm font-semibold transition-colors ${
      selected ? "bg-navy text-white" : "bg-white text-navy ring-1 ring-navy/15 hover:bg-navy/5"
    }`;

  return (
    <>
      <section
        aria-labelledby="blog-heading"
        className="bg-gradient-to-b from-sand/70 to-white px-5 pb-10 pt-14 sm:px-8 sm:pt-20"
      >
        <div className="mx-auto max-w-6xl">
          <p className="text-sm font-semibold uppercase tracking-[0.18em] text-teal-700">{blogOverview.eyebrow}</p>
          <h1
            id="blog-heading"
            className="mt-3 max-w-3xl text-balance text-4xl font-extrabold tracking-tight text-navy sm:text-5xl"
          >
            {blogOverview.heading}
          </h1>
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-ink/80">{blogOverview.subtitle}</p>
          <nav aria-label={blogOverview.filterLabel} className="mt-10">
            <ul className="flex flex-wrap gap-2">
              <li>
                <Link
                  discover="none"
                  to="/blog"
                  preventScrollReset
                  aria-current={active === null ? "page" : undefined}
                  className={pill(active === null)}
                >
                  {blogOverview.allLabel}
                </Link>
              </li>
              {categories.map((category) => (
                <li key={category}>
                  <Link
                    discover="none"
                    to={blogCategoryPath(category)}
                    preventScrollReset
                    aria-current={active === category ? "page" : undefined}
                    className={pill(active === category)}
                  >
                    {category}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </section>

      <section aria-label={active ?? blogOverview.allLabel} className="relative px-5 pb-16 sm:px-8" aria-busy={loading}>
        {loading && (
          <div role="status" className="absolute inset-x-0 top-0 flex justify-center">
            <span className="sr-only">Loading…</span>
            <span
              aria-hidden="true"
              className="size-8 animate-spin rounded-full border-4 border-teal border-t-transparent"
            />
          </div>
        )}
        <div className="mx-auto max-w-6xl">
          {visible.length === 0 ? (
            <p className="py-10 text-center text-ink/80">{blogOverview.empty}</p>
          ) : (
            <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
              {visible.map((post, index) => (
                <li key={post.slug} className="flex">
                  <PostCard post={post} priority={index === 0} />
                </li>
              ))}
            </ul>
          )}
          {pages > 1 && (
            <nav aria-label={`Pages, page ${page} of ${pages}`} className="mt-12 flex justify-center gap-3">
              {page > 1 && (
                <Link discover="none" to={listingPath(active, page - 1)} rel="prev" className={pill(false)}>
                  Newer articles
                </Link>
              )}
              {page < pages && (
                <Link discover="none" to={listingPath(active, page + 1)} rel="next" className={pill(false)}>
                  Older articles
                </Link>
              )}
            </nav>
          )}
        </div>
      </section>

      <section className="px-5 pb-20 sm:px-8">
        <div className="mx-auto max-w-6xl">
          <NewsletterForm variant="blog-overview" source="blog-overview" />
        </div>
      </section>
    </>
  );
}
