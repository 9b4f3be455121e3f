import type { Route } from "./+types/admin-data-requests-export";
import { requireServices } from "~/context";
import { isValidEmail } from "~/infra/email-address";
import { assertSameOrigin, audit, requireTrainer } from "~/features/back-office/guard.server";
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
  const trainer = await requireTrainer(request, ctx);
  const email = normaliseRequestEmail(String((await request.formData()).get("email") ?? ""));
  if (!isValidEmail(email)) return new Response("Enter the person's e-mail address.", { status: 400 });
  const found = await findPersonData(ctx.services.database.db, email);
  await audit(ctx.services.database.db, {
    action: "data.export",
    userId: trainer.user.id,
    ip: ctx.clientIp,
    detail: { reference: requestReference(ctx.services.secret, email), ...countsOf(found) },
  });
  const day = new Date().toISOString().slice(0, 10);
  const body = JSON.stringify({ exportedAt: new Date().toISOString(), ...found }, null, 2);
  const headers = new Headers({
    "Content-Type": "application/json; charset=utf-8",
    // Named by date, never by the address.
    "Content-Disposition": `attachment; filename="data-request-${day}.json"`,
    "Cache-Control": "no-store",
    "X-Robots-Tag": "noindex, nofollow",
  });
  for (const cookie of trainer.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return new Response(body, { headers });
}
