import { data } from "react-router";
import type { Route } from "./+types/newsletter-archive";
import { requireServices } from "~/context";
import { seoMeta, siteUrlFromMatches } from "~/kernel/seo";
import { archivedIssue } from "~/features/newsletter/issues.server";
import { issueBodyHtml } from "~/features/newsletter/issue-mail.server";
import { NewsletterForm } from "~/features/newsletter/newsletter-form";
import { newsletterArchive } from "#content/newsletter";
import "~/features/blog/blog.css";

/** A sent issue in the public archive; a draft, a scheduled or an unarchived one is not there (404). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = requireServices(context);
  const issue = await archivedIssue(services.database.db, params.slug ?? "");
  if (!issue) throw data(null, { status: 404, statusText: "Not Found" });
  const sentAt = issue.finishedAt ?? issue.startedAt ?? issue.createdAt;
  // Made from an article: the article is the one search engines should list, while it is on the site.
  const article = issue.fromArticle ? await services.content.live("article", issue.fromArticle) : undefined;
  return {
    slug: issue.slug,
    subject: issue.subject,
    preheader: issue.preheader,
    noindex: issue.noindex,
    canonicalPath: article ? `/blog/${article.key}` : `/newsletter/archive/${issue.slug}`,
    sentAt: sentAt.toISOString(),
    sentOn: sentAt.toLocaleDateString("en-GB", { dateStyle: "long", timeZone: "Europe/Amsterdam" }),
    html: issueBodyHtml(issue.body, services.env.SITE_URL),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: "Not found" }];
  return seoMeta({
    title: loaderData.subject,
    description: loaderData.preheader || loaderData.subject,
    path: loaderData.canonicalPath,
    siteUrl: siteUrlFromMatches(matches),
    type: "article",
    noindex: loaderData.noindex,
  });
};

export default function NewsletterArchivePage({ loaderData }: Route.ComponentProps) {
  const issue = loaderData;
  return (
    <div className="bg-sand/50 px-5 py-12 sm:py-16">
      <article className="blog-article mx-auto max-w-2xl rounded-3xl bg-white px-5 py-8 shadow-sm sm:px-10 sm:py-12">
        <p className="text-sm text-ink/80">
          <a href="/newsletter" className="font-medium text-teal-700 underline">
            {newsletterArchive.breadcrumb}
          </a>
          {" · "}
          {newsletterArchive.sentOn} <time dateTime={issue.sentAt}>{issue.sentOn}</time>
        </p>
        <h1 className="mt-3 text-3xl font-bold tracking-tight break-words text-navy sm:text-4xl">{issue.subject}</h1>
        <div className="prose mt-6" dangerouslySetInnerHTML={{ __html: issue.html }} />
      </article>
      <div className="mx-auto mt-10 max-w-2xl">
        <NewsletterForm variant="in-article" source="footer" content={newsletterArchive.form} />
        <p className="mt-6 text-center">
          <a href="/newsletter" className="font-semibold text-teal-700 underline">
            {newsletterArchive.moreIssues}
          </a>
        </p>
      </div>
    </div>
  );
}
