import { Form, data } from "react-router";
import type { Route } from "./+types/newsletter-unsubscribe";
import { requireServices } from "~/context";
import { seoMeta, siteUrlFromMatches } from "~/kernel/seo";
import { unsubscribe } from "~/features/newsletter/subscribe.server";
import { maskEmail, verifyToken } from "~/features/newsletter/tokens.server";
import { unsubscribePage } from "#content/newsletter";
import { Button, ButtonLink } from "~/ui/button";

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token");

/** The page shows a (masked) address: never cached, never indexed. */
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

/**
 * RFC 8058: a GET (which link scanners also make) only shows a confirmation step;
 * the POST, from this page's button or a mail client's one-click, unsubscribes
 * and answers 200 without a redirect.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { services } = requireServices(context);
  const email = verifyToken(services.secret, "unsubscribe", tokenOf(request));
  return data({ masked: email ? maskEmail(email) : null }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = requireServices(context);
  const email = verifyToken(services.secret, "unsubscribe", tokenOf(request));
  if (!email) return data({ done: false as const }, { status: 400 });
  try {
    await unsubscribe(services.database.db, email);
  } catch (error) {
    services.logger.error({ err: error }, "unsubscribe failed");
    throw data({ done: false as const }, { status: 503 });
  }
  return { done: true as const };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  return seoMeta({
    title: unsubscribePage.title,
    description: unsubscribePage.heading,
    path: "/newsletter/unsubscribe",
    siteUrl: siteUrlFromMatches(matches),
    noindex: true,
  });
};

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  let body;
  if (actionData?.done) {
    body = (
      <div role="status">
        <h1 className="text-3xl font-bold tracking-tight text-navy sm:text-4xl">{unsubscribePage.doneHeading}</h1>
        <p className="mt-4 text-lg leading-relaxed text-ink/85">{unsubscribePage.doneText}</p>
        <ButtonLink to="/blog" variant="secondary" className="mt-8 py-2.5">
          Back to the blog
        </ButtonLink>
      </div>
    );
  } else if (loaderData.masked && actionData === undefined) {
    body = (
      <>
        <h1 className="text-3xl font-bold tracking-tight text-navy sm:text-4xl">{unsubscribePage.heading}</h1>
        <p className="mt-4 text-lg leading-relaxed text-ink/85">{unsubscribePage.confirmText(loaderData.masked)}</p>
        <Form method="post" replace className="mt-8">
          <Button type="submit">{unsubscribePage.button}</Button>
        </Form>
      </>
    );
  } else {
    body = (
      <div role="alert">
        <h1 className="text-3xl font-bold tracking-tight text-navy sm:text-4xl">{unsubscribePage.invalidHeading}</h1>
        <p className="mt-4 text-lg leading-relaxed text-ink/85">{unsubscribePage.invalidText}</p>
      </div>
    );
  }
  return (
    <div className="bg-sand/50 px-5 py-16 sm:py-24">
      <div className="mx-auto max-w-2xl rounded-3xl bg-white p-8 shadow-sm sm:p-12">{body}</div>
    </div>
  );
}
