import type { Route } from "./+types/api-newsletter-relay-webhook";
import { requireServices } from "~/context";
import { handleRelayWebhook } from "~/features/newsletter/relay-webhook.server";

/** POST /api/newsletter/relay-webhook: bounces and complaints from the mail relay (signed; off without a key). */
export async function action({ request, context }: Route.ActionArgs) {
  const { services } = requireServices(context);
  const key = services.env.MAIL_RELAY_WEBHOOK_KEY;
  if (!key) return new Response("Not found", { status: 404 });
  if (request.method !== "POST") return new Response("Method not allowed", { status: 405, headers: { Allow: "POST" } });
  const body: unknown = await request.json().catch(() => null);
  const result = await handleRelayWebhook(services.database.db, key, body);
  if (result.outcome === "suppressed") services.logger.info("an address was suppressed by the mail relay's report");
  return Response.json({ outcome: result.outcome }, { status: result.status });
}
