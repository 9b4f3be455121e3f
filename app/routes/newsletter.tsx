import type { Route } from "./+types/newsletter";
import { seoMeta, siteUrlFromMatches } from "~/features/site/seo";
import { NewsletterForm } from "~/features/newsletter/newsletter-form";
import { newsletterMessages, newsletterPage } from "#content/newsletter";
import { Button, ButtonLink } from "~/ui/button";

type Status = keyof typeof newsletterPage.statuses;
const isStatus = (value: string | null): value is Status => value !== null && value in newsletterPage.statuses;

/** Where a form sent without JavaScript and the confirmation link land. */
export function loader({ request }: Route.LoaderArgs) {
  const status = new URL(request.url).searchParams.get("status");
  return { status: isStatus(status) ? status : null };
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

export default function NewsletterPage({ loaderData }: Route.ComponentProps) {
  const { status } = loaderData;
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
            <p className="mt-4 text-lg leading-relaxed text-ink/85">{message.text}</p>
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
      </div>
    </div>
  );
}
