import type { Route } from "./+types/admin-data-requests-export";
import { requireServices } from "~/context";
import { isValidEmail } from "~/infra/email-address";
import { assertSameOrigin, audit, downloadResponse, requireTrainer } from "~/features/back-office/guard.server";
import {
  countsOf,
  findPersonData,
  normaliseRequestEmail,
  requestReference,
} from "~/features/back-office/data-requests.server";

/** POST /admin/data-requests/export: one JSON file with every record about the person (GDPR art. 15 and 20). */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServices(context);
  assertSameOrigin(request, ctx.services.env.SITE_URL);
  const trainer = await requireTrainer(request, ctx, { recentCode: true });
  const email = normaliseRequestEmail(String((await request.formData()).get("email") ?? ""));
  if (!isValidEmail(email)) return new Response("Enter the person's e-mail address.", { status: 400 });
  const found = await findPersonData(ctx.services.database.db, email);
  await audit(ctx.services.database.db, {
    action: "data.export",
    userId: trainer.user.id,
    ip: ctx.clientIp,
    detail: { reference: requestReference(ctx.services.secret, email), ...countsOf(found) },
  });
  const body = JSON.stringify({ exportedAt: new Date().toISOString(), ...found }, null, 2);
  return downloadResponse(body, {
    type: "application/json",
    name: "data-request",
    ext: "json",
    sessionHeaders: trainer.headers,
  });
}
