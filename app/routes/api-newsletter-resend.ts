import { redirect } from "react-router";
import type { Route } from "./+types/api-newsletter-resend";
import { requireServices } from "~/context";
import { guardForm } from "~/infra/form-guard.server";
import { emailSchema } from "~/features/newsletter/schema";
import { resendConfirmation } from "~/features/newsletter/subscribe.server";
import { newsletterMessages } from "#content/newsletter";

/**
 * POST /api/newsletter/resend: "resend the confirmation e-mail". Rate-limited per connection
 * (a 429 says so) and per address (silently); every other outcome, known address or not, gets
 * the same answer. JSON for fetch, a 303 to /newsletter for a form sent without JavaScript.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = requireServices(context);
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  const answer = (status: number, ok: boolean, message: string, page: string, headers?: HeadersInit) =>
    wantsJson
      ? Response.json({ ok, message }, { status, headers })
      : redirect(`/newsletter?status=${page}`, { status: 303, headers });

  if (request.method !== "POST")
    return Response.json({ ok: false, message: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  const guard = await guardForm(request, ctx, { form: "newsletter-resend", accept: ["form"] });
  if (!guard.ok) {
    if (guard.problem === "rate-limited") return answer(429, false, guard.message, "too-many", guard.headers);
    if (guard.problem === "bad-body") return answer(400, false, newsletterMessages.error, "error");
    // A bot gets the answer everyone gets; nothing is sent.
    return answer(200, true, newsletterMessages.resent, "resent");
  }
  const email = guard.body.type === "form" ? guard.body.value.get("email") : null;
  const parsed = emailSchema.safeParse(typeof email === "string" ? email : "");
  if (!parsed.success) return answer(400, false, newsletterMessages.invalidEmail, "invalid");
  try {
    await resendConfirmation(ctx.services, parsed.data);
  } catch (error) {
    ctx.services.logger.error({ err: error }, "newsletter resend failed");
    return answer(500, false, newsletterMessages.error, "error");
  }
  return answer(200, true, newsletterMessages.resent, "resent");
}
