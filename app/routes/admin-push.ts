import { data } from "react-router";
import type { Route } from "./+types/admin-push";
import { requireServices } from "~/context";
import { trainerOf } from "~/features/auth/guard.server";
import { describeDevice } from "~/features/back-office/labels";

/**
 * The security page's notification switch posts JSON here: `subscribe` with the browser's push
 * subscription, `unsubscribe` with its endpoint, `test` to send this trainer's devices a
 * notification now. Push needs scripts in the browser anyway, so this speaks JSON only.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const { push, env } = ctx.services;
  const reply = (body: { ok: boolean; message?: string }, status = 200) =>
    data(body, { status, headers: new Headers([...trainer.headers, ["Cache-Control", "no-store"]]) });
  let body: { intent?: unknown; subscription?: unknown; endpoint?: unknown };
  try {
    body = (await request.json()) as typeof body;
  } catch {
    return reply({ ok: false, message: "The request could not be read." }, 400);
  }
  if (body.intent === "subscribe") {
    const result = await push.subscribe(
      trainer.user.id,
      body.subscription,
      describeDevice(request.headers.get("user-agent")),
    );
    return result.ok ? reply({ ok: true }) : reply(result, 400);
  }
  if (body.intent === "unsubscribe" && typeof body.endpoint === "string") {
    await push.unsubscribe(trainer.user.id, body.endpoint);
    return reply({ ok: true });
  }
  if (body.intent === "test") {
    const outcome = await push.send(
      {
        title: "Notifications work",
        body: "New leads, booked calls and paid orders will show up like this.",
        url: `${env.SITE_URL}/admin`,
        tag: "test",
      },
      trainer.user.id,
    );
    return outcome.sent > 0
      ? reply({ ok: true, message: `Sent to ${outcome.sent} device${outcome.sent === 1 ? "" : "s"}.` })
      : reply({ ok: false, message: "No device took the notification. Turn notifications off and on again." }, 502);
  }
  return reply({ ok: false, message: "Unknown action." }, 400);
}
