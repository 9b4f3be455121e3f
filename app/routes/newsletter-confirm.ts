import { redirect } from "react-router";
import type { Route } from "./+types/newsletter-confirm";
import { requireServices } from "~/infra/context";
import { confirmSubscription } from "~/features/newsletter/subscribe.server";
import { verifyToken } from "~/features/newsletter/tokens.server";

/** GET /newsletter/confirm?token=…: the double opt-in link of the confirmation e-mail. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { services } = requireServices(context);
  const email = verifyToken(services.secret, "confirm", new URL(request.url).searchParams.get("token"));
  if (!email) return redirect("/newsletter?status=invalid-link", { headers: { "Cache-Control": "no-store" } });
  try {
    const outcome = await confirmSubscription(services.database.db, email);
    return redirect(`/newsletter?status=${outcome === "confirmed" ? "confirmed" : "invalid-link"}`, {
      headers: { "Cache-Control": "no-store" },
    });
  } catch (error) {
    services.logger.error({ err: error }, "newsletter confirmation failed");
    return redirect("/newsletter?status=error", { headers: { "Cache-Control": "no-store" } });
  }
}
