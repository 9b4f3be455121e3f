import type { Route } from "./+types/api-scheduling-webhook";
import { requireServices } from "~/context";
import { handleSchedulingWebhook } from "~/features/scheduling/webhook.server";

/** POST /api/scheduling-webhook: Calendly or Cal.com (SCHEDULING_PROVIDER) reports booked and cancelled calls. */
export async function action({ request, context }: Route.ActionArgs) {
  const { services, clientIp } = requireServices(context);
  const { env } = services;
  const answer = await handleSchedulingWebhook(
    {
      db: services.database.db,
      logger: services.logger,
      provider: env.SCHEDULING_PROVIDER,
      secret: env.SCHEDULING_WEBHOOK_SECRET,
      rateLimit: services.rateLimit,
      perMinute: env.RATE_LIMIT_POSTS_PER_MINUTE,
      clientIp,
      messages: services.messages,
      siteUrl: env.SITE_URL,
      followUps: services.followUps,
    },
    await request.text(),
    request.headers,
  );
  return Response.json(answer.body, {
    status: answer.status,
    headers: { "Cache-Control": "no-store", ...answer.headers },
  });
}

export function loader() {
  return Response.json({ message: "Use POST" }, { status: 405, headers: { Allow: "POST" } });
}
