import { data, useActionData, useLocation } from "react-router";
import type { Route } from "./+types/start";
import { findRouteEntry } from "~/kernel/route-meta";
import { seoMeta, siteUrlFromMatches } from "~/kernel/seo";
import { Logo } from "~/kernel/logo";
import { requireServices } from "~/context";
import { handleIntake } from "~/features/questionnaire/intake.server";
import { trainerReach } from "~/features/site/site-content.server";
import { StartFormSection } from "~/features/questionnaire/start-form-section";
import { BasicIntakeForm } from "~/features/questionnaire/basic-form";
import { ThankYou } from "~/features/questionnaire/thank-you";
import { startPageCopy as copy } from "~/features/questionnaire/copy";
import { formPostFieldOf } from "~/features/questionnaire/schema";
import type { IntakeOutcome } from "~/features/questionnaire/outcome";
import { NotSaved } from "~/features/questionnaire/not-saved";
import { buttonStyles } from "~/ui/button";

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const entry = findRouteEntry(location.pathname);
  return seoMeta({
    title: entry?.title ?? copy.title,
    description: copy.description,
    path: location.pathname,
    siteUrl: siteUrlFromMatches(matches),
  });
};

/** The questionnaire's plain HTML form posts here; the answer is a server-rendered page. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServices(context);
  const result = await handleIntake(request, ctx, () => trainerReach(ctx.services));
  // A page that shows the visitor's own mistakes is a normal answer (200), not a failed request.
  const status = result.outcome.status === "invalid" ? 200 : result.status;
  return data(result.outcome, { status, headers: result.headers });
}

/**
 * Back to where the visitor came from on this site (back-link.enhancer.ts), otherwise, and without
 * script, the home page.
 */
function BackButton() {
  return (
    <a
      href="/"
      data-enhance="back-link"
      // A tap before the enhancer runs waits for it (features/enhancers/boot.ts), so it can go back.
      data-replay=""
      className={buttonStyles({ variant: "ghost", size: "md", className: "gap-1.5 px-4 py-2" })}
    >
      <span aria-hidden="true">←</span> {copy.back}
    </a>
  );
}

function Result({ outcome }: { outcome: IntakeOutcome }) {
  const { pathname } = useLocation();
  if (outcome.status === "ok") {
    return (
      <ThankYou
        headingLevel={1}
        held={!!outcome.held}
        prefill={{ name: outcome.name, email: outcome.email, leadId: outcome.leadId }}
      />
    );
  }
  const errors: Record<string, string> = {};
  if (outcome.status === "invalid") {
    for (const [key, message] of Object.entries(outcome.errors)) errors[formPostFieldOf[key] ?? key] = message;
  }
  return (
    <>
      <h1 className="text-center text-3xl font-bold text-navy">{copy.errorTitle}</h1>
      {outcome.status === "not-saved" ? (
        <NotSaved message={outcome.message} reach={outcome.reach} />
      ) : outcome.status !== "invalid" ? (
        <p role="alert" className="mt-6 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
          {outcome.message}
        </p>
      ) : null}
      <div className="mt-8">
        <BasicIntakeForm
          sourcePath={pathname}
          values={
            outcome.status === "invalid" || outcome.status === "not-saved" || outcome.status === "rate-limited"
              ? (outcome.values ?? {})
              : {}
          }
          errors={errors}
        />
      </div>
    </>
  );
}

export default function StartPage() {
  const outcome = useActionData<typeof action>();
  return (
    <div>
      <div className="bg-sand/60">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 pt-6">
          <BackButton />
          <Logo />
        </div>
      </div>
      {outcome ? (
        <div className="bg-sand/60 px-4 py-12">
          <div className="mx-auto max-w-3xl rounded-3xl bg-white p-5 shadow-xl sm:p-10">
            <Result outcome={outcome} />
          </div>
        </div>
      ) : (
        <StartFormSection headingLevel={1} title={copy.title} subtitle={copy.subtitle} />
      )}
    </div>
  );
}
