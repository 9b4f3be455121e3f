import { data, Form, Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/admin-newsletter";
import { requireServices } from "~/context";
import { forwardSessionHeaders, trainerOf } from "~/features/auth/guard.server";
import { AdminShell, adminMeta, formatDateTime, Notice, SubmitButton } from "~/features/back-office/ui";
import { createIssueFromArticle, listIssues, publishedArticles } from "~/features/newsletter/issues.server";
import { countAudience } from "~/features/newsletter/sending.server";
import { ISSUE_STATUS_LABEL } from "~/features/newsletter/issue-rules";
import { ButtonLink } from "~/ui/button";
import { compactInputClass } from "~/ui/field";

export const meta: Route.MetaFunction = () => adminMeta("Newsletter");
export const headers = forwardSessionHeaders;

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const { db } = ctx.services.database;
  const [issues, articles, audience] = await Promise.all([
    listIssues(db),
    publishedArticles(ctx.services.content),
    countAudience(db),
  ]);
  return data(
    {
      audience,
      canSend: ctx.services.mailer !== null,
      articles,
      issues: issues.map((issue) => ({
        id: issue.id,
        subject: issue.subject,
        status: issue.status,
        scheduledAt: issue.scheduledAt?.toISOString() ?? null,
        startedAt: issue.startedAt?.toISOString() ?? null,
        finishedAt: issue.finishedAt?.toISOString() ?? null,
        updatedAt: issue.updatedAt.toISOString(),
        problem: issue.problem !== null,
        counts: issue.counts,
      })),
    },
    { headers: trainer.headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServices(context);
  const form = await request.formData();
  const key = String(form.get("article") ?? "");
  const issue = key ? await createIssueFromArticle(ctx.services.database.db, ctx.services.content, key) : null;
  if (!issue)
    return data(
      { error: key ? "That article is no longer on the site: choose another one." : "Choose an article first." },
      { status: 400 },
    );
  throw redirect(`/admin/newsletter/${issue.id}?done=from-article`);
}

type Listed = ReturnType<typeof useLoaderData<typeof loader>>["issues"][number];

/** When, in one line: what happened last or happens next (Amsterdam time). */
function when(issue: Listed): string {
  if (issue.status === "sent" && issue.finishedAt) return `Sent ${formatDateTime(issue.finishedAt)}`;
  if (issue.status === "sending" && issue.startedAt) return `Sending since ${formatDateTime(issue.startedAt)}`;
  if (issue.status === "scheduled" && issue.scheduledAt) return `Goes out ${formatDateTime(issue.scheduledAt)}`;
  return `Last saved ${formatDateTime(issue.updatedAt)}`;
}

function Counts({ counts }: { counts: Listed["counts"] }) {
  if (counts.total === 0) return null;
  const missed = counts.failed + counts.unknown;
  const parts = [
    `${counts.sent.toLocaleString("en-GB")} of ${counts.total.toLocaleString("en-GB")} sent`,
    counts.queued + counts.deferred > 0 ? `${(counts.queued + counts.deferred).toLocaleString("en-GB")} to go` : null,
    missed > 0 ? `${missed.toLocaleString("en-GB")} not delivered` : null,
    counts.suppressed > 0 ? `${counts.suppressed.toLocaleString("en-GB")} left out (unsubscribed or refused)` : null,
  ].filter(Boolean);
  return <p className="text-sm text-ink/80">{parts.join(" · ")}</p>;
}

const badge: Record<string, string> = {
  draft: "bg-slate-100 text-ink ring-slate-300",
  scheduled: "bg-sky-50 text-navy ring-sky-200",
  sending: "bg-amber-50 text-amber-900 ring-amber-200",
  sent: "bg-emerald-50 text-emerald-900 ring-emerald-200",
};

export default function AdminNewsletter() {
  const { issues, articles, audience, canSend } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <AdminShell
      title="Newsletter"
      actions={
        <ButtonLink to="/admin/newsletter/new" size="md">
          Write an issue
        </ButtonLink>
      }
    >
      <p className="mb-4 max-w-3xl">
        {audience === 1
          ? "1 person has confirmed their subscription and gets"
          : `${audience.toLocaleString("en-GB")} people have confirmed their subscription and get`}{" "}
        the next issue. Times are Amsterdam time.
      </p>
      {canSend ? null : (
        <Notice tone="error">
          No mail server is set up (SMTP_URL), so nothing can be sent yet. You can write and preview issues; sending and
          test e-mails work once the mail server is set up.
        </Notice>
      )}

      <section
        aria-labelledby="from-article-title"
        className="mb-8 max-w-3xl rounded-2xl bg-white p-4 ring-1 ring-navy/10 sm:p-6"
      >
        <h2 id="from-article-title" className="text-xl font-semibold text-navy">
          Start from an article
        </h2>
        {articles.length === 0 ? (
          <p className="mt-2">No article is on the site yet.</p>
        ) : (
          <Form method="post" className="mt-3 grid gap-3">
            <div>
              <label htmlFor="article" className="font-medium">
                Published article
              </label>
              <p id="article-hint" className="text-sm text-ink/75">
                Its title becomes the subject, its summary the preview line, and its text the newsletter, with a link to
                the whole article. You can change all of it before sending.
              </p>
              <select
                id="article"
                name="article"
                required
                defaultValue=""
                aria-describedby={result?.error ? "article-hint article-error" : "article-hint"}
                aria-invalid={result?.error ? true : undefined}
                className={`${compactInputClass} text-base`}
              >
                <option value="" disabled>
                  Choose an article
                </option>
                {articles.map((article) => (
                  <option key={article.key} value={article.key}>
                    {article.title}
                  </option>
                ))}
              </select>
              {result?.error ? (
                <p id="article-error" role="alert" className="mt-1 text-sm text-red-700">
                  {result.error}
                </p>
              ) : null}
            </div>
            <div>
              <SubmitButton busyText="Starting…">Start an issue from it</SubmitButton>
            </div>
          </Form>
        )}
      </section>

      <section aria-labelledby="issues-title" className="max-w-3xl">
        <h2 id="issues-title" className="text-xl font-semibold text-navy">
          Issues
        </h2>
        {issues.length === 0 ? (
          <p className="mt-2">No issues yet: write the first one, or start from an article.</p>
        ) : (
          <ul className="mt-3 grid gap-3">
            {issues.map((issue) => (
              <li key={issue.id}>
                <article className="grid gap-1 rounded-xl bg-white p-4 ring-1 ring-navy/10">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h3 className="min-w-0 font-semibold break-words">
                      <Link to={`/admin/newsletter/${issue.id}`} className="text-teal-700 underline">
                        {issue.subject}
                      </Link>
                    </h3>
                    <span
                      className={`shrink-0 rounded-full px-3 py-0.5 text-sm font-medium ring-1 ${badge[issue.status] ?? badge.draft}`}
                    >
                      {ISSUE_STATUS_LABEL[issue.status] ?? issue.status}
                    </span>
                  </div>
                  <p className="text-sm">{when(issue)}</p>
                  <Counts counts={issue.counts} />
                  {issue.problem ? (
                    <p className="text-sm font-medium text-red-800">The mail server refused it: open the issue.</p>
                  ) : null}
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>
    </AdminShell>
  );
}
