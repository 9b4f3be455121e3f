import { Form, data } from "react-router";
import type { Route } from "./+types/follow-ups-stop";
import { requireServices } from "~/context";
import { stopFollowUps } from "~/features/follow-ups/follow-ups.server";
import { maskEmail } from "~/features/newsletter/tokens.server";
import { openStopToken } from "~/features/follow-ups/token.server";
import { Button } from "~/ui/button";

const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token");

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store", "X-Robots-Tag": "noindex" });

/**
 * The stop link under every follow-up (docs/decisions/069). As for the newsletter (RFC 8058), a GET
 * (which link scanners also make) only shows the button; the POST, from it or a mail app's
 * one-click, puts the address on the stop list and cancels what was planned for it.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { services } = requireServices(context);
  const email = openStopToken(services.secret, tokenOf(request));
  return data({ masked: email ? maskEmail(email) : null }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services } = requireServices(context);
  try {
    const done = await stopFollowUps(services.database.db, services.secret, tokenOf(request));
    return data({ done }, { status: done ? 200 : 400 });
  } catch (error) {
    services.logger.error({ err: error }, "stopping follow-ups failed");
    throw data({ done: false }, { status: 503 });
  }
}

export const meta: Route.MetaFunction = () => [
  { title: "Stop reminders and follow-ups" },
  { name: "robots", content: "noindex" },
];

export default function StopFollowUpsPage({ loaderData, actionData }: Route.ComponentProps) {
  let body;
  if (actionData?.done)
    body = (
      <div role="status">
        <h1 className="text-3xl font-bold tracking-tight text-navy">Done: no more reminders or follow-ups</h1>
        <p className="mt-4 text-lg leading-relaxed text-ink/85">
          Nothing more is planned for you. A message you write to me yourself is still answered.
        </p>
      </div>
    );
  else if (loaderData.masked && actionData === undefined)
    body = (
      <>
        <h1 className="text-3xl font-bold tracking-tight text-navy">Stop reminders and follow-ups</h1>
        <p className="mt-4 text-lg leading-relaxed text-ink/85">
          No more reminders or follow-up e-mails to {loaderData.masked}.
        </p>
        <Form method="post" replace className="mt-8">
          <Button type="submit">Stop them</Button>
        </Form>
      </>
    );
  else
    body = (
      <div role="alert">
        <h1 className="text-3xl font-bold tracking-tight text-navy">This link does not work</h1>
        <p className="mt-4 text-lg leading-relaxed text-ink/85">
          It may be incomplete. Use the link in the e-mail again, or reply to the e-mail and I will stop them.
        </p>
      </div>
    );
  return (
    <div className="bg-sand/50 px-5 py-16 sm:py-24">
      <div className="mx-auto max-w-2xl rounded-3xl bg-white p-8 shadow-sm sm:p-12">{body}</div>
    </div>
  );
}
