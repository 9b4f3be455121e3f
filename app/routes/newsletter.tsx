import type { Route } from "./+types/newsletter";
import { seoMeta, siteUrlFromMatches } from "~/kernel/seo";
import { NewsletterForm } from "~/features/newsletter/newsletter-form";
import { newsletterArchive, newsletterMessages, newsletterPage } from "#content/newsletter";
import { requireServices } from "~/context";
import { archivedIssues } from "~/features/newsletter/issues.server";
import { Button, ButtonLink } from "~/ui/button";
import { heldFullAnswer } from "~/features/leads/held.server";

type Status = keyof typeof newsletterPage.statuses;
const isStatus = (value: string | null): value is Status => value !== null && value in newsletterPage.statuses;

/** Where a form sent without JavaScript and the confirmation link land; the archive of sent issues below. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = requireServices(context);
  const status = new URL(request.url).searchParams.get("status");
  const issues = (await archivedIssues(services.database.db)).map((issue) => ({
    slug: issue.slug,
    subject: issue.subject,
    preheader: issue.preheader,
    sentAt: issue.sentAt?.toISOString() ?? null,
    sentOn: issue.sentAt?.toLocaleDateString("en-GB", { dateStyle: "long", timeZone: "Europe/Amsterdam" }) ?? null,
  }));
  // Held forms at their limit (decision 057): the text names how to reach her, as published.
  const text = status === "held-full" ? await heldFullAnswer(services.content) : null;
  return { status: isStatus(status) ? status : null, text, issues };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  return seoMeta({
    title: newsletterPage.title,
    description: newsletterPage.metaDescription,
    path: "/newsletter",
    siteUrl: siteUrlFromMatches(matches),
    noindex: true,
  });
};

const showForm: Status[] = ["invalid", "invalid-link", "error", "too-many"];
const showResend: Status[] = ["subscribed", "resent"];

/** A plain form: the same native POST with or without JavaScript, answered with /newsletter?status=resent. */
function ResendForm() {
  return (
    <form
      method="post"
      action="/api/newsletter/resend"
      aria-labelledby="resend-heading"
      className="mt-8 rounded-3xl bg-white p-8 shadow-sm sm:p-12"
    >
      <h2 id="resend-heading" className="text-xl font-semibold text-navy">
        {newsletterMessages.resendHeading}
      </h2>
      <label htmlFor="resend-email" className="mt-4 block font-medium text-ink">
        {newsletterMessages.emailLabel}
      </label>
      <input
        id="resend-email"
        name="email"
        type="email"
        required
        autoComplete="email"
        className="mt-2 block min-h-12 w-full rounded-xl border border-navy/25 px-4 text-ink"
      />
      <Button type="submit" variant="secondary" className="mt-4 py-2.5">
        {newsletterMessages.resendButton}
      </Button>
    </form>
  );
}

/** The sent issues in the public archive, newest first. */
function PastIssues({ issues }: { issues: Route.ComponentProps["loaderData"]["issues"] }) {
  if (issues.length === 0) return null;
  return (
    <section aria-labelledby="past-issues" className="mt-12">
      <h2 id="past-issues" className="text-2xl font-bold tracking-tight text-navy">
        {newsletterArchive.listHeading}
      </h2>
      <p className="mt-2 text-ink/85">{newsletterArchive.listIntro}</p>
      <ul className="mt-6 grid gap-3">
        {issues.map((issue) => (
          <li key={issue.slug} className="rounded-2xl bg-white p-5 shadow-sm">
            <a
              href={`/newsletter/archive/${issue.slug}`}
              className="text-lg font-semibold break-words text-teal-700 underline"
            >
              {issue.subject}
            </a>
            {issue.sentAt ? (
              <p className="mt-1 text-sm text-ink/80">
                <time dateTime={issue.sentAt}>{issue.sentOn}</time>
              </p>
            ) : null}
            {issue.preheader ? <p className="mt-2 break-words text-ink/85">{issue.preheader}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function NewsletterPage({ loaderData }: Route.ComponentProps) {
  const { status, text, issues } = loaderData;
  const message = status ? newsletterPage.statuses[status] : null;
  return (
    <div className="bg-sand/50 px-5 py-16 sm:py-24">
      <div className="mx-auto max-w-2xl">
        {message ? (
          <div
            role={
              status === "subscribed" || status === "confirmed" || status === "resent" || status === "held"
                ? "status"
                : "alert"
            }
            className="rounded-3xl bg-white p-8 shadow-sm sm:p-12"
          >
            <h1 className="text-3xl font-bold tracking-tight text-navy sm:text-4xl">{message.heading}</h1>
            <p className="mt-4 text-lg leading-relaxed text-ink/85">{text ?? message.text}</p>
            {!showForm.includes(status as Status) && (
              <ButtonLink to="/blog" className="mt-8">
                Read the blog
              </ButtonLink>
            )}
          </div>
        ) : (
          <h1 className="text-3xl font-bold tracking-tight text-navy sm:text-4xl">{newsletterPage.formHeading}</h1>
        )}
        {status && showResend.includes(status) && <ResendForm />}
        {(!status || showForm.includes(status)) && (
          <NewsletterForm variant="blog-overview" source="footer" className="mt-10" />
        )}
        <PastIssues issues={issues} />
      </div>
    </div>
  );
}
