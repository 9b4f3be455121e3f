import { Link } from "react-router";
import type { Route } from "./+types/sitemap";
import { routeEntries } from "~/kernel/route-meta";
import { seoMeta, siteUrlFromMatches } from "~/kernel/seo";
import { allPosts } from "~/features/blog/posts.server";
import { requireServices } from "~/context";
import { SITEMAP_CATEGORY_ORDER, sortCategories } from "~/features/blog/rules";
import { sitemapPage } from "#content/newsletter";

/** The route table and the published articles. */
export async function loader({ context }: Route.LoaderArgs) {
  const pages = routeEntries.filter((e) => e.indexable && !e.path.includes(":"));
  const main = pages
    .filter((e) => e.category !== "service")
    .map(({ path, title }) => ({ path, title: path === "/" ? sitemapPage.home : title }));
  const services = pages.filter((e) => e.category === "service").map(({ path, title }) => ({ path, title }));
  const posts = await allPosts(requireServices(context).services.content);
  // The trainer's groups first (Training, Running, Triathlon, Fitness), then any other category so no post is left out.
  const others = sortCategories(posts.map((p) => p.category)).filter(
    (c) => !SITEMAP_CATEGORY_ORDER.includes(c as never),
  );
  const groups = [...SITEMAP_CATEGORY_ORDER, ...others]
    .map((category) => ({
      category,
      posts: posts.filter((p) => p.category === category).map(({ slug, title }) => ({ slug, title })),
    }))
    .filter((g) => g.posts.length > 0);
  return { main, services, groups };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  return seoMeta({
    title: sitemapPage.heading,
    description: sitemapPage.metaDescription,
    path: "/sitemap",
    siteUrl: siteUrlFromMatches(matches),
  });
};

const linkClass = "inline-flex min-h-8 items-center text-teal-700 underline-offset-4 hover:text-navy hover:underline";

function LinkList({ links }: { links: { to: string; label: string }[] }) {
  return (
    <ul className="mt-4 space-y-2">
      {links.map((link) => (
        <li key={link.to}>
          <Link discover="none" to={link.to} className={linkClass}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export default function SitemapPage({ loaderData }: Route.ComponentProps) {
  const { main, services, groups } = loaderData;
  return (
    <div className="px-5 py-16 sm:px-8 sm:py-20">
      <div className="mx-auto max-w-6xl">
        <h1 className="text-4xl font-extrabold tracking-tight text-navy sm:text-5xl">{sitemapPage.heading}</h1>
        <p className="mt-4 text-lg text-ink/80">{sitemapPage.intro}</p>
        <div className="mt-12 grid gap-12 md:grid-cols-3">
          <section aria-labelledby="sitemap-main">
            <h2 id="sitemap-main" className="text-xl font-bold text-navy">
              {sitemapPage.mainPages}
            </h2>
            <LinkList links={main.map((p) => ({ to: p.path, label: p.title }))} />
          </section>
          <section aria-labelledby="sitemap-services">
            <h2 id="sitemap-services" className="text-xl font-bold text-navy">
              {sitemapPage.services}
            </h2>
            <LinkList links={services.map((p) => ({ to: p.path, label: p.title }))} />
          </section>
          <section aria-labelledby="sitemap-blog" className="md:row-span-2">
            <h2 id="sitemap-blog" className="text-xl font-bold text-navy">
              {sitemapPage.blog}
            </h2>
            {groups.map((group) => (
              <div key={group.category} className="mt-6">
                <h3 className="text-sm font-semibold uppercase tracking-wider text-ink/75">{group.category}</h3>
                <LinkList links={group.posts.map((p) => ({ to: `/blog/${p.slug}`, label: p.title }))} />
              </div>
            ))}
          </section>
        </div>
      </div>
    </div>
  );
}
