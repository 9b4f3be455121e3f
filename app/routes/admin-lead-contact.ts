import { data, redirect } from "react-router";
import type { Route } from "./+types/admin-lead-contact";
import { requireServices } from "~/context";
import { trainerOf } from "~/features/auth/guard.server";
import { isContactChannel } from "~/features/leads/contact";
import { recordContactAttempt } from "~/features/leads/contact.server";

const LEAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The dashboard's WhatsApp, Call and E-mail links post here as they open (a keepalive fetch,
 * so it survives the switch to the other app). Without JavaScript the link still opens and
 * the trainer sets the status by hand. The timeline row names the trainer, so no audit entry.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const form = await request.formData();
  const channel = form.get("channel");
  if (!LEAD_ID.test(params.id) || !isContactChannel(channel))
    return data({ ok: false as const, message: "Unknown lead or way of contact." }, { status: 400 });
  const result = await recordContactAttempt(ctx.services.database.db, {
    leadId: params.id,
    channel,
    userId: trainer.user.id,
  });
  if (!result.found) return data({ ok: false as const, message: "This lead no longer exists." }, { status: 404 });
  return data(
    { ok: true as const, status: result.status },
    { headers: new Headers([...trainer.headers, ["Cache-Control", "no-store"]]) },
  );
}

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/admin/leads/${encodeURIComponent(params.id)}`);
}
