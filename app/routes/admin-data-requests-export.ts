import type { Route } from "./+types/admin-data-requests-export";
import { requireServices } from "~/context";
import { audit, downloadResponse, stepUp, trainerOf } from "~/features/auth/guard.server";
import {
  countsOf,
  findPersonData,
  includedIds,
  parsePersonKey,
  requestReference,
} from "~/features/reports/data-requests.server";
import { personDataHtml } from "~/features/reports/data-request-html";

/**
 * POST /admin/data-requests/export: every record about the person (GDPR art. 15 and 20), as one JSON
 * file (machine-readable) or, with format=html, as a page the person can read and print.
 */

/** Every request here needs the second factor checked in the last 15 minutes. */
export const middleware: Route.MiddlewareFunction[] = [stepUp()];

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServices(context);
  const trainer = trainerOf(context);
  const form = await request.formData();
  const key = parsePersonKey(String(form.get("email") ?? ""));
  const html = form.get("format") === "html";
  if (!key) return new Response("Enter the person's e-mail address or phone number.", { status: 400 });
  const include = includedIds(form);
  const found = await findPersonData(ctx.services.database.db, key, include);
  await audit(ctx.services.database.db, {
    action: "data.export",
    userId: trainer.user.id,
    ip: ctx.clientIp,
    detail: {
      reference: requestReference(ctx.services.secret, key),
      format: html ? "html" : "json",
      chosenByTrainer: include.length,
      ...countsOf(found),
    },
  });
  const exportedAt = new Date();
  if (html)
    return downloadResponse(personDataHtml(found, exportedAt), {
      type: "text/html",
      name: "data-request",
      ext: "html",
      sessionHeaders: trainer.headers,
    });
  const body = JSON.stringify({ exportedAt: exportedAt.toISOString(), ...found }, null, 2);
  return downloadResponse(body, {
    type: "application/json",
    name: "data-request",
    ext: "json",
    sessionHeaders: trainer.headers,
  });
}
