import { Link, redirect, type MetaDescriptor } from "react-router";
import type { Route } from "./+types/blog-post";
import { seoMeta, siteUrlFromMatches } from "~/kernel/seo";
import { allPosts, findPost } from "~/features/blog/posts.server";
import { requireServices } from "~/context";
import { breadcrumbTitle, relatedPosts } from "~/features/blog/rules";
import { postImageUrl, postJsonLd } from "~/features/blog/structured-data";
import { PostCard } from "~/features/blog/post-card";
import { ReadingProgress } from "~/features/blog/reading-progress";
import { ShareActions } from "~/features/blog/share-actions";
import { EmailCaptureBar } from "~/features/newsletter/email-capture-bar";
import { NewsletterForm } from "~/features/newsletter/newsletter-form";
import { Picture } from "~/ui/picture";
import { blogPostCopy, welcomeDownload } from "#content/newsletter";
import { trainer } from "#content/trainer";
import { AUTHOR_PATH } from "~/kernel/structured-data";
import "~/features/blog/blog.css";

/** A renamed article's old address moves permanently to the new one; an unknown slug goes to /blog. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { content } = requireServices(context).services;
  const slug = params.slug ?? "";
  const post = await findPost(content, slug);
  if (!post) {
    const renamed = await content.renamedTo("article", slug);
    throw redirect(renamed ? `/blog/${renamed}` : "/blog", renamed ? 301 : 302);
  }
  return { post, related: relatedPosts(await allPosts(content), post) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const siteUrl = siteUrlFromMatches(matches);
  const post = loaderData?.post;
  if (!post) return [{ title: "Blog" }];
  const tags: MetaDescriptor[] = seoMeta({
    title: post.metaTitle,
    description: post.metaDescription,
    path: `/blog/${post.slug}`,
    siteUrl,
    image: postImageUrl(post, siteUrl),
    type: "article",
    keywords: post.keywords,
    jsonLd: postJsonLd(post, siteUrl),
  });
  tags.push(
    { property: "og:image:alt", content: post.image.alt },
    { property: "article:published_time", content: post.date },
    { property: "article:section", content: post.category },
    { property: "article:author", content: post.author },
  );
  return tags;
};

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post, related } = loaderData;
  const source = `/blog/${post.slug}`;
  return (
    <>
      <article className="blog-article" aria-labelledby="post-title">
        <ReadingProgress title={post.title} />
        <header className="bg-gradient-to-b from-sand/70 to-white">
          <div className="mx-auto max-w-5xl px-5 pt-8 sm:px-8 sm:pt-12">
            <nav aria-label={blogPostCopy.breadcrumbLabel} className="text-sm">
              <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-ink/75">
                <li>
                  <Link discover="none" to="/" className="underline-offset-2 hover:text-teal-700 hover:underline">
                    Home
                  </Link>
                </li>
                <li aria-hidden="true">/</li>
                <li>
                  <Link discover="none" to="/blog" className="underline-offset-2 hover:text-teal-700 hover:underline">
                    Blog
                  </Link>
                </li>
                <li aria-hidden="true">/</li>
                <li>
                  <span aria-current="page" className="font-semibold text-navy" title={post.title}>
                    {breadcrumbTitle(post.title)}
                  </span>
                </li>
              </ol>
            </nav>
            <Link
              discover="none"
              to="/blog"
              className="mt-6 inline-flex min-h-11 items-center font-semibold text-teal-700 hover:text-navy"
            >
              {blogPostCopy.backToOverview}
            </Link>
            <div className="mx-auto mt-4 max-w-3xl text-center">
              <p className="flex flex-wrap items-center justify-center gap-x-3 gap-y-2 text-sm">
                <span className="rounded-full bg-teal px-3 py-1 font-semibold uppercase tracking-wider text-white">
                  {post.category}
                </span>
                <time dateTime={post.date} className="text-ink/80">
                  {post.dateLabel}
                </time>
                <span aria-hidden="true" className="text-ink/40">
                  •
                </span>
                <span className="text-ink/80">{post.readTime}</span>
              </p>
              <h1
                id="post-title"
                className="mt-5 text-balance text-3xl font-extrabold leading-tight tracking-tight text-navy sm:text-5xl"
              >
                {post.title}
              </h1>
              <p className="mx-auto mt-5 max-w-2xl text-pretty text-lg leading-relaxed text-ink/80 sm:text-xl">
                {post.excerpt}
              </p>
              <p className="mt-6 text-sm text-ink/80">
                {blogPostCopy.by}{" "}
                {post.author === trainer.name ? (
                  <a href={AUTHOR_PATH} rel="author" className="font-semibold text-navy underline underline-offset-2">
                    {post.author}
                  </a>
                ) : (
                  <span className="font-semibold text-navy">{post.author}</span>
                )}
                <span className="mx-2 text-ink/40" aria-hidden="true">
                  ·
                </span>
                <span>{post.authorTitle}</span>
              </p>
            </div>
          </div>
          <div className="blog-hero mx-auto mt-10 max-w-5xl px-0 sm:px-8">
            <div className="aspect-[16/9] overflow-hidden bg-navy sm:rounded-3xl">
              <Picture
                image={post.image}
                sizes="(min-width: 1024px) 960px, 100vw"
                priority
                className="blog-hero-image block h-full w-full"
                imgClassName="h-full w-full object-cover"
              />
            </div>
          </div>
        </header>

        <div className="px-5 pb-8 pt-12 sm:px-8 sm:pt-16">
          <div className="prose" dangerouslySetInnerHTML={{ __html: post.bodyBefore }} />
          <div className="mx-auto my-14 max-w-2xl">
            <NewsletterForm
              variant="in-article"
              source={source}
              serviceType={post.leadForm.serviceType}
              content={post.leadForm}
            />
            {post.leadMagnet ? (
              <p className="mt-3 px-2 text-sm text-ink/80">{welcomeDownload.formNote(post.leadMagnet.label)}</p>
            ) : null}
          </div>
          {post.bodyAfter && <div className="prose" dangerouslySetInnerHTML={{ __html: post.bodyAfter }} />}
          <footer className="mx-auto mt-14 max-w-2xl border-t border-navy/10 pt-8">
            <ShareActions title={post.title} text={post.excerpt} />
          </footer>
        </div>
      </article>

      {related.length > 0 && (
        <section aria-labelledby="related-heading" className="bg-sand/50 px-5 py-16 sm:px-8">
          <div className="mx-auto max-w-6xl">
            <h2 id="related-heading" className="text-2xl font-bold tracking-tight text-navy sm:text-3xl">
              {blogPostCopy.relatedHeading}
            </h2>
            <div className="mt-8 grid gap-8 md:grid-cols-2 lg:grid-cols-3">
              {related.map((p) => (
                <PostCard key={p.slug} post={p} headingLevel={3} />
              ))}
            </div>
          </div>
        </section>
      )}
      <EmailCaptureBar key={post.slug} slug={post.slug} source={source} serviceType={post.leadForm.serviceType} />
    </>
  );
}
