import { data, redirect } from "react-router";
import type { Route } from "./+types/newsletter-confirm";
import { requireServices } from "~/context";
import { captureConsent } from "~/infra/consent.server";
import { seoMeta, siteUrlFromMatches } from "~/kernel/seo";
import { confirmSubscription } from "~/features/newsletter/subscribe.server";
import { prepareWelcome } from "~/features/newsletter/welcome.server";
import { maskEmail, verifyToken } from "~/features/newsletter/tokens.server";
import { confirmPage } from "#content/newsletter";
import { Button } from "~/ui/button";

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token");

/** Every answer of this URL is personal (a masked address) and must never be cached or indexed. */
const privateHeaders = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
export const headers: Route.HeadersFunction = () => privateHeaders;

/**
 * GET /newsletter/confirm?token=…, the double opt-in link of the confirmation e-mail.
 * Link scanners (Outlook Safe Links, mail gateways) open every link in incoming mail, some in
 * headless browsers that run scripts, so the page only asks: the POST of its button, pressed by
 * a person, confirms. Nothing on the page presses it.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { services } = requireServices(context);
  const email = verifyToken(services.secret, "confirm", tokenOf(request));
  return data({ masked: email ? maskEmail(email) : null }, { headers: privateHeaders });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientIp } = requireServices(context);
  const email = verifyToken(services.secret, "confirm", tokenOf(request));
  if (!email) return redirect("/newsletter?status=invalid-link", { headers: privateHeaders });
  try {
    const consent = captureConsent(request, clientIp, {
      kind: "newsletter",
      form: "newsletter-confirmation",
      page: "/newsletter/confirm",
    });
    const welcome = await prepareWelcome(
      {
        messages: services.messages,
        siteUrl: services.env.SITE_URL,
        secret: services.secret,
        articles: services.content,
        content: services.content,
      },
      services.database.db,
      email,
    );
    const outcome = await confirmSubscription(services.database.db, email, new Date(), consent, welcome);
    if (outcome === "confirmed") services.messages.kick();
    return redirect(`/newsletter?status=${outcome === "unsubscribed" ? "invalid-link" : "confirmed"}`, {
      headers: privateHeaders,
    });
  } catch (error) {
    services.logger.error({ err: error }, "newsletter confirmation failed");
    return redirect("/newsletter?status=error", { headers: privateHeaders });
  }
}

export const meta: Route.MetaFunction = ({ matches }) => {
  return seoMeta({
    title: confirmPage.title,
    description: confirmPage.heading,
    path: "/newsletter/confirm",
    siteUrl: siteUrlFromMatches(matches),
    noindex: true,
  });
};

export default function ConfirmPage({ loaderData }: Route.ComponentProps) {
  const heading = "text-3xl font-bold tracking-tight text-navy sm:text-4xl";
  const text = "mt-4 text-lg leading-relaxed text-ink/85";
  return (
    <div className="bg-sand/50 px-5 py-16 sm:py-24">
      <div className="mx-auto max-w-2xl rounded-3xl bg-white p-8 shadow-sm sm:p-12">
        {loaderData.masked ? (
          <>
            <h1 className={heading}>{confirmPage.heading}</h1>
            <p className={text}>{confirmPage.text(loaderData.masked)}</p>
            <form method="post" className="mt-8">
              <Button type="submit">{confirmPage.button}</Button>
            </form>
            <p className="mt-4 text-base text-ink/75">{confirmPage.pressToFinish}</p>
          </>
        ) : (
          <div role="alert">
            <h1 className={heading}>{confirmPage.invalidHeading}</h1>
            <p className={text}>{confirmPage.invalidText}</p>
          </div>
        )}
      </div>
    </div>
  );
}
